import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { getQuestionOrThrow } from "../load";
import { itemFigures } from "./analytics-sql";
import { clampCorrelation, flagsOf, optionShares } from "./get-item-analysis";
import type { ItemAnalysisQueryValue, QuestionAnalysisDto } from "./schemas";

/** The bank question a report is asked of, as reading it, for those who read drafts (a learner: 404). */
export const getQuestionToReport = (db: Tx, caller: Caller, questionId: string) =>
  getQuestionOrThrow({ tx: db, caller, questionId, action: "content.read_drafts" });

type QuestionToReport = Awaited<ReturnType<typeof getQuestionToReport>>["question"];

/**
 * How a bank question works in every quiz that asks it (issue 42): each quiz's figures for it, as
 * its item analysis gives them, then the question's over all of them. Facility and option shares
 * pool the answers; the discrimination is each quiz's weighted by its answers (a correlation with
 * the rest of one quiz's score does not pool across quizzes of other lengths), null when no quiz
 * has one. Quizzes in the trash are left out.
 */
export async function getQuestionAnalysis(db: Tx, question: QuestionToReport, query: ItemAnalysisQueryValue): Promise<QuestionAnalysisDto> {
  const quizzes = await db.quiz.findMany({
    where: { deletedAt: null, questions: { some: { questionId: question.id } } },
    select: { id: true, title: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const perQuiz: (QuestionAnalysisDto["quizzes"][number] & { chosen: Record<string, number> })[] = [];
  for (const quiz of quizzes) {
    const figures = await itemFigures(db, quiz.id, [question.id], query.attempts);
    const item = figures.items[0];
    const answered = item?.answered ?? 0;
    const facility = item?.facility ?? null;
    const discrimination = clampCorrelation(item?.discrimination ?? null);
    perQuiz.push({
      quiz_id: quiz.id,
      title: quiz.title,
      attempts: figures.attempts,
      answered,
      facility,
      discrimination,
      flags: flagsOf(facility, discrimination),
      chosen: item?.chosen ?? {},
    });
  }

  const answered = perQuiz.reduce((sum, q) => sum + q.answered, 0);
  const facility = answered === 0 ? null : perQuiz.reduce((sum, q) => sum + (q.facility ?? 0) * q.answered, 0) / answered;
  const correlated = perQuiz.filter((q) => q.discrimination !== null && q.answered > 0);
  const correlatedAnswers = correlated.reduce((sum, q) => sum + q.answered, 0);
  const discrimination =
    correlatedAnswers === 0
      ? null
      : clampCorrelation(correlated.reduce((sum, q) => sum + q.discrimination! * q.answered, 0) / correlatedAnswers);
  const family = question.questionFamilyId
    ? await db.questionFamily.findUnique({ where: { id: question.questionFamilyId }, select: { name: true } })
    : null;
  return {
    question_id: question.id,
    prompt: question.prompt,
    question_family_id: question.questionFamilyId,
    question_family_name: family?.name ?? null,
    answered,
    facility,
    discrimination,
    flags: flagsOf(facility, discrimination),
    options: optionShares(question.options, answered, (optionId) => perQuiz.reduce((sum, q) => sum + (q.chosen[optionId] ?? 0), 0)),
    quizzes: perQuiz.map(({ chosen: _chosen, ...quiz }) => quiz),
  };
}
