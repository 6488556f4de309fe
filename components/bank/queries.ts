"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { restoreFromTrash, type TrashKindValue } from "@/components/trash/queries";
import { authoringApi } from "@/lib/client/api";
import { categoryKeys, questionFamilyKeys, questionKeys, quizKeys } from "@/lib/client/query-keys";
import type {
  CategoryDto,
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
    queryFn: () => authoringApi.GET("/projects/{projectId}/categories", { params: { path: { projectId } } }).then((r) => r.categories),
  });

export function useCategoryMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: categoryKeys.ofProject(projectId) });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        authoringApi.POST("/projects/{projectId}/categories", { params: { path: { projectId } }, body: { name } }),
      onSuccess: refresh,
    }),
    /** With ifMatch, 409 `conflict` with the category now (conflictOf) when it was saved elsewhere since. */
    rename: useMutation({
      mutationFn: ({ id, name, ifMatch }: { id: string; name: string; ifMatch?: string }) =>
        authoringApi.PATCH("/categories/{categoryId}", {
          params: { path: { categoryId: id } },
          body: { name },
          headers: ifMatchHeader(ifMatch),
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringApi.DELETE("/categories/{categoryId}", { params: { path: { categoryId: id } } }),
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
      authoringApi.GET("/projects/{projectId}/question-families", { params: { path: { projectId } } }).then((r) => r.question_families),
  });

export function useFamilyMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: questionFamilyKeys.ofProject(projectId) });
  return {
    create: useMutation({
      mutationFn: (input: QuestionFamilyInput) =>
        authoringApi.POST("/projects/{projectId}/question-families", { params: { path: { projectId } }, body: input }),
      onSuccess: refresh,
    }),
    /** With ifMatch, 409 `conflict` with the family now (conflictOf) when it was saved elsewhere since. */
    update: useMutation({
      mutationFn: ({ id, ifMatch, ...input }: QuestionFamilyChange & { id: string; ifMatch?: string }) =>
        authoringApi.PATCH("/question-families/{familyId}", {
          params: { path: { familyId: id } },
          body: input,
          headers: ifMatchHeader(ifMatch),
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringApi.DELETE("/question-families/{familyId}", { params: { path: { familyId: id } } }),
      onSuccess: () => Promise.all([refresh(), refreshQuestions(client, projectId)]),
    }),
  };
}

// ---- Questions -----------------------------------------------------------------------------

/** The bank, newest first, a page at a time. */
export function useQuestions(projectId: string, filters: QuestionFilters) {
  return useInfiniteQuery({
    queryKey: questionKeys.filtered(projectId, filters),
    initialPageParam: 0,
    // An unset filter (undefined) is left out of the query.
    queryFn: ({ pageParam }) =>
      authoringApi.GET("/projects/{projectId}/questions", {
        params: { path: { projectId }, query: { limit: QUESTION_PAGE, offset: pageParam, ...filters } },
      }),
    getNextPageParam: (last) => (last.has_more ? last.offset + last.limit : undefined),
    select: (data) => data.pages.flatMap((p) => p.questions),
  });
}

export function useQuestionMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => refreshQuestions(client, projectId);
  return {
    create: useMutation({
      mutationFn: (input: QuestionInput) =>
        authoringApi.POST("/projects/{projectId}/questions", { params: { path: { projectId } }, body: input }),
      onSuccess: refresh,
    }),
    /** With ifMatch, 409 `conflict` with the question now (conflictOf) when it was saved elsewhere since. */
    update: useMutation({
      mutationFn: ({ id, ifMatch, ...input }: QuestionChange & { id: string; ifMatch?: string }) =>
        authoringApi.PATCH("/questions/{questionId}", {
          params: { path: { questionId: id } },
          body: input,
          headers: ifMatchHeader(ifMatch),
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringApi.DELETE("/questions/{questionId}", { params: { path: { questionId: id } } }),
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
