"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { QuizAnswer, QuizPlayerQuestion, QuizResult } from "@/components/quiz/quiz-player";

export type LoadedQuiz = { id: string; title: string; questions: QuizPlayerQuestion[] };

/**
 * Where blocks get the data they do not carry themselves: a quiz block holds only {id, title}.
 * The editor and previews use the authoring API; the learner view provides its own.
 */
export type BlockEnvironment = {
  /**
   * Who reads the blocks: an author (the editor and its previews) is shown what is wrong with a
   * block to fix it (a diagram's parser message); a learner only a calm note.
   */
  audience: "author" | "learner";
  loadQuiz: (quizId: string) => Promise<LoadedQuiz>;
  submitQuiz: (quizId: string, answers: QuizAnswer[]) => Promise<QuizResult>;
  /** Checks a practice answer on the server, for readers who do not receive the answer key. */
  checkAnswer?: (questionId: string, selectedOptionIds: string[]) => Promise<{ is_correct: boolean; correct_option_ids: string[] }>;
};

/** Authors trying a quiz in the editor's preview: scored, not recorded as an attempt. */
// The authoring requests are imported when first used: pages that provide their own environment
// (the learner's lesson) do not download the authoring client with the block renderers.
const authoringRequests = () => import("@/components/quizzes/queries").then((m) => m.quizRequests);
export const authoringBlockEnvironment: BlockEnvironment = {
  audience: "author",
  loadQuiz: async (quizId) => (await authoringRequests()).get(quizId),
  submitQuiz: async (quizId, answers) => (await authoringRequests()).preview(quizId, answers),
};

const BlockEnvironmentContext = createContext<BlockEnvironment>(authoringBlockEnvironment);

export const useBlockEnvironment = () => useContext(BlockEnvironmentContext);

export function BlockEnvironmentProvider({ value, children }: { value: BlockEnvironment; children: ReactNode }) {
  return <BlockEnvironmentContext.Provider value={value}>{children}</BlockEnvironmentContext.Provider>;
}
