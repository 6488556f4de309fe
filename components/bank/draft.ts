import { optionRuleIssues, type QuestionTypeValue } from "@/lib/authoring/questions/schemas";
import type { QuestionDto, QuestionInput } from "./queries";

/** An option as the editor holds it: `key` is stable for React, `id` is the server's (kept on save). */
export type DraftOption = { key: string; id?: string; label: string; is_correct: boolean };

export type QuestionDraft = {
  prompt: string;
  category_id: string;
  question_family_id: string;
  question_type: QuestionTypeValue;
  difficulty: number;
  options: DraftOption[];
};

let nextKey = 1;
export const newOption = (label = "", is_correct = false): DraftOption => ({ key: `new-${nextKey++}`, label, is_correct });

export const trueFalseOptions = () => [newOption("True"), newOption("False")];

export function emptyDraft(defaults: Partial<QuestionDraft> = {}): QuestionDraft {
  const type = defaults.question_type ?? "single_choice";
  return {
    prompt: "",
    category_id: "",
    question_family_id: "",
    difficulty: 3,
    ...defaults,
    question_type: type,
    options: type === "true_false" ? trueFalseOptions() : [newOption(), newOption()],
  };
}

export function draftFromQuestion(q: QuestionDto): QuestionDraft {
  return {
    prompt: q.prompt,
    category_id: q.category_id,
    question_family_id: q.question_family_id ?? "",
    question_type: q.question_type,
    difficulty: q.difficulty,
    options: q.options.map((o) => ({ key: o.id, id: o.id, label: o.label, is_correct: o.is_correct ?? false })),
  };
}

/**
 * What the option rules (spec: Option rules) say about these options, in words an author can act
 * on; null when they hold. `optionRuleIssues` (the server's own check) decides; this only explains.
 */
export function optionRuleProblem(type: QuestionTypeValue, options: { is_correct: boolean }[]): string | null {
  if (!optionRuleIssues(type, options)) return null;
  const count = options.length;
  const correct = options.filter((o) => o.is_correct).length;
  const marked = `${correct} ${correct === 1 ? "is" : "are"} marked`;
  if (type === "true_false") {
    if (count !== 2) return `True / false needs exactly 2 options; there ${count === 1 ? "is" : "are"} ${count}.`;
    return correct === 0 ? "Mark which of the two options is correct." : "True / false needs exactly 1 correct option; both are marked.";
  }
  if (type === "single_choice") {
    if (count < 2) return "Single choice needs at least 2 options.";
    return correct === 0 ? "Mark the correct option." : `Single choice needs exactly 1 correct option; ${marked}.`;
  }
  if (count < 2) return "Multiple choice needs at least 2 options.";
  return `Multiple choice needs at least 2 correct options; ${marked}.`;
}

export type DraftProblems = {
  prompt?: string;
  category_id?: string;
  options?: string;
  /** By option index: an option without text. */
  labels: Record<number, string>;
  /** Everything above, in form order, for the sentence beside the save button. */
  all: string[];
};

/** Checks a draft as the author types, so Save is only offered for a question the server accepts. */
export function draftProblems(draft: QuestionDraft): DraftProblems {
  const problems: DraftProblems = { labels: {}, all: [] };
  if (!draft.prompt.trim()) problems.prompt = "Write the question's prompt.";
  if (!draft.category_id) problems.category_id = "Choose a category.";
  const rule = optionRuleProblem(draft.question_type, draft.options);
  if (rule) problems.options = rule;
  draft.options.forEach((o, i) => {
    if (!o.label.trim()) problems.labels[i] = `Option ${i + 1} needs text.`;
  });
  problems.all = [problems.prompt, problems.category_id, problems.options, ...Object.values(problems.labels)].filter((p): p is string =>
    Boolean(p),
  );
  return problems;
}

export function toInput(draft: QuestionDraft): QuestionInput {
  return {
    prompt: draft.prompt.trim(),
    category_id: draft.category_id,
    question_family_id: draft.question_family_id || null,
    question_type: draft.question_type,
    difficulty: draft.difficulty,
    options: draft.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), label: o.label.trim(), is_correct: o.is_correct })),
  };
}

/** Only what changed, so a PATCH does not overwrite fields someone else edited meanwhile. */
export function changedFields(original: QuestionDto, draft: QuestionDraft): Partial<QuestionInput> {
  const next = toInput(draft);
  const before = toInput(draftFromQuestion(original));
  const changes: Partial<QuestionInput> = {};
  if (next.prompt !== original.prompt) changes.prompt = next.prompt;
  if (next.category_id !== before.category_id) changes.category_id = next.category_id;
  if (next.question_family_id !== before.question_family_id) changes.question_family_id = next.question_family_id;
  if (next.question_type !== before.question_type) changes.question_type = next.question_type;
  if (next.difficulty !== before.difficulty) changes.difficulty = next.difficulty;
  if (JSON.stringify(next.options) !== JSON.stringify(before.options)) changes.options = next.options;
  return changes;
}
