"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Category } from "@/lib/authoring/categories/schemas";
import type { QuestionFamily } from "@/lib/authoring/question-families/schemas";
import type { QuestionDto, QuestionTypeValue } from "@/lib/authoring/questions/schemas";
import { authoringFetch } from "@/lib/client/api";

export type CategoryDto = z.infer<typeof Category>;
export type QuestionFamilyDto = z.infer<typeof QuestionFamily>;
export type { QuestionDto };

export type QuestionFilters = {
  category_id?: string;
  question_family_id?: string;
  question_type?: QuestionTypeValue;
  difficulty?: number;
};

export type QuestionInput = {
  category_id: string;
  question_family_id: string | null;
  prompt: string;
  question_type: QuestionTypeValue;
  difficulty: number;
  options: { id?: string; label: string; is_correct: boolean }[];
};

type Page<K extends string, T> = { [key in K]: T[] } & { has_more: boolean; limit: number; offset: number };

const QUESTION_PAGE = 50;

export const bankKeys = {
  all: (projectId: string) => ["bank", projectId] as const,
  categories: (projectId: string) => ["bank", projectId, "categories"] as const,
  families: (projectId: string) => ["bank", projectId, "families"] as const,
  questions: (projectId: string) => ["bank", projectId, "questions"] as const,
  questionList: (projectId: string, filters: QuestionFilters) => ["bank", projectId, "questions", filters] as const,
};

/** Quizzes embed full questions, so a change in the bank makes them stale too. */
function refreshQuestions(client: QueryClient, projectId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: bankKeys.questions(projectId) }),
    client.invalidateQueries({ queryKey: bankKeys.families(projectId) }),
    client.invalidateQueries({ queryKey: ["quizzes", projectId] }),
    client.invalidateQueries({ queryKey: ["quiz"] }),
  ]);
}

// ---- Categories ----------------------------------------------------------------------------

export const useCategories = (projectId: string) =>
  useQuery({
    queryKey: bankKeys.categories(projectId),
    queryFn: () =>
      authoringFetch<Page<"categories", CategoryDto>>(`/projects/${projectId}/categories`).then((r) => r.categories),
  });

export function useCategoryMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: bankKeys.categories(projectId) });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        authoringFetch<CategoryDto>(`/projects/${projectId}/categories`, { method: "POST", json: { name } }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        authoringFetch<CategoryDto>(`/categories/${id}`, { method: "PATCH", json: { name } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringFetch(`/categories/${id}`, { method: "DELETE" }),
      // The category's questions go to the trash with it.
      onSuccess: () => Promise.all([refresh(), refreshQuestions(client, projectId)]),
    }),
  };
}

// ---- Question families ---------------------------------------------------------------------

export const useFamilies = (projectId: string) =>
  useQuery({
    queryKey: bankKeys.families(projectId),
    queryFn: () =>
      authoringFetch<Page<"question_families", QuestionFamilyDto>>(`/projects/${projectId}/question-families`).then(
        (r) => r.question_families,
      ),
  });

export function useFamilyMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: bankKeys.families(projectId) });
  return {
    create: useMutation({
      mutationFn: (input: { name: string; description?: string }) =>
        authoringFetch<QuestionFamilyDto>(`/projects/${projectId}/question-families`, { method: "POST", json: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: { id: string; name?: string; description?: string }) =>
        authoringFetch<QuestionFamilyDto>(`/question-families/${id}`, { method: "PATCH", json: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringFetch(`/question-families/${id}`, { method: "DELETE" }),
      onSuccess: () => Promise.all([refresh(), refreshQuestions(client, projectId)]),
    }),
  };
}

// ---- Questions -----------------------------------------------------------------------------

function questionsPath(projectId: string, filters: QuestionFilters, offset: number) {
  const search = new URLSearchParams({ limit: String(QUESTION_PAGE), offset: String(offset) });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") search.set(key, String(value));
  return `/projects/${projectId}/questions?${search}`;
}

const allQuestions = (data: { pages: Page<"questions", QuestionDto>[] }) => data.pages.flatMap((p) => p.questions);

/** The bank, newest first, a page at a time. */
export function useQuestions(projectId: string, filters: QuestionFilters) {
  return useInfiniteQuery({
    queryKey: bankKeys.questionList(projectId, filters),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => authoringFetch<Page<"questions", QuestionDto>>(questionsPath(projectId, filters, pageParam)),
    getNextPageParam: (last) => (last.has_more ? last.offset + last.limit : undefined),
    select: allQuestions,
  });
}

export function useQuestionMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => refreshQuestions(client, projectId);
  return {
    create: useMutation({
      mutationFn: (input: QuestionInput) =>
        authoringFetch<QuestionDto>(`/projects/${projectId}/questions`, { method: "POST", json: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: Partial<QuestionInput> & { id: string }) =>
        authoringFetch<QuestionDto>(`/questions/${id}`, { method: "PATCH", json: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringFetch(`/questions/${id}`, { method: "DELETE" }),
      onSuccess: refresh,
    }),
  };
}

/** Takes an item back out of the project's trash (the undo of a delete). */
export function useRestoreFromTrash(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: { kind: "question" | "category" | "question_family" | "quiz"; id: string }) =>
      authoringFetch(`/projects/${projectId}/trash/restore`, { method: "POST", json: item }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: bankKeys.all(projectId) }), refreshQuestions(client, projectId)]),
  });
}
