import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Title } from "@/lib/authoring/common-schemas";
import { QuestionDetail } from "../questions/schemas";

/** The pass mark: an attempt at or above it passes (course completion and certificates). */
const PassPercentage = z
  .number()
  .int("A whole number of percent")
  .min(0)
  .max(100)
  .describe("An attempt passes at or above this percentage (0..100; 70 when not set)");

export const QuizSummary = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    title: z.string(),
    pass_percentage: PassPercentage,
    question_count: z.number().int(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "QuizSummary" });

export const QuizDetail = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    title: z.string(),
    pass_percentage: PassPercentage,
    questions: z.array(QuestionDetail).describe("In sort order"),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "QuizDetail" });

const QuestionIds = z
  .array(z.uuid())
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, { message: "A question may appear only once" })
  .describe("Array order becomes the quiz order; questions of the same project");

export const QuizCreate = z
  .object({ title: Title, pass_percentage: PassPercentage.optional(), question_ids: QuestionIds.optional() })
  .meta({ id: "QuizCreate" });
export const QuizUpdate = atLeastOne(
  z.object({
    title: Title.optional(),
    pass_percentage: PassPercentage.optional(),
    question_ids: QuestionIds.optional().describe("Replaces the whole set"),
  }),
  ["title", "pass_percentage", "question_ids"],
).meta({ id: "QuizUpdate" });

export const QuizSubmission = z
  .object({
    answers: z
      .array(z.object({ question_id: z.uuid(), selected_option_ids: z.array(z.uuid()).max(50) }))
      .max(500)
      .refine((a) => new Set(a.map((x) => x.question_id)).size === a.length, {
        message: "Each question may be answered once",
      }),
  })
  .meta({ id: "QuizSubmission" });

export const QuizAttemptResult = z
  .object({
    attempt_id: z.uuid(),
    score_correct: z.number().int(),
    score_total: z.number().int(),
    percentage: z.number(),
    results: z
      .array(
        z.object({
          question_id: z.uuid(),
          is_correct: z.boolean(),
          selected_option_ids: z.array(z.uuid()),
          correct_option_ids: z.array(z.uuid()),
        }),
      )
      .describe("Per question, in quiz order: what was chosen and what was right"),
    created_at: DateTime,
  })
  .meta({ id: "QuizAttemptResult" });

export const QuizParams = z.object({ quizId: z.uuid() });
