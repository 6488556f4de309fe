"use client";

import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { QUESTION_INSTRUCTIONS } from "@/lib/authoring/blocks/block-content";
import type { QuestionDto, QuizAnswer as QuizAnswerDto, QuizAttemptResultDto } from "@/lib/client/types";
import { ChoiceGroup } from "./choice-group";

export { ChoiceGroup, isMultipleChoice, type ChoiceReview } from "./choice-group";

/**
 * What the player needs of a quiz: authors pass the authoring API's questions, learners the
 * learner API's (no answer key), so questions are the fields both have.
 */
export type QuizPlayerOption = Pick<QuestionDto["options"][number], "id" | "label" | "sort_order">;
export type QuizPlayerQuestion = Pick<QuestionDto, "id" | "prompt"> & { question_type: string; options: QuizPlayerOption[] };
export type QuizAnswer = QuizAnswerDto;
export type QuizQuestionResult = QuizAttemptResultDto["results"][number];
export type QuizResult = Pick<QuizAttemptResultDto, "score_correct" | "score_total" | "percentage" | "results"> & { attempt_id?: string };
export type QuizPlayerMode = "one-at-a-time" | "all";

export const formatScore = (r: Pick<QuizResult, "score_correct" | "score_total" | "percentage">) =>
  `${r.score_correct} of ${r.score_total} · ${Math.round(r.percentage)}%`;

function Verdict({ isCorrect }: { isCorrect: boolean }) {
  return isCorrect ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">✓ Correct</span>
  ) : (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">✗ Incorrect</span>
  );
}

function QuestionCard({
  number,
  total,
  question,
  name,
  selected,
  onChange,
  disabled,
  result,
  legendRef,
}: {
  number: number;
  total: number;
  question: QuizPlayerQuestion;
  name: string;
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
  result?: QuizQuestionResult;
  legendRef?: Ref<HTMLLegendElement>;
}) {
  return (
    <fieldset className="space-y-3">
      <legend ref={legendRef} tabIndex={-1} className="w-full text-sm focus:outline-none">
        <span className="mb-1 flex items-center justify-between gap-2 text-xs font-medium uppercase tracking-wide text-slate-500">
          <span>
            Question {number} of {total}
          </span>
          {result ? <Verdict isCorrect={result.is_correct} /> : null}
        </span>
        <span className="block text-base font-medium text-slate-900">{question.prompt}</span>
        {!result ? (
          <span className="mt-0.5 block text-xs text-slate-500">
            {QUESTION_INSTRUCTIONS[question.question_type] ?? "Choose an answer."}
          </span>
        ) : null}
      </legend>
      <ChoiceGroup
        name={name}
        questionType={question.question_type}
        options={question.options}
        selected={result ? result.selected_option_ids : selected}
        onChange={onChange}
        disabled={disabled || !!result}
        review={result ? { correct: new Set(result.correct_option_ids) } : undefined}
      />
    </fieldset>
  );
}

/**
 * Plays a quiz: one question at a time (default) or all on one page; submits the answers
 * through `onSubmit` (asking first while questions are unanswered) and shows the score and, per
 * question, what was right.
 */
