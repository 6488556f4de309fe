"use client";

import { useQuery } from "@tanstack/react-query";
import { appApi } from "@/lib/client/api";
import { learnKeys } from "@/lib/client/query-keys";
import type { Attempt, LearnCourse, LearnCourseCard, LearnLesson, LearnQuiz } from "@/lib/client/types";

export type { Attempt, LearnCourse, LearnCourseCard, LearnLesson, LearnQuiz };

// The learner's home and course outline read in the browser. The lesson page is rendered on the
// server; its islands call ./requests.ts.

export const useLearnCourses = () =>
  useQuery({
    queryKey: learnKeys.courses(),
    queryFn: () => appApi.GET("/learn/courses").then((r) => r.courses),
  });

export const useLearnCourse = (courseId: string) =>
  useQuery({
    queryKey: learnKeys.course(courseId),
    queryFn: () => appApi.GET("/learn/courses/{courseId}", { params: { path: { courseId } } }),
    retry: false,
  });
