"use client";

import type { QuizPlayerOption } from "./quiz-player";

// Apart from the quiz player, so a practice question does not load the whole player.

export const isMultipleChoice = (questionType: string) => questionType === "multiple_choice";

/** What to show against each option once the answer is known. */
export type ChoiceReview = { correct: ReadonlySet<string> };

/**
 * The options of one question as native radios or checkboxes, so arrow keys, space and screen
 * readers work as everywhere else. With `review`, marks the right answers and the picked ones.
 */
export function ChoiceGroup({
  name,
  questionType,
  options,
  selected,
  onChange,
  disabled,
  review,
}: {
  name: string;
  questionType: string;
  options: QuizPlayerOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
  review?: ChoiceReview;
}) {
  const multiple = isMultipleChoice(questionType);
  const sorted = [...options].sort((a, b) => a.sort_order - b.sort_order);
  return (
    <ul className="space-y-2">
      {sorted.map((option) => {
        const checked = selected.includes(option.id);
        const isRight = review?.correct.has(option.id) ?? false;
        const tone = !review
          ? checked
            ? "border-brand-500 bg-brand-50"
            : "border-slate-200 bg-white hover:border-slate-300"
          : isRight
            ? "border-emerald-300 bg-emerald-50"
            : checked
              ? "border-red-300 bg-red-50"
              : "border-slate-200 bg-white";
        return (
          <li key={option.id}>
            <label className={`flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm transition-colors ${tone}`}>
              <input
                type={multiple ? "checkbox" : "radio"}
                name={name}
                value={option.id}
                checked={checked}
                disabled={disabled}
                onChange={(e) => {
                  if (!multiple) onChange([option.id]);
                  else onChange(e.target.checked ? [...selected, option.id] : selected.filter((id) => id !== option.id));
                }}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span className="flex-1">{option.label}</span>
              {review ? (
                <span className="flex shrink-0 gap-1 text-xs font-medium">
                  {checked ? <span className={isRight ? "text-emerald-800" : "text-red-700"}>Your answer</span> : null}
                  {checked && isRight ? (
                    <span aria-hidden className="text-slate-400">
                      ·
                    </span>
                  ) : null}
                  {isRight ? <span className="text-emerald-800">Correct answer</span> : null}
                </span>
              ) : null}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
