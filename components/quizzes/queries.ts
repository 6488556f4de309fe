"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { baseOf, saveOnVersion, type BaseVersion, type VersionedSave } from "@/components/conflicts/save-on-version";
import { restoreFromTrash } from "@/components/trash/queries";
import { appApi, authoringApi } from "@/lib/client/api";
import { quizKeys } from "@/lib/client/query-keys";
import type { QuestionDto, QuizAnswer, QuizAttemptResultDto, QuizDetailDto, QuizInput, QuizSummaryDto } from "@/lib/client/types";

export type { QuizAnswer, QuizAttemptResultDto, QuizDetailDto, QuizSummaryDto };

/** Quiz calls that are not cached queries: the block renderers load and submit quizzes directly. */
export const quizRequests = {
  get: (quizId: string) => authoringApi.GET("/quizzes/{quizId}", { params: { path: { quizId } } }),
  /** Scores the answers on the server and records the attempt. */
  submit: (quizId: string, answers: QuizAnswer[]) =>
    authoringApi.POST("/quizzes/{quizId}/submit", { params: { path: { quizId } }, body: { answers } }),
  /** Scores the answers on the server as a submission would, recording nothing: for authors' previews. */
  preview: (quizId: string, answers: QuizAnswer[]) =>
    appApi.POST("/learn/quizzes/{quizId}/preview", { params: { path: { quizId } }, body: { answers } }),
};

export const useQuizzes = (projectId: string) =>
  useQuery({
    queryKey: quizKeys.list(projectId),
    queryFn: () => authoringApi.GET("/projects/{projectId}/quizzes", { params: { path: { projectId } } }).then((r) => r.quizzes),
  });

export const useQuiz = (quizId: string) => useQuery({ queryKey: quizKeys.detail(quizId), queryFn: () => quizRequests.get(quizId) });

export function useQuizListMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: quizKeys.ofProject(projectId) });
  return {
    create: useMutation({
      mutationFn: (input: QuizInput) =>
        authoringApi.POST("/projects/{projectId}/quizzes", { params: { path: { projectId } }, body: input }),
      onSuccess: (quiz) => {
        client.setQueryData(quizKeys.detail(quiz.id), quiz);
        return refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringApi.DELETE("/quizzes/{quizId}", { params: { path: { quizId: id } } }),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: (id: string) => restoreFromTrash(projectId, { kind: "quiz", id }),
      onSuccess: refresh,
    }),
  };
}

/** PATCH /quizzes/{id}, with If-Match when `ifMatch` is given (409 `conflict` with the quiz now: conflictOf). */
const patchQuiz = (quizId: string, body: { title?: string; pass_percentage?: number; question_ids?: string[] }, ifMatch?: string) =>
  authoringApi.PATCH("/quizzes/{quizId}", {
    params: { path: { quizId } },
    body,
    headers: ifMatch ? { "if-match": ifMatch } : undefined,
  });

/** The part of a quiz its question list edits: the questions' ids, in order. */
export const questionIdsOf = (quiz: QuizDetailDto) => quiz.questions.map((q) => q.id);

/**
 * Renames the quiz on the version the title was typed over (docs/decisions/011). Not `useVersionedSave`:
 * the title form keeps its base in state, as its Save button and a title read anew depend on it.
 */
export function useRenameQuiz(quiz: { id: string; project_id: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ title, base }: { title: string; base: BaseVersion<string> }) =>
      saveOnVersion({
        base,
        mine: title,
        partOf: (q: QuizDetailDto) => q.title,
        send: (ifMatch) => patchQuiz(quiz.id, { title }, ifMatch),
      }),
    onSuccess: ({ outcome, item: saved }) => {
      if (outcome === "conflict") return;
      client.setQueryData<QuizDetailDto>(quizKeys.detail(quiz.id), (old) =>
        old ? { ...old, title: saved.title, updated_at: saved.updated_at } : saved,
      );
      return client.invalidateQueries({ queryKey: quizKeys.ofProject(quiz.project_id) });
    },
  });
}

