import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { getQuizOrThrow } from "../load";
import { itemFigures } from "./analytics-sql";
import type { ItemAnalysisDto, ItemAnalysisQueryValue, ItemStatisticsDto } from "./schemas";

/** The quiz a report is asked of, with its questions in order: as reading it, for those who read drafts (a learner: 404). */
export const getQuizToReport = (db: Tx, caller: Caller, quizId: string) =>
  getQuizOrThrow({ tx: db, caller, quizId, action: "content.read_drafts" });

type QuizToReport = Awaited<ReturnType<typeof getQuizToReport>>["quiz"];

/** Thresholds of the flags: an item most get right, or most get wrong, or that does not tell the able from the others. */
const TOO_EASY_ABOVE = 0.9;
const TOO_HARD_BELOW = 0.2;
const WEAK_DISCRIMINATION_BELOW = 0.1;

/** What an author should look at in an item; nothing is said of an item without answers or a discrimination. */
export function flagsOf(facility: number | null, discrimination: number | null): ItemStatisticsDto["flags"] {
  const flags: ItemStatisticsDto["flags"] = [];
  if (facility !== null && facility > TOO_EASY_ABOVE) flags.push("too_easy");
  if (facility !== null && facility < TOO_HARD_BELOW) flags.push("too_hard");
  if (discrimination !== null && discrimination < WEAK_DISCRIMINATION_BELOW) flags.push("weak_discrimination");
  return flags;
}

/** Each option of a question with the share of the `answered` attempts that chose it. */
export const optionShares = (
  options: { id: string; label: string; isCorrect: boolean }[],
  answered: number,
  timesChosen: (optionId: string) => number,
): ItemStatisticsDto["options"] =>
  options.map((option) => ({
    option_id: option.id,
    label: option.label,
    is_correct: option.isCorrect,
    chosen_share: answered === 0 ? 0 : timesChosen(option.id) / answered,
  }));

/** A correlation as floating point may land a hair outside [-1, 1]. */
export const clampCorrelation = (r: number | null) => (r === null ? null : Math.min(1, Math.max(-1, r)));

/**
 * How each question of a quiz works with its counted attempts (classical item analysis): how many
 * answered it, the share right (facility), how well it separates stronger from weaker attempts
 * (discrimination), flags, and how often each option was chosen. `quiz` is one found by
 * getQuizToReport; its questions are read as they are now, in quiz order.
 */
export async function getItemAnalysis(db: Tx, quiz: QuizToReport, query: ItemAnalysisQueryValue): Promise<ItemAnalysisDto> {
  const questions = quiz.questions.map((q) => q.question);
  const figures = await itemFigures(
    db,
    quiz.id,
    questions.map((q) => q.id),
    query.attempts,
  );
  const familyIds = [...new Set(questions.flatMap((q) => (q.questionFamilyId ? [q.questionFamilyId] : [])))];
  const families = new Map(
    (await db.questionFamily.findMany({ where: { id: { in: familyIds } }, select: { id: true, name: true } })).map((f) => [f.id, f.name]),
  );
  const byQuestion = new Map(figures.items.map((item) => [item.question_id, item]));
  return {
    attempts: figures.attempts,
    items: questions.map((question) => {
      const item = byQuestion.get(question.id);
      const answered = item?.answered ?? 0;
      const facility = item?.facility ?? null;
      const discrimination = clampCorrelation(item?.discrimination ?? null);
      return {
        question_id: question.id,
        prompt: question.prompt,
        question_family_id: question.questionFamilyId,
        question_family_name: question.questionFamilyId ? (families.get(question.questionFamilyId) ?? null) : null,
        answered,
        facility,
        discrimination,
        flags: flagsOf(facility, discrimination),
        options: optionShares(question.options, answered, (optionId) => item?.chosen[optionId] ?? 0),
      };
    }),
  };
}
