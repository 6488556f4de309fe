"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringApi } from "@/lib/client/api";
import { reviewKeys } from "@/lib/client/query-keys";
import { REVIEW_POLL_MS } from "../queries";

export type Reviewer = { name: string; email: string };

const REVIEWER_KEY = "coursewright.reviewer";

/** The name and address a reviewer gave, remembered by this browser for every review link. */
export function readReviewer(): Reviewer | null {
  try {
    const stored = JSON.parse(localStorage.getItem(REVIEWER_KEY) ?? "null") as Reviewer | null;
    return stored && typeof stored.name === "string" && typeof stored.email === "string" ? stored : null;
  } catch {
    return null;
  }
}

export function rememberReviewer(reviewer: Reviewer) {
  try {
    localStorage.setItem(REVIEWER_KEY, JSON.stringify(reviewer));
  } catch {
    // A browser that keeps nothing asks again next time.
  }
}

export const useReviewCourse = (token: string) =>
  useQuery({
    queryKey: [...reviewKeys.byLink(token), "course"],
    queryFn: () => authoringApi.GET("/review/{token}", { params: { path: { token } } }),
    retry: false,
  });

export const useReviewThreads = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: [...reviewKeys.byLink(token), "threads"],
    queryFn: () => authoringApi.GET("/review/{token}/comments", { params: { path: { token }, query: {} } }),
    select: (page) => page.comments,
    enabled,
    refetchInterval: REVIEW_POLL_MS,
  });

export function useReviewerWrites(token: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: reviewKeys.byLink(token) });
  const comment = useMutation({
    mutationFn: (input: Reviewer & { blockId: string; body: string; quote?: string }) =>
      authoringApi.POST("/review/{token}/blocks/{blockId}/comments", {
        params: { path: { token, blockId: input.blockId } },
        body: { name: input.name, email: input.email, body: input.body, quote: input.quote },
      }),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: (input: Reviewer & { commentId: string; body: string }) =>
      authoringApi.POST("/review/{token}/comments/{commentId}/replies", {
        params: { path: { token, commentId: input.commentId } },
        body: { name: input.name, email: input.email, body: input.body },
      }),
    onSuccess: refresh,
  });
  const suggest = useMutation({
    mutationFn: (input: Reviewer & { blockId: string; content: Record<string, unknown>; note?: string }) =>
      authoringApi.POST("/review/{token}/blocks/{blockId}/suggestions", {
        params: { path: { token, blockId: input.blockId } },
        body: { name: input.name, email: input.email, content: input.content, note: input.note },
      }),
  });
  return { comment, reply, suggest };
}
