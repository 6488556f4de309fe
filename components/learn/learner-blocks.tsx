"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { BlockEnvironmentProvider, type BlockEnvironment } from "@/components/blocks/block-environment";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import type { Attempt } from "@/lib/client/types";
import { learnRequests } from "./requests";

/** How many attempts this page has recorded per quiz: an attempt history reads again when it grows. */
const AttemptsRecorded = createContext<Record<string, number>>({});

/**
 * What the lesson's block islands call (quiz, scoring, practice checks), around the blocks the
 * server rendered. A preview (authors only, decided by the server) scores answers and records none.
 */
export function LearnerBlocks({ preview, children }: { preview: boolean; children: ReactNode }) {
  const [recorded, setRecorded] = useState<Record<string, number>>({});
  const environment = useMemo<BlockEnvironment>(
    () => ({
      audience: "learner",
      loadQuiz: learnRequests.loadQuiz,
      submitQuiz: preview
        ? learnRequests.previewQuiz
        : async (quizId, answers) => {
            const result = await learnRequests.submitQuiz(quizId, answers);
            setRecorded((counts) => ({ ...counts, [quizId]: (counts[quizId] ?? 0) + 1 }));
            return result;
          },
      checkAnswer: learnRequests.checkAnswer,
    }),
    [preview],
  );
  return (
    <ConfirmProvider>
      <BlockEnvironmentProvider value={environment}>
        <AttemptsRecorded.Provider value={recorded}>{children}</AttemptsRecorded.Provider>
      </BlockEnvironmentProvider>
    </ConfirmProvider>
  );
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The learner's earlier attempts at a quiz, read in the browser and again after each submission. */
export function AttemptHistory({ quizId }: { quizId: string }) {
  const recorded = useContext(AttemptsRecorded)[quizId] ?? 0;
  const [attempts, setAttempts] = useState<Attempt[]>([]);
  const read = useCallback(() => learnRequests.loadQuiz(quizId).then((quiz) => quiz.attempts), [quizId]);
  useEffect(() => {
    let cancelled = false;
    read().then(
      (list) => !cancelled && setAttempts(list),
      // The history is a courtesy: without it the quiz still works.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [read, recorded]);
  if (!attempts.length) return null;
  return (
    <details className="mt-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm">
      <summary className="cursor-pointer font-medium">Your attempts ({attempts.length})</summary>
      <ol className="mt-2 space-y-1" aria-label="Your attempts">
        {attempts.map((a) => (
          <li key={a.attempt_id} className="flex justify-between text-slate-600">
            <span>{when.format(new Date(a.created_at))}</span>
            <span className="font-medium text-slate-800">
              {a.score_correct} of {a.score_total} · {Math.round(a.percentage)}%
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
