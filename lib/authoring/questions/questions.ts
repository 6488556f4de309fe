import type { Caller } from "@/lib/api/authenticate";
import { validationError, type ValidationIssue } from "@/lib/api/errors";
import { paged, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { getProjectOrThrow } from "../access";
import { toQuestionDto } from "../dto";
import { getQuestionOrThrow } from "../load";
import { trashItem } from "../trash/batches";
import { optionRuleIssues, type QuestionTypeValue } from "./schemas";

type OptionInput = { id?: string; label: string; is_correct: boolean };
type QuestionInput = {
  category_id?: string;
  question_family_id?: string | null;
  prompt?: string;
  question_type?: QuestionTypeValue;
  difficulty?: number;
  options?: OptionInput[];
};

const withAnswers = { withAnswers: true };
const optionsInclude = { options: { orderBy: { sortOrder: "asc" as const } } };

async function checkGrouping(tx: Tx, projectId: string, input: QuestionInput) {
  const issues: ValidationIssue[] = [];
  if (input.category_id) {
    const c = await tx.category.findFirst({ where: { id: input.category_id, projectId, deletedAt: null }, select: { id: true } });
    if (!c) issues.push({ path: "category_id", message: "No such category in this project" });
  }
  if (input.question_family_id) {
    const f = await tx.questionFamily.findFirst({
      where: { id: input.question_family_id, projectId, deletedAt: null },
      select: { id: true },
    });
    if (!f) issues.push({ path: "question_family_id", message: "No such question family in this project" });
  }
  if (issues.length) throw validationError(issues);
}

export async function listQuestions(
  tx: Tx,
  caller: Caller,
  projectId: string,
  query: Page & { category_id?: string; question_family_id?: string; question_type?: QuestionTypeValue; difficulty?: number },
) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.read_drafts" });
  const rows = await tx.question.findMany({
    where: {
      projectId,
      deletedAt: null,
      categoryId: query.category_id,
      questionFamilyId: query.question_family_id,
      questionType: query.question_type,
      difficulty: query.difficulty,
    },
    include: optionsInclude,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  const { items, ...rest } = paged(rows, query);
  return { questions: items.map((q) => toQuestionDto(q, withAnswers)), ...rest };
}

export async function createQuestion(
  tx: Tx,
  caller: Caller,
  projectId: string,
  input: Required<Omit<QuestionInput, "question_family_id">> & QuestionInput,
) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.write" });
  await checkGrouping(tx, projectId, input);
  const question = await tx.question.create({
    data: {
      projectId,
      categoryId: input.category_id,
      questionFamilyId: input.question_family_id ?? null,
      prompt: input.prompt,
      questionType: input.question_type,
      difficulty: input.difficulty,
      options: { create: input.options.map((o, i) => ({ label: o.label, isCorrect: o.is_correct, sortOrder: i })) },
    },
    include: optionsInclude,
  });
  return toQuestionDto(question, withAnswers);
}

export async function getQuestion(tx: Tx, caller: Caller, questionId: string) {
  return toQuestionDto((await getQuestionOrThrow({ tx, caller, questionId })).question, withAnswers);
}

/** A partial update, validated as the question it would make (so a type change can fail on old options). */
/** The question as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getQuestionForUpdate(tx: Tx, caller: Caller, questionId: string) {
  return toQuestionDto((await getQuestionOrThrow({ tx, caller, questionId, action: "content.write" })).question, withAnswers);
}

export async function updateQuestion(tx: Tx, caller: Caller, questionId: string, input: QuestionInput) {
  const { question } = await getQuestionOrThrow({ tx, caller, questionId, action: "content.write" });
  const type = input.question_type ?? question.questionType;
  const options = input.options ?? question.options.map((o) => ({ id: o.id, label: o.label, is_correct: o.isCorrect }));
  const problem = optionRuleIssues(type, options);
  if (problem) throw validationError([{ path: input.options ? "options" : "question_type", message: problem }]);
  if (input.options) {
    const own = new Set(question.options.map((o) => o.id));
    const ids = input.options.map((o) => o.id).filter(Boolean) as string[];
    const bad = input.options.findIndex((o) => o.id && !own.has(o.id));
    if (bad >= 0) throw validationError([{ path: `options.${bad}.id`, message: "Not an option of this question" }]);
    if (new Set(ids).size !== ids.length) throw validationError([{ path: "options", message: "An option id appears twice" }]);
  }
  await checkGrouping(tx, question.projectId, input);
  if (input.options) {
    // Options replace the full set; those sent with their id keep it.
    const keep = input.options.map((o) => o.id).filter(Boolean) as string[];
    await tx.questionOption.deleteMany({ where: { questionId, id: { notIn: keep } } });
    for (const [i, o] of input.options.entries()) {
      if (o.id) await tx.questionOption.update({ where: { id: o.id }, data: { label: o.label, isCorrect: o.is_correct, sortOrder: i } });
      else await tx.questionOption.create({ data: { questionId, label: o.label, isCorrect: o.is_correct, sortOrder: i } });
    }
  }
  const updated = await tx.question.update({
    where: { id: questionId },
    data: {
      categoryId: input.category_id,
      questionFamilyId: input.question_family_id,
      prompt: input.prompt,
      questionType: input.question_type,
      difficulty: input.difficulty,
      updatedAt: new Date(),
    },
    include: optionsInclude,
  });
  return toQuestionDto(updated, withAnswers);
}

export async function deleteQuestion(tx: Tx, caller: Caller, questionId: string) {
  const { question, access } = await getQuestionOrThrow({ tx, caller, questionId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "question", id: question.id });
}
