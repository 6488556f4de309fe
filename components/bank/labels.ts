import type { QuestionTypeValue } from "@/lib/client/types";

export const QUESTION_TYPES: { value: QuestionTypeValue; label: string; hint: string }[] = [
  { value: "single_choice", label: "Single choice", hint: "One correct option" },
  { value: "multiple_choice", label: "Multiple choice", hint: "Two or more correct options" },
  { value: "true_false", label: "True / false", hint: "Two options, one correct" },
];

export const typeLabel = (type: QuestionTypeValue) => QUESTION_TYPES.find((t) => t.value === type)?.label ?? type;

export const DIFFICULTIES = [
  { value: 1, label: "1 · Very easy" },
  { value: 2, label: "2 · Easy" },
  { value: 3, label: "3 · Medium" },
  { value: 4, label: "4 · Hard" },
  { value: 5, label: "5 · Very hard" },
] as const;

export const isQuestionType = (value: string | null): value is QuestionTypeValue => QUESTION_TYPES.some((t) => t.value === value);

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
