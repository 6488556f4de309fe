"use client";

import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import type { QuestionTypeValue } from "@/lib/client/types";
import { iconButton } from "./category-panel";
import { newOption, trueFalseOptions, type DraftOption } from "./draft";

const MAX_OPTIONS = 50;

const guidance: Record<QuestionTypeValue, string> = {
  true_false: "Two options; tick the one that is correct.",
  single_choice: "Two or more options; tick exactly one as correct.",
  multiple_choice: "Two or more options; tick every correct one (at least two).",
};

/** Add, remove, reorder and mark options. The rule message is the editor's, recomputed on every change. */
export function OptionsEditor({
  type,
  options,
  onChange,
  ruleProblem,
  labelProblems,
  serverErrors,
}: {
  type: QuestionTypeValue;
  options: DraftOption[];
  onChange: (options: DraftOption[]) => void;
  ruleProblem?: string;
  labelProblems: Record<number, string>;
  serverErrors: Record<string, string>;
}) {
  const update = (index: number, patch: Partial<DraftOption>) => onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...options];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  const canAdd = options.length < MAX_OPTIONS && !(type === "true_false" && options.length >= 2);
  const serverProblem = serverErrors.options;
  const problem = ruleProblem ?? serverProblem;
  const isTrueFalseShape = options.length === 2 && options[0].label === "True" && options[1].label === "False";

  return (
    <fieldset className="space-y-2" aria-describedby="options-guidance options-problem">
      <legend className="text-sm font-medium text-slate-700">Options</legend>
      <p id="options-guidance" className="text-xs text-slate-500">
        {guidance[type]}
      </p>
      <ol aria-label="Options" className="space-y-2">
        {options.map((option, index) => {
          const labelError = serverErrors[`options.${index}.label`] ?? serverErrors[`options.${index}.id`];
          return (
            <li
              key={option.key}
              className={`rounded-md border px-2 py-1.5 ${option.is_correct ? "border-emerald-300 bg-emerald-50/60" : "border-slate-200 bg-white"}`}
            >
              <div className="flex items-center gap-2">
                <span aria-hidden className="w-5 text-right text-xs font-medium tabular-nums text-slate-600">
                  {index + 1}.
                </span>
                <label className="flex shrink-0 cursor-pointer items-center gap-1.5 rounded px-1 py-0.5 text-xs font-medium text-slate-600">
                  <input
                    type="checkbox"
                    checked={option.is_correct}
                    aria-label={`Option ${index + 1} correct`}
                    onChange={(e) => update(index, { is_correct: e.target.checked })}
                    className="h-4 w-4 rounded border-slate-300 accent-emerald-600"
                  />
                  <span aria-hidden className={option.is_correct ? "text-emerald-700" : undefined}>
                    Correct
                  </span>
                </label>
                <input
                  value={option.label}
                  aria-label={`Option ${index + 1} text`}
                  placeholder={`Option ${index + 1}`}
                  aria-invalid={labelError ? true : undefined}
                  onChange={(e) => update(index, { label: e.target.value })}
                  className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400"
                />
                <span className="flex shrink-0">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move option ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon width={14} height={14} />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move option ${index + 1} down`}
                    disabled={index === options.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon width={14} height={14} />
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} hover:text-red-700`}
                    aria-label={`Remove option ${index + 1}`}
                    onClick={() => onChange(options.filter((_, i) => i !== index))}
                  >
                    <TrashIcon width={14} height={14} />
                  </button>
                </span>
              </div>
              {labelError || (labelProblems[index] && option.label !== "") ? (
                <p className="mt-1 pl-7 text-xs text-red-700">{labelError ?? labelProblems[index]}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {options.length === 0 ? <p className="text-sm text-slate-500">No options yet.</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={!canAdd}
          onClick={() => onChange([...options, newOption()])}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
        >
          <PlusIcon width={14} height={14} />
          Add option
        </button>
        {type === "true_false" && !isTrueFalseShape ? (
          <button
            type="button"
            onClick={() => onChange(trueFalseOptions())}
            className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            Use “True” and “False”
          </button>
        ) : null}
      </div>
      <p id="options-problem" role="status" className={problem ? "text-sm font-medium text-red-700" : "sr-only"}>
        {problem ?? ""}
      </p>
    </fieldset>
  );
}
