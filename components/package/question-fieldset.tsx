import type { ReactNode } from "react";
import { QUESTION_INSTRUCTIONS } from "@/lib/authoring/blocks/block-content";
import type { KeyedQuestion } from "@/lib/authoring/exchange/package/package-data";

/** A question's options as radios or checkboxes; `name` keeps each question's radios a group of their own. */
function Choices({ question, name }: { question: KeyedQuestion; name: string }) {
  const type = question.question_type === "multiple_choice" ? "checkbox" : "radio";
  return (
    <div className="space-y-2">
      {question.options.map((o, i) => (
        <label
          key={o.id}
          data-option-id={o.id}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 data-[correct=true]:border-emerald-600 data-[correct=true]:bg-emerald-50"
        >
          <input type={type} name={name} value={o.id} id={`${name}-${i}`} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A question as a package page asks it (a practice question, a quiz's): assets/player.js checks the answer. */
export function QuestionFieldset({ question, name, children }: { question: KeyedQuestion; name: string; children?: ReactNode }) {
  return (
    <fieldset data-question-id={question.id} className="space-y-3">
      <legend className="w-full text-base font-medium text-slate-900">{question.prompt}</legend>
      <p className="text-xs text-slate-600">{QUESTION_INSTRUCTIONS[question.question_type] ?? "Choose an answer."}</p>
      <Choices question={question} name={name} />
      {children}
    </fieldset>
  );
}
