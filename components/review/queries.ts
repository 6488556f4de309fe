"use client";

import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringApi } from "@/lib/client/api";
import { blockKeys, reviewKeys } from "@/lib/client/query-keys";
import type { CommentThreadDto, SuggestionDto } from "@/lib/client/types";

export type { CommentThreadDto, SuggestionDto };

/** How often an open lesson looks for new comments and suggestions (those of reviewers and agents). */
export const REVIEW_POLL_MS = 20_000;

/** A lesson's threads, every status (the panel filters them), oldest first. */
export const useLessonThreads = (courseId: string | undefined, lessonId: string) =>
  useQuery({
    queryKey: reviewKeys.threads(courseId ?? "", lessonId),
    queryFn: () =>
      authoringApi.GET("/courses/{courseId}/comments", { params: { path: { courseId: courseId ?? "" }, query: { lesson_id: lessonId } } }),
    select: (page) => page.comments,
    enabled: !!courseId,
    refetchInterval: REVIEW_POLL_MS,
  });

/** A lesson's suggestions still waiting for a decision. */
export const useLessonSuggestions = (courseId: string | undefined, lessonId: string) =>
  useQuery({
    queryKey: reviewKeys.suggestions(courseId ?? "", lessonId),
    queryFn: () =>
      authoringApi.GET("/courses/{courseId}/suggestions", {
        params: { path: { courseId: courseId ?? "" }, query: { lesson_id: lessonId, status: "open" } },
      }),
    select: (page) => page.suggestions,
    enabled: !!courseId,
    refetchInterval: REVIEW_POLL_MS,
  });

/** Open threads per lesson of these courses: the course tree's counts. */
export function useOpenCommentCounts(courseIds: string[]): Map<string, number> {
  return useQueries({
    queries: courseIds.map((courseId) => ({
      queryKey: [...reviewKeys.threads(courseId), "open"],
      queryFn: () => authoringApi.GET("/courses/{courseId}/comments", { params: { path: { courseId }, query: { status: "open" } } }),
    })),
    combine: (results) => {
      const counts = new Map<string, number>();
      for (const result of results)
        for (const t of result.data?.comments ?? []) counts.set(t.lesson_id, (counts.get(t.lesson_id) ?? 0) + 1);
      return counts;
    },
  });
}

/** Every write of the panel refreshes the course's review lists (and, for an accept, the lesson's blocks). */
export function useReviewWrites(courseId: string | undefined, lessonId: string) {
  const client = useQueryClient();
  const refresh = async () => {
    if (courseId) await client.invalidateQueries({ queryKey: reviewKeys.ofCourse(courseId) });
  };
  const comment = useMutation({
    mutationFn: (input: { blockId: string; body: string; quote?: string; mentions?: string[] }) =>
      authoringApi.POST("/blocks/{blockId}/comments", {
        params: { path: { blockId: input.blockId } },
        body: { body: input.body, quote: input.quote, mentions: input.mentions },
      }),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: (input: { commentId: string; body: string; mentions?: string[] }) =>
      authoringApi.POST("/comments/{commentId}/replies", {
        params: { path: { commentId: input.commentId } },
        body: { body: input.body, mentions: input.mentions },
      }),
    onSuccess: refresh,
  });
  const setStatus = useMutation({
    mutationFn: (input: { commentId: string; status: "open" | "resolved" }) =>
      authoringApi.PATCH("/comments/{commentId}", { params: { path: { commentId: input.commentId } }, body: { status: input.status } }),
    onSuccess: refresh,
  });
  const accept = useMutation({
    mutationFn: (input: { suggestionId: string; force?: boolean }) =>
      authoringApi.POST("/suggestions/{suggestionId}/accept", {
        params: { path: { suggestionId: input.suggestionId } },
        body: input.force ? { force: true } : {},
      }),
    onSuccess: async () => {
      await refresh();
      await client.invalidateQueries({ queryKey: blockKeys.ofLesson(lessonId) });
    },
  });
  const reject = useMutation({
    mutationFn: (suggestionId: string) => authoringApi.POST("/suggestions/{suggestionId}/reject", { params: { path: { suggestionId } } }),
    onSuccess: refresh,
  });
  return { comment, reply, setStatus, accept, reject };
}