export function QuizPlayer({
  title,
  questions,
  onSubmit,
  mode = "one-at-a-time",
}: {
  title: string;
  questions: QuizPlayerQuestion[];
  onSubmit: (answers: QuizAnswer[]) => Promise<QuizResult>;
  mode?: QuizPlayerMode;
}) {
  const baseId = useId();
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [index, setIndex] = useState(0);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<QuizResult>();
  // The learner may switch between one question at a time and all on one page.
  const [layout, setLayout] = useState<QuizPlayerMode>(mode);
  const legendRef = useRef<HTMLLegendElement>(null);
  const scoreRef = useRef<HTMLParagraphElement>(null);
  const navigated = useRef(false);

  const total = questions.length;
  const current = Math.min(index, Math.max(0, total - 1));
  const answeredCount = questions.filter((q) => (answers[q.id] ?? []).length > 0).length;

  // Moving between questions puts focus on the new question, so screen readers read it out.
  useEffect(() => {
    if (navigated.current) legendRef.current?.focus();
    navigated.current = false;
  }, [current]);
  useEffect(() => {
    if (result) scoreRef.current?.focus();
  }, [result]);

  const go = (to: number) => {
    navigated.current = true;
    setIndex(to);
  };

  const confirm = useConfirm();

  /** Unanswered questions score 0: the learner says so before they count. */
  async function submitIfMeant() {
    const unanswered = questions.filter((q) => (answers[q.id] ?? []).length === 0);
    if (unanswered.length > 0) {
      const n = unanswered.length;
      const meant = await confirm({
        title: "Submit with unanswered questions?",
        body: `${n} ${n === 1 ? "question is" : "questions are"} not answered. Submit anyway? Unanswered questions score 0.`,
        confirmLabel: "Submit anyway",
      });
      if (!meant) {
        // One question at a time: take the learner to the first one left open.
        if (layout === "one-at-a-time") go(questions.indexOf(unanswered[0]));
        return;
      }
    }
    await submit();
  }

  async function submit() {
    setPending(true);
    setError(undefined);
    try {
      const payload = questions
        .filter((q) => (answers[q.id] ?? []).length > 0)
        .map((q) => ({ question_id: q.id, selected_option_ids: answers[q.id] }));
      setResult(await onSubmit(payload));
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not submit your answers.");
    } finally {
      setPending(false);
    }
  }

  function tryAgain() {
    setAnswers({});
    setResult(undefined);
    setError(undefined);
    go(0);
  }

  const nameFor = (q: QuizPlayerQuestion) => `${baseId}-${q.id}`;
  const setAnswer = (questionId: string) => (selected: string[]) => setAnswers((all) => ({ ...all, [questionId]: selected }));

  let body: ReactNode;
  if (total === 0) {
    body = <p className="text-sm text-slate-500">This quiz has no questions yet.</p>;
  } else if (result) {
    const byQuestion = new Map(result.results.map((r) => [r.question_id, r]));
    body = (
      <div className="space-y-5">
        <div className="rounded-md bg-slate-50 px-4 py-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Your score</p>
          <p ref={scoreRef} tabIndex={-1} role="status" className="text-2xl font-semibold text-slate-900 focus:outline-none">
            {formatScore(result)}
          </p>
        </div>
        <ol className="space-y-5">
          {questions.map((q, i) => {
            const r = byQuestion.get(q.id) ?? { question_id: q.id, is_correct: false, selected_option_ids: [], correct_option_ids: [] };
            return (
              <li key={q.id}>
                <QuestionCard
                  number={i + 1}
                  total={total}
                  question={q}
                  name={`${nameFor(q)}-review`}
                  selected={[]}
                  onChange={() => {}}
                  result={r}
                />
                {r.selected_option_ids.length === 0 ? <p className="mt-1 text-xs text-slate-500">Not answered.</p> : null}
              </li>
            );
          })}
        </ol>
        <Button type="button" variant="secondary" onClick={tryAgain}>
          Try again
        </Button>
      </div>
    );
  } else if (layout === "all") {
    body = (
      <form
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          void submitIfMeant();
        }}
      >
        {questions.map((q, i) => (
          <QuestionCard
            key={q.id}
            number={i + 1}
            total={total}
            question={q}
            name={nameFor(q)}
            selected={answers[q.id] ?? []}
            onChange={setAnswer(q.id)}
            disabled={pending}
          />
        ))}
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-500">
            {answeredCount} of {total} answered
          </p>
          <Button type="submit" disabled={pending}>
            {pending ? "Submitting…" : "Submit answers"}
          </Button>
        </div>
      </form>
    );
  } else {
    const q = questions[current];
    const isLast = current === total - 1;
    body = (
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (isLast) void submitIfMeant();
          else go(current + 1);
        }}
      >
        <div className="space-y-1">
          <div className="flex items-center justify-between text-sm text-slate-600">
            <span aria-live="polite">
              {current + 1} of {total}
            </span>
            <span>{answeredCount} answered</span>
          </div>
          <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full rounded-full bg-brand-500 transition-all" style={{ width: `${((current + 1) / total) * 100}%` }} />
          </div>
        </div>
        <QuestionCard
          key={q.id}
          number={current + 1}
          total={total}
          question={q}
          name={nameFor(q)}
          selected={answers[q.id] ?? []}
          onChange={setAnswer(q.id)}
          disabled={pending}
          legendRef={legendRef}
        />
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <Button type="button" variant="secondary" disabled={current === 0 || pending} onClick={() => go(current - 1)}>
            Previous
          </Button>
          {isLast ? (
            <Button type="submit" disabled={pending}>
              {pending ? "Submitting…" : "Submit answers"}
            </Button>
          ) : (
            <Button type="submit">Next</Button>
          )}
        </div>
      </form>
    );
  }

  return (
    <section aria-label={`Quiz: ${title}`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        <span className="flex items-center gap-3 text-xs text-slate-500">
          {total} {total === 1 ? "question" : "questions"}
          {total > 1 && !result ? (
            <button
              type="button"
              className="rounded px-2 py-1 font-medium text-brand-700 ring-1 ring-slate-200 hover:bg-slate-50"
              onClick={() => setLayout(layout === "all" ? "one-at-a-time" : "all")}
            >
              {layout === "all" ? "One question at a time" : "Show all questions"}
            </button>
          ) : null}
        </span>
      </div>
      {error ? <Alert>Could not submit your answers: {error}</Alert> : null}
      {body}
    </section>
  );
}
