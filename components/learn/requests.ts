import { appApi, authoringApi } from "@/lib/client/api";
import type { QuizAnswer } from "@/lib/client/types";

/**
 * The learner's requests from the lesson page, as plain functions: the page is rendered on the
 * server and its islands need no query cache (so the lesson ships none).
 */
export const learnRequests = {
  /** The quiz without answers, with the caller's attempts. */
  loadQuiz: (quizId: string) => appApi.GET("/learn/quizzes/{quizId}", { params: { path: { quizId } } }),
  /** Scores on the server and records the attempt. */
  submitQuiz: (quizId: string, answers: QuizAnswer[]) =>
    authoringApi.POST("/quizzes/{quizId}/submit", { params: { path: { quizId } }, body: { answers } }),
  /** Scores as a submission would, recording nothing: an author's preview. */
  previewQuiz: (quizId: string, answers: QuizAnswer[]) =>
    appApi.POST("/learn/quizzes/{quizId}/preview", { params: { path: { quizId } }, body: { answers } }),
  checkAnswer: (questionId: string, selectedOptionIds: string[]) =>
    appApi.POST("/learn/questions/{questionId}/check", {
      params: { path: { questionId } },
      body: { selected_option_ids: selectedOptionIds },
    }),
  complete: (lessonId: string) => appApi.POST("/learn/lessons/{lessonId}/complete", { params: { path: { lessonId } } }),
  uncomplete: (lessonId: string) => appApi.DELETE("/learn/lessons/{lessonId}/complete", { params: { path: { lessonId } } }),
};
