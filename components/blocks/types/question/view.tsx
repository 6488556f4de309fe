"use client";

import { useId, useState } from "react";
import { useBlockEnvironment } from "@/components/blocks/block-environment";
import { BlockNote } from "@/components/blocks/block-note";
import { ChoiceGroup } from "@/components/quiz/choice-group";
import { Button } from "@/components/ui/button";
import { QUESTION_INSTRUCTIONS, QUESTION_ROLE_LABELS, type BlockLike, type QuestionView } from "@/lib/authoring/blocks/block-content";
import { scoreAnswer } from "@/lib/authoring/quizzes/scoring";

function isQuestion(q: unknown): q is QuestionView {
  const v = q as QuestionView | null;
  return (
    !!v &&
    typeof v.prompt === "string" &&
    Array.isArray(v.options) &&
    v.options.every((o) => o && typeof o.id === "string" && typeof o.label === "string")
  );
}

function PracticeQuestion({ question, role }: { question: QuestionView; role: string | null | undefined }) {
  const name = useId();
  const [selected, setSelected] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const env = useBlockEnvironment();
  // Authors receive is_correct on each option; learners do not, and ask the server once they answer.
  const [serverKey, setServerKey] = useState<Set<string>>();
  const [checkError, setCheckError] = useState<string>();
  const inlineKey = question.options.some((o) => typeof o.is_correct === "boolean");
  const hasKey = inlineKey || serverKey !== undefined;
  const correct = serverKey ?? new Set(question.options.filter((o) => o.is_correct).map((o) => o.id));
  const isRight =
    checked &&
    hasKey &&
    scoreAnswer(
      question.options.map((o) => ({ id: o.id, isCorrect: correct.has(o.id) })),
      selected,
    ).is_correct;
  const options = question.options.map((o, i) => ({
    id: o.id,
    label: o.label,
    sort_order: typeof o.sort_order === "number" ? o.sort_order : i,
  }));

  return (
    <form
      className="space-y-3 rounded-md border border-slate-200 bg-white px-4 py-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setCheckError(undefined);
        if (!inlineKey && env.checkAnswer) {
          try {
            const result = await env.checkAnswer(question.id, selected);
            setServerKey(new Set(result.correct_option_ids));
          } catch (error) {
            setCheckError(error instanceof Error ? error.message : "Could not check the answer.");
            return;
          }
        }
        setChecked(true);
      }}
    >
      <fieldset className="space-y-3">
        <legend className="w-full text-sm">
          <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-brand-700">
            {QUESTION_ROLE_LABELS[role ?? ""] ?? "Question"}
          </span>
          <span className="block text-base font-medium text-slate-900">{question.prompt}</span>
          <span className="mt-0.5 block text-xs text-slate-500">
            {QUESTION_INSTRUCTIONS[question.question_type] ?? "Choose an answer."}
          </span>
        </legend>
        <ChoiceGroup
          name={name}
          questionType={question.question_type}
          options={options}
          selected={selected}
          onChange={(next) => {
            setSelected(next);
            setChecked(false);
          }}
          review={checked && hasKey ? { correct } : undefined}
        />
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={selected.length === 0}>
          Check
        </Button>
        <div role="status" className="text-sm">
          {checkError ? <span className="text-red-700">{checkError}</span> : null}
          {!checked ? null : !hasKey ? (
            <span className="text-slate-600">Answer noted. This question is checked when it is part of a quiz.</span>
          ) : isRight ? (
            <span className="font-medium text-emerald-800">✓ Correct!</span>
          ) : (
            <span className="font-medium text-red-700">
              ✗ Not quite. The correct {correct.size === 1 ? "answer is" : "answers are"} highlighted.
            </span>
          )}
        </div>
        {checked ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSelected([]);
              setChecked(false);
            }}
          >
            Try again
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function QuestionBlock({ block }: { block: BlockLike }) {
  if (block.question == null) return <BlockNote>This question is no longer available.</BlockNote>;
  if (!isQuestion(block.question)) return <BlockNote />;
  return <PracticeQuestion key={block.question.id} question={block.question} role={block.question_role} />;
}
