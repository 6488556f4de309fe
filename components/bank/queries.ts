"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { restoreFromTrash, type TrashKindValue } from "@/components/trash/queries";
import { authoringFetch } from "@/lib/client/api";
import { categoryKeys, questionFamilyKeys, questionKeys, quizKeys } from "@/lib/client/query-keys";
import type {
  CategoryDto,
  Page,
  QuestionChange,
  QuestionDto,
  QuestionFamilyChange,
  QuestionFamilyDto,
  QuestionFamilyInput,
  QuestionFilters,
  QuestionInput,
} from "@/lib/client/types";

export type { CategoryDto, QuestionDto, QuestionFamilyDto, QuestionFilters, QuestionInput };

const QUESTION_PAGE = 50;

/** An If-Match header when the caller names the version its change was made on (docs/decisions/011). */
const ifMatchHeader = (ifMatch: string | undefined) => (ifMatch ? { "if-match": ifMatch } : undefined);

/** Quizzes embed full questions, so a change in the bank makes them stale too. */
function refreshQuestions(client: QueryClient, projectId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: questionKeys.ofProject(projectId) }),
    client.invalidateQueries({ queryKey: questionFamilyKeys.ofProject(projectId) }),
    client.invalidateQueries({ queryKey: quizKeys.ofProject(projectId) }),
    client.invalidateQueries({ queryKey: quizKeys.details }),
  ]);
}

// ---- Categories ----------------------------------------------------------------------------

export const useCategories = (projectId: string) =>
  useQuery({
    queryKey: categoryKeys.ofProject(projectId),
    queryFn: () => authoringFetch<Page<"categories", CategoryDto>>(`/projects/${projectId}/categories`).then((r) => r.categories),
  });

export function useCategoryMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: categoryKeys.ofProject(projectId) });
  return {
    create: useMutation({
      mutationFn: (name: string) => authoringFetch<CategoryDto>(`/projects/${projectId}/categories`, { method: "POST", json: { name } }),
      onSuccess: refresh,
    }),
    /** With ifMatch, 409 `conflict` with the category now (conflictOf) when it was saved elsewhere since. */
    rename: useMutation({
      mutationFn: ({ id, name, ifMatch }: { id: string; name: string; ifMatch?: string }) =>
        authoringFetch<CategoryDto>(`/categories/${id}`, { method: "PATCH", json: { name }, headers: ifMatchHeader(ifMatch) }),
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
    queryKey: questionFamilyKeys.ofProject(projectId),
    queryFn: () =>
      authoringFetch<Page<"question_families", QuestionFamilyDto>>(`/projects/${projectId}/question-families`).then(
        (r) => r.question_families,
      ),
  });

export function useFamilyMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: questionFamilyKeys.ofProject(projectId) });
  return {
    create: useMutation({
      mutationFn: (input: QuestionFamilyInput) =>
        authoringFetch<QuestionFamilyDto>(`/projects/${projectId}/question-families`, { method: "POST", json: input }),
      onSuccess: refresh,
    }),
    /** With ifMatch, 409 `conflict` with the family now (conflictOf) when it was saved elsewhere since. */
    update: useMutation({
      mutationFn: ({ id, ifMatch, ...input }: QuestionFamilyChange & { id: string; ifMatch?: string }) =>
        authoringFetch<QuestionFamilyDto>(`/question-families/${id}`, { method: "PATCH", json: input, headers: ifMatchHeader(ifMatch) }),
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
    queryKey: questionKeys.filtered(projectId, filters),
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
    /** With ifMatch, 409 `conflict` with the question now (conflictOf) when it was saved elsewhere since. */
    update: useMutation({
      mutationFn: ({ id, ifMatch, ...input }: QuestionChange & { id: string; ifMatch?: string }) =>
        authoringFetch<QuestionDto>(`/questions/${id}`, { method: "PATCH", json: input, headers: ifMatchHeader(ifMatch) }),
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
    mutationFn: (item: { kind: Extract<TrashKindValue, "question" | "category" | "question_family" | "quiz">; id: string }) =>
      restoreFromTrash(projectId, item),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: categoryKeys.ofProject(projectId) }), refreshQuestions(client, projectId)]),
  });
}
