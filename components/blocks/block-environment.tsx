"use client";

import { createContext, useContext, type ReactNode } from "react";
import { quizRequests } from "@/components/quizzes/queries";
import type { QuizAnswer, QuizPlayerQuestion, QuizResult } from "@/components/quiz/quiz-player";

export type LoadedQuiz = { id: string; title: string; questions: QuizPlayerQuestion[] };

/**
 * Where blocks get the data they do not carry themselves: a quiz block holds only {id, title}.
 * The editor and previews use the authoring API; the learner view provides its own.
 */
export type BlockEnvironment = {
  loadQuiz: (quizId: string) => Promise<LoadedQuiz>;
  submitQuiz: (quizId: string, answers: QuizAnswer[]) => Promise<QuizResult>;
  /** Checks a practice answer on the server, for readers who do not receive the answer key. */
  checkAnswer?: (questionId: string, selectedOptionIds: string[]) => Promise<{ is_correct: boolean; correct_option_ids: string[] }>;
};

export const authoringBlockEnvironment: BlockEnvironment = {
  loadQuiz: quizRequests.get,
  submitQuiz: quizRequests.submit,
};

const BlockEnvironmentContext = createContext<BlockEnvironment>(authoringBlockEnvironment);

export const useBlockEnvironment = () => useContext(BlockEnvironmentContext);

export function BlockEnvironmentProvider({ value, children }: { value: BlockEnvironment; children: ReactNode }) {
  return <BlockEnvironmentContext.Provider value={value}>{children}</BlockEnvironmentContext.Provider>;
}
