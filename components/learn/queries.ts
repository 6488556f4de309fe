"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { appFetch } from "@/lib/client/api";
import { quizRequests } from "@/components/quizzes/queries";
import { learnKeys } from "@/lib/client/query-keys";
import type { AnswerCheck, Attempt, LearnCourse, LearnCourseCard, LearnLesson, LearnQuiz, QuizAnswer } from "@/lib/client/types";

export type { Attempt, LearnCourse, LearnCourseCard, LearnLesson, LearnQuiz };

export const useLearnCourses = () =>
  useQuery({
    queryKey: learnKeys.courses(),
    queryFn: () => appFetch<{ courses: LearnCourseCard[] }>("/learn/courses").then((r) => r.courses),
  });

export const useLearnCourse = (courseId: string) =>
  useQuery({ queryKey: learnKeys.course(courseId), queryFn: () => appFetch<LearnCourse>(`/learn/courses/${courseId}`), retry: false });

export const useLearnLesson = (lessonId: string, preview: boolean) =>
  useQuery({
    queryKey: learnKeys.lesson(lessonId, preview),
    queryFn: () => appFetch<LearnLesson>(`/learn/lessons/${lessonId}${preview ? "?preview=1" : ""}`),
    retry: false,
  });

export const useAttempts = (quizId: string) =>
  useQuery({
    queryKey: learnKeys.attempts(quizId),
    queryFn: () => appFetch<LearnQuiz>(`/learn/quizzes/${quizId}`).then((r) => r.attempts),
  });

export function useCompleteLesson(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => appFetch(`/learn/lessons/${lessonId}/complete`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: learnKeys.all }),
  });
}

/** What the lesson reader's blocks call: the quiz without answers, scoring, practice checks. */
export const learnRequests = {
  loadQuiz: (quizId: string) => appFetch<LearnQuiz>(`/learn/quizzes/${quizId}`),
  /** Scores on the server; the attempt appears in the quiz's history. */
  submitQuiz: async (client: QueryClient, quizId: string, answers: QuizAnswer[]) => {
    const result = await quizRequests.submit(quizId, answers);
    client.invalidateQueries({ queryKey: learnKeys.attempts(quizId) });
    return result;
  },
  checkAnswer: (questionId: string, selectedOptionIds: string[]) =>
    appFetch<AnswerCheck>(`/learn/questions/${questionId}/check`, { method: "POST", json: { selected_option_ids: selectedOptionIds } }),
};
