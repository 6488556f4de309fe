import { z } from "zod";
import { atLeastOne, DateTime, PageQuery } from "@/lib/api/schemas";

export const QuestionTypeEnum = z.enum(["true_false", "single_choice", "multiple_choice"]);
export type QuestionTypeValue = z.infer<typeof QuestionTypeEnum>;

export const QuestionOption = z
  .object({
    id: z.uuid(),
    label: z.string(),
    sort_order: z.number().int(),
    is_correct: z.boolean().optional().describe("Present for callers who may edit the question; never sent to learners"),
  })
  .meta({ id: "QuestionOption" });

export const QuestionDetail = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    category_id: z.uuid(),
    question_family_id: z.uuid().nullable(),
    prompt: z.string(),
    question_type: QuestionTypeEnum,
    difficulty: z.number().int().min(1).max(5),
    options: z.array(QuestionOption),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "QuestionDetail" });

export type QuestionDto = z.infer<typeof QuestionDetail>;

/** Sizes far above any real question, low enough that one request cannot store megabytes of text. */
export const MAX_PROMPT_CHARS = 5000;
export const MAX_OPTION_LABEL_CHARS = 1000;

export const OptionInput = z.object({
  id: z.uuid().optional().describe("Keep the id of an existing option of this question"),
  label: z
    .string()
    .trim()
    .min(1)
    .max(MAX_OPTION_LABEL_CHARS, `At most ${MAX_OPTION_LABEL_CHARS} characters`)
    .describe(`1..${MAX_OPTION_LABEL_CHARS} characters`),
  is_correct: z.boolean(),
});

const questionFields = {
  category_id: z.uuid(),
  question_family_id: z.uuid().nullable().optional(),
  prompt: z
    .string()
    .trim()
    .min(1)
    .max(MAX_PROMPT_CHARS, `At most ${MAX_PROMPT_CHARS} characters`)
    .describe(`1..${MAX_PROMPT_CHARS} characters`),
  question_type: QuestionTypeEnum,
  difficulty: z.number().int().min(1).max(5),
  options: z.array(OptionInput).max(50),
};

/** The option rules (course-authoring-service.md, Option rules), checked on the merged question. */
export function optionRuleIssues(type: QuestionTypeValue, options: { is_correct: boolean }[]): string | null {
  const correct = options.filter((o) => o.is_correct).length;
  if (type === "true_false") {
    return options.length === 2 && correct === 1 ? null : "true_false needs exactly 2 options with exactly 1 correct";
  }
  if (type === "single_choice") {
    return options.length >= 2 && correct === 1 ? null : "single_choice needs 2 or more options with exactly 1 correct";
  }
  return options.length >= 2 && correct >= 2 ? null : "multiple_choice needs 2 or more options with 2 or more correct";
}

export const QuestionCreate = z
  .object(questionFields)
  .superRefine((q, ctx) => {
    const problem = optionRuleIssues(q.question_type, q.options);
    if (problem) ctx.addIssue({ code: "custom", path: ["options"], message: problem });
  })
  .meta({ id: "QuestionCreate" });

export const QuestionUpdate = atLeastOne(
  z.object({
    category_id: questionFields.category_id.optional(),
    question_family_id: questionFields.question_family_id,
    prompt: questionFields.prompt.optional(),
    question_type: questionFields.question_type.optional(),
    difficulty: questionFields.difficulty.optional(),
    options: questionFields.options.optional(),
  }),
  ["category_id", "question_family_id", "prompt", "question_type", "difficulty", "options"],
).meta({ id: "QuestionUpdate" });

export const QuestionParams = z.object({ questionId: z.uuid() });

export const QuestionListQuery = PageQuery.extend({
  category_id: z.uuid().optional(),
  question_family_id: z.uuid().optional(),
  question_type: QuestionTypeEnum.optional(),
  difficulty: z.coerce.number().int().min(1).max(5).optional(),
});
