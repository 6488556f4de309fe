import { appFetch } from "@/lib/client/api";
import type { AnswerCheck, LearnQuiz, QuizAnswer, QuizAttemptResultDto, QuizPreviewResultDto } from "@/lib/client/types";

/**
 * The learner's requests from the lesson page, as plain functions: the page is rendered on the
 * server and its islands need no query cache (so the lesson ships none).
 */
export const learnRequests = {
  /** The quiz without answers, with the caller's attempts. */
  loadQuiz: (quizId: string) => appFetch<LearnQuiz>(`/learn/quizzes/${quizId}`),
  /** Scores on the server and records the attempt. */
  submitQuiz: (quizId: string, answers: QuizAnswer[]) =>
    appFetch<QuizAttemptResultDto>(`/authoring/quizzes/${quizId}/submit`, { method: "POST", json: { answers } }),
  /** Scores as a submission would, recording nothing: an author's preview. */
  previewQuiz: (quizId: string, answers: QuizAnswer[]) =>
    appFetch<QuizPreviewResultDto>(`/learn/quizzes/${quizId}/preview`, { method: "POST", json: { answers } }),
  checkAnswer: (questionId: string, selectedOptionIds: string[]) =>
    appFetch<AnswerCheck>(`/learn/questions/${questionId}/check`, { method: "POST", json: { selected_option_ids: selectedOptionIds } }),
  complete: (lessonId: string) => appFetch(`/learn/lessons/${lessonId}/complete`, { method: "POST" }),
  uncomplete: (lessonId: string) => appFetch(`/learn/lessons/${lessonId}/complete`, { method: "DELETE" }),
};
