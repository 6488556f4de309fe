/**
 * How answers score (contract.md, Quiz attempts): a question scores 1 when the selected option set
 * equals its correct set, else 0; a question not answered scores 0. The one place this is decided,
 * for quiz submissions and practice checks alike. Results are in the shape responses carry.
 */

export type ScoredOption = { id: string; isCorrect: boolean };

export type AnswerScore = {
  is_correct: boolean;
  /** The selection as a set: each option once, in the order first chosen. */
  selected_option_ids: string[];
  correct_option_ids: string[];
};

/** Scores one question; `selected` is undefined when the question was not answered. */
export function scoreAnswer(options: readonly ScoredOption[], selected: readonly string[] | undefined): AnswerScore {
  const correct = options.filter((o) => o.isCorrect).map((o) => o.id);
  const chosen = [...new Set(selected ?? [])];
  const isCorrect = selected !== undefined && chosen.length === correct.length && chosen.every((id) => correct.includes(id));
  return { is_correct: isCorrect, selected_option_ids: chosen, correct_option_ids: correct };
}

/** Positions in `selected` of ids that are not options of the question. */
export function foreignOptionIndexes(options: readonly { id: string }[], selected: readonly string[]): number[] {
  const own = new Set(options.map((o) => o.id));
  return selected.flatMap((id, i) => (own.has(id) ? [] : [i]));
}

/** Scores a quiz: every question of it, in order, with the total and the percentage (0 for an empty quiz). */
export function scoreAttempt(
  questions: readonly { id: string; options: readonly ScoredOption[] }[],
  answers: readonly { question_id: string; selected_option_ids: readonly string[] }[],
) {
  const selected = new Map(answers.map((a) => [a.question_id, a.selected_option_ids]));
  const results = questions.map((q) => ({ question_id: q.id, ...scoreAnswer(q.options, selected.get(q.id)) }));
  const scoreCorrect = results.filter((r) => r.is_correct).length;
  const scoreTotal = results.length;
  return { results, scoreCorrect, scoreTotal, percentage: scoreTotal === 0 ? 0 : (100 * scoreCorrect) / scoreTotal };
}
