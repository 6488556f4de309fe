"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appFetch } from "@/lib/client/api";
import type { BlockDto } from "@/lib/authoring/blocks/schemas";

export type LearnCourseCard = {
  id: string;
  title: string;
  description: string;
  project: { id: string; name: string };
  workspace: { id: string; name: string };
  lesson_count: number;
  completed_count: number;
  next_lesson_id: string | null;
  last_viewed_at: string | null;
};
export type LearnCourse = {
  id: string;
  title: string;
  description: string;
  modules: { id: string; title: string; lessons: { id: string; title: string; completed: boolean }[] }[];
  lesson_count: number;
  completed_count: number;
  next_lesson_id: string | null;
};
export type LearnLesson = {
  id: string;
  title: string;
  preview: boolean;
  course: { id: string; title: string };
  module: { id: string; title: string };
  blocks: BlockDto[];
  previous_lesson_id: string | null;
  next_lesson_id: string | null;
  position: number;
  lesson_count: number;
  completed: boolean;
};
export type Attempt = { attempt_id: string; score_correct: number; score_total: number; percentage: number; created_at: string };

/** The app's own endpoints: learning, results, history. */
export const learnFetch = appFetch;

export const useLearnCourses = () =>
  useQuery({ queryKey: ["learn", "courses"], queryFn: () => learnFetch<{ courses: LearnCourseCard[] }>("/learn/courses").then((r) => r.courses) });

export const useLearnCourse = (courseId: string) =>
  useQuery({ queryKey: ["learn", "course", courseId], queryFn: () => learnFetch<LearnCourse>(`/learn/courses/${courseId}`), retry: false });

export const useLearnLesson = (lessonId: string, preview: boolean) =>
  useQuery({
    queryKey: ["learn", "lesson", lessonId, preview],
    queryFn: () => learnFetch<LearnLesson>(`/learn/lessons/${lessonId}${preview ? "?preview=1" : ""}`),
    retry: false,
  });

export const useAttempts = (quizId: string) =>
  useQuery({ queryKey: ["learn", "attempts", quizId], queryFn: () => learnFetch<{ attempts: Attempt[] }>(`/learn/quizzes/${quizId}`).then((r) => r.attempts) });

export function useCompleteLesson(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => learnFetch(`/learn/lessons/${lessonId}/complete`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["learn"] }),
  });
}
