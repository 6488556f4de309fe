import { randomUUID } from "node:crypto";
import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound, validationError, type ValidationIssue } from "@/lib/api/errors";
import { paged, toIso, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { writeStatement, type WriteContext } from "@/lib/db/transaction";
import { takeable } from "@/lib/enrolments/grant";
import { Prisma } from "@/lib/generated/prisma/client";
import { getProjectOrThrow } from "../access";
import { toQuestionDto } from "../dto";
import { getQuizOrThrow, getQuizToScore, getQuizToScoreForSeat, quizQuestionsInclude, type QuizToScore } from "../load";
import { trashItem } from "../trash/batches";
import { foreignOptionIndexes, scoreAttempt } from "./scoring";

type QuizWithQuestions = Awaited<ReturnType<typeof findQuiz>> & {};

function findQuiz(tx: Tx, quizId: string) {
  return tx.quiz.findFirst({ where: { id: quizId, deletedAt: null }, include: quizQuestionsInclude });
}

const toQuizDetail = (quiz: QuizWithQuestions) => ({
  id: quiz.id,
  project_id: quiz.projectId,
  title: quiz.title,
  pass_percentage: quiz.passPercentage,
  questions: quiz.questions.map((qq) => toQuestionDto(qq.question, { withAnswers: true })),
  created_at: toIso(quiz.createdAt),
  updated_at: toIso(quiz.updatedAt),
});

/** Every id must name an undeleted question of the project; order is kept. */
async function checkQuestionIds(tx: Tx, projectId: string, ids: string[]) {
  const found = await tx.question.findMany({ where: { id: { in: ids }, projectId, deletedAt: null }, select: { id: true } });
  const ok = new Set(found.map((q) => q.id));
  const issues: ValidationIssue[] = ids
    .map((id, i) => (ok.has(id) ? null : { path: `question_ids.${i}`, message: "No such question in this project" }))
    .filter((x): x is ValidationIssue => x !== null);
  if (issues.length) throw validationError(issues);
}

export async function listQuizzes(tx: Tx, caller: Caller, projectId: string, page: Page) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.read_drafts" });
  const rows = await tx.quiz.findMany({
    where: { projectId, deletedAt: null },
    include: { _count: { select: { questions: { where: { question: { deletedAt: null } } } } } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return {
    quizzes: items.map((q) => ({
      id: q.id,
      project_id: q.projectId,
      title: q.title,
      pass_percentage: q.passPercentage,
      question_count: q._count.questions,
      created_at: toIso(q.createdAt),
      updated_at: toIso(q.updatedAt),
    })),
    ...rest,
  };
}

type QuizInput = { title: string; pass_percentage?: number; question_ids?: string[] };

export async function createQuiz(tx: Tx, caller: Caller, projectId: string, input: QuizInput) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.write" });
  const ids = input.question_ids ?? [];
  await checkQuestionIds(tx, projectId, ids);
  const quiz = await tx.quiz.create({
    data: {
      projectId,
      title: input.title,
      passPercentage: input.pass_percentage,
      questions: { create: ids.map((questionId, sortOrder) => ({ questionId, sortOrder })) },
    },
  });
  return toQuizDetail((await findQuiz(tx, quiz.id))!);
}

export async function getQuiz(tx: Tx, caller: Caller, quizId: string) {
  return toQuizDetail((await getQuizOrThrow({ tx, caller, quizId })).quiz);
}

/** The quiz as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getQuizForUpdate(tx: Tx, caller: Caller, quizId: string) {
  return toQuizDetail((await getQuizOrThrow({ tx, caller, quizId, action: "content.write" })).quiz);
}

export async function updateQuiz(tx: Tx, caller: Caller, quizId: string, input: Partial<QuizInput>) {
  const { quiz } = await getQuizOrThrow({ tx, caller, quizId, action: "content.write" });
  if (input.question_ids) {
    await checkQuestionIds(tx, quiz.projectId, input.question_ids);
    await tx.quizQuestion.deleteMany({ where: { quizId } });
    await tx.quizQuestion.createMany({ data: input.question_ids.map((questionId, sortOrder) => ({ quizId, questionId, sortOrder })) });
  }
  await tx.quiz.update({
    where: { id: quizId },
    data: { title: input.title, passPercentage: input.pass_percentage, updatedAt: new Date() },
  });
  return toQuizDetail((await findQuiz(tx, quizId))!);
}

export async function deleteQuiz(tx: Tx, caller: Caller, quizId: string) {
  const { quiz, access } = await getQuizOrThrow({ tx, caller, quizId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "quiz", id: quiz.id });
}

type QuizAnswers = { answers: { question_id: string; selected_option_ids: string[] }[] };

/** Checks that every answer names a question of the quiz and options of that question (else 400), and scores them (./scoring.ts). */
function scoreAnswers(quiz: { questions: { question: Parameters<typeof scoreAttempt>[0][number] }[] }, input: QuizAnswers) {
  const questions = new Map(quiz.questions.map((qq) => [qq.question.id, qq.question]));
  const issues: ValidationIssue[] = [];
  input.answers.forEach((answer, i) => {
    const question = questions.get(answer.question_id);
    if (!question) {
      issues.push({ path: `answers.${i}.question_id`, message: "Not a question of this quiz" });
      return;
    }
    for (const j of foreignOptionIndexes(question.options, answer.selected_option_ids)) {
      issues.push({ path: `answers.${i}.selected_option_ids.${j}`, message: "Not an option of this question" });
    }
  });
  if (issues.length) throw validationError(issues);
  return scoreAttempt(
    quiz.questions.map((qq) => qq.question),
    input.answers,
  );
}

/**
 * Scores an attempt (./scoring.ts), refusing what submitQuiz refuses: read before the attempt's
 * transaction, which then only writes. The result reveals the correct options, to the submitter only.
 * `throughSeat`: the caller takes the quiz through a seat (lib/enrolments/grant.ts), not as a member:
 * passing it may earn a certificate.
 */
export async function scoreSubmission(tx: Tx, caller: Caller, quizId: string, input: QuizAnswers) {
  const found = await takeable(
    tx,
    caller,
    { quizId },
    () => getQuizToScore({ tx, caller, quizId, action: "quiz.submit" }),
    async () => ({ quiz: await getQuizToScoreForSeat(tx, quizId), throughSeat: true }),
  );
  return { ...scoreAnswers(found.quiz, input), throughSeat: "throughSeat" in found };
}

const notTakeable = () => new AppError("forbidden", "This quiz is not part of a lesson you can take");

/** The same, from what the API-key lookup read with the key (`quizToScoreFor`, JSON text or null). */
export function scoreSubmissionFrom(read: string | null, input: QuizAnswers) {
  const quiz = (read === null ? null : JSON.parse(read)) as QuizToScore;
  if (!quiz) throw notFound("Quiz");
  if (!quiz.placed) throw notTakeable();
  return { ...scoreAnswers(quiz, input), throughSeat: quiz.seat };
}

/**
 * Stores a scored attempt, per user, and answers it: one statement with its audit event
 * (`writeStatement`). Its results go to PostgreSQL as one JSON text: given as an object, Prisma
 * walked all 50 results and their option ids as an argument tree (bench/README.md).
 */
export async function recordAttempt(ctx: WriteContext, quizId: string, scored: ReturnType<typeof scoreAnswers>) {
  const { results, scoreCorrect, scoreTotal, percentage } = scored;
  const [attempt] = await writeStatement<{ id: string; created_at: Date }>(
    ctx,
    quizId,
    (auditEvent) => Prisma.sql`WITH ${auditEvent()}
      INSERT INTO quiz_attempts (id, quiz_id, user_id, score_correct, score_total, percentage, answers)
      VALUES (${randomUUID()}::uuid, ${quizId}::uuid, ${ctx.caller.userId}::uuid, ${scoreCorrect}, ${scoreTotal}, ${percentage}, ${JSON.stringify(results)}::jsonb)
      RETURNING id, created_at`,
  );
  return {
    attempt_id: attempt.id,
    score_correct: scoreCorrect,
    score_total: scoreTotal,
    percentage,
    results,
    created_at: toIso(attempt.created_at),
  };
}

/**
 * Scores answers exactly as a submission would, and stores nothing: an author trying their own
 * quiz is not an attempt. Only for those who may see the answer key anyway (learners: 404).
 */
export async function previewQuiz(tx: Tx, caller: Caller, quizId: string, input: QuizAnswers) {
  const { quiz } = await getQuizToScore({ tx, caller, quizId, action: "content.read_drafts" });
  const { results, scoreCorrect, scoreTotal, percentage } = scoreAnswers(quiz, input);
  return { score_correct: scoreCorrect, score_total: scoreTotal, percentage, results };
}
