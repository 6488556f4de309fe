"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { useBlockEnvironment, type LoadedQuiz } from "@/components/blocks/block-environment";
import { BlockNote } from "@/components/blocks/block-note";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import type { BlockLike } from "@/lib/authoring/blocks/block-content";

// The player is fetched with the quiz it plays (as Mermaid with a diagram): a lesson without a quiz
// never downloads it.
const loadPlayer = () => import("@/components/quiz/quiz-player");
const QuizPlayer = lazy(() => loadPlayer().then((m) => ({ default: m.QuizPlayer })));

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; quiz: LoadedQuiz };
/** An answer, tagged with the load it answers, so a newer load shows "loading" until its own answer. */
type Answer = Exclude<State, { status: "loading" }> & { load: string };

function QuizLoader({ quizId, fallbackTitle }: { quizId: string; fallbackTitle: string }) {
  const env = useBlockEnvironment();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const load = `${quizId}#${attempt}`;
  const state: State = answer?.load === load ? answer : { status: "loading" };

  useEffect(() => {
    let cancelled = false;
    // Fetched beside the quiz, not after it; a failure shows when the player renders (a block note).
    loadPlayer().catch(() => undefined);
    env.loadQuiz(quizId).then(
      (quiz) => !cancelled && setAnswer({ load, status: "ready", quiz }),
      (error: unknown) =>
        !cancelled && setAnswer({ load, status: "error", message: error instanceof Error ? error.message : "Could not load the quiz." }),
    );
    return () => {
      cancelled = true;
    };
    // Keyed on the quiz only: a provider that passes a new environment object on every render
    // must not make the quiz reload (and lose the learner's answers).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  const skeleton = (
    <LoadingPlaceholder label={`Loading quiz ${fallbackTitle}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="h-5 w-1/3 animate-pulse rounded bg-slate-100" />
      <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
    </LoadingPlaceholder>
  );
  if (state.status === "loading") return skeleton;
  if (state.status === "error") {
    return (
      <BlockNote>
        The quiz “{fallbackTitle}” could not be loaded: {state.message}{" "}
        <button type="button" className="font-medium text-brand-600 underline" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </BlockNote>
    );
  }
  const questions = Array.isArray(state.quiz.questions) ? state.quiz.questions : [];
  return (
    <Suspense fallback={skeleton}>
      <QuizPlayer title={state.quiz.title || fallbackTitle} questions={questions} onSubmit={(answers) => env.submitQuiz(quizId, answers)} />
    </Suspense>
  );
}

export function QuizBlock({ block }: { block: BlockLike }) {
  if (block.quiz == null) return <BlockNote>This quiz is no longer available.</BlockNote>;
  return <QuizLoader key={block.quiz.id} quizId={block.quiz.id} fallbackTitle={block.quiz.title} />;
}