/**
 * Saves the quiz's pass mark on the version it was set over (If-Match); a mark saved elsewhere
 * meanwhile comes back as a conflict with theirs, as the title's does.
 */
export function useSetPassMark(quiz: { id: string; project_id: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ passPercentage, base }: { passPercentage: number; base: BaseVersion<number> }) =>
      saveOnVersion({
        base,
        mine: passPercentage,
        partOf: (q: QuizDetailDto) => q.pass_percentage,
        send: (ifMatch) => patchQuiz(quiz.id, { pass_percentage: passPercentage }, ifMatch),
      }),
    onSuccess: ({ outcome, item: saved }) => {
      if (outcome === "conflict") return;
      client.setQueryData<QuizDetailDto>(quizKeys.detail(quiz.id), (old) =>
        old ? { ...old, pass_percentage: saved.pass_percentage, updated_at: saved.updated_at } : saved,
      );
      return client.invalidateQueries({ queryKey: quizKeys.ofProject(quiz.project_id) });
    },
  });
}

/**
 * Saves the quiz's questions (the whole set, in order). The screen changes at once; if the server
 * refuses, it goes back to what it showed before and `onRefused` says why. Saves run one after
 * another (scope), so an earlier order arriving late can never overwrite a later one.
 *
 * Each save names the version of the list it was made on (`base`, If-Match: docs/decisions/011).
 * When the list was saved elsewhere meanwhile, the screen keeps the author's list and `onConflict`
 * gets theirs and the author's, to choose. Not `useVersionedSave`: queued optimistic saves each read
 * the base when they run, and the first goes out without one until the page has read the list.
 */
export function useSaveQuizQuestions(
  quiz: { id: string; project_id: string },
  onRefused: (error: Error, change: string) => void,
  onConflict: (theirs: QuizDetailDto, mine: QuestionDto[]) => void,
) {
  const client = useQueryClient();
  const key = quizKeys.detail(quiz.id);
  const mutationKey = quizKeys.questionSaves(quiz.id);
  const isLast = () => client.isMutating({ mutationKey }) === 1;
  // The version the list on the screen is based on; read when each queued save runs, so it is the last one saved.
  const base = useRef<BaseVersion<string[]> | null>(null);
  const mutation = useMutation({
    mutationKey,
    scope: { id: `quiz-questions-${quiz.id}` },
    mutationFn: ({ questions }: { questions: QuestionDto[]; change: string }): Promise<VersionedSave<QuizDetailDto>> => {
      const ids = questions.map((q) => q.id);
      if (!base.current) return patchQuiz(quiz.id, { question_ids: ids }).then((item) => ({ outcome: "saved", item }));
      return saveOnVersion({
        base: base.current,
        mine: ids,
        partOf: questionIdsOf,
        send: (ifMatch) => patchQuiz(quiz.id, { question_ids: ids }, ifMatch),
      });
    },
    onMutate: async ({ questions }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<QuizDetailDto>(key);
      client.setQueryData<QuizDetailDto>(key, (old) => (old ? { ...old, questions } : old));
      return { previous };
    },
    onError: (error, { change }, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      // With saves still queued behind this one, what the server holds is only known after them.
      if (isLast()) client.invalidateQueries({ queryKey: key });
      onRefused(error, change);
    },
    onSuccess: ({ outcome, item }, { questions }) => {
      // The author's list stays on the screen until they choose; later queued saves, made on the same base, ask again.
      if (outcome === "conflict") return onConflict(item, questions);
      base.current = baseOf(item, questionIdsOf);
      // Only the last of several queued saves decides what the screen shows.
      if (isLast()) client.setQueryData(key, item);
    },
    onSettled: () => client.invalidateQueries({ queryKey: quizKeys.ofProject(quiz.project_id) }),
  });
  return { mutation, baseRef: base };
}

/** An author trying their quiz: scored, never recorded. */
export function usePreviewQuiz(quizId: string) {
  return useMutation({ mutationFn: (answers: QuizAnswer[]) => quizRequests.preview(quizId, answers) });
}
