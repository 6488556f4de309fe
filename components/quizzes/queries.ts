"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringFetch } from "@/lib/client/api";
import { quizKeys } from "@/lib/client/query-keys";
import type { QuestionDto, QuizAnswer, QuizAttemptResultDto, QuizDetailDto, QuizInput, QuizSummaryDto } from "@/lib/client/types";
import { restoreFromTrash } from "@/components/trash/queries";

export type { QuizAnswer, QuizAttemptResultDto, QuizDetailDto, QuizSummaryDto };

/** Quiz calls that are not cached queries: the block renderers load and submit quizzes directly. */
export const quizRequests = {
  get: (quizId: string) => authoringFetch<QuizDetailDto>(`/quizzes/${quizId}`),
  /** Scores the answers on the server and records the attempt. */
  submit: (quizId: string, answers: QuizAnswer[]) =>
    authoringFetch<QuizAttemptResultDto>(`/quizzes/${quizId}/submit`, { method: "POST", json: { answers } }),
};

export const useQuizzes = (projectId: string) =>
  useQuery({
    queryKey: quizKeys.list(projectId),
    queryFn: () => authoringFetch<{ quizzes: QuizSummaryDto[] }>(`/projects/${projectId}/quizzes`).then((r) => r.quizzes),
  });

export const useQuiz = (quizId: string) => useQuery({ queryKey: quizKeys.detail(quizId), queryFn: () => quizRequests.get(quizId) });

export function useQuizListMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: quizKeys.ofProject(projectId) });
  return {
    create: useMutation({
      mutationFn: (input: QuizInput) => authoringFetch<QuizDetailDto>(`/projects/${projectId}/quizzes`, { method: "POST", json: input }),
      onSuccess: (quiz) => {
        client.setQueryData(quizKeys.detail(quiz.id), quiz);
        return refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringFetch(`/quizzes/${id}`, { method: "DELETE" }),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: (id: string) => restoreFromTrash(projectId, { kind: "quiz", id }),
      onSuccess: refresh,
    }),
  };
}

export function useRenameQuiz(quiz: { id: string; project_id: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => authoringFetch<QuizDetailDto>(`/quizzes/${quiz.id}`, { method: "PATCH", json: { title } }),
    onSuccess: (saved) => {
      client.setQueryData<QuizDetailDto>(quizKeys.detail(quiz.id), (old) =>
        old ? { ...old, title: saved.title, updated_at: saved.updated_at } : saved,
      );
      return client.invalidateQueries({ queryKey: quizKeys.ofProject(quiz.project_id) });
    },
  });
}

/**
 * Saves the quiz's questions (the whole set, in order). The screen changes at once; if the server
 * refuses, it goes back to what it showed before and `onRefused` says why. Saves run one after
 * another (scope), so an earlier order arriving late can never overwrite a later one.
 */
export function useSaveQuizQuestions(quiz: { id: string; project_id: string }, onRefused: (error: Error, change: string) => void) {
  const client = useQueryClient();
  const key = quizKeys.detail(quiz.id);
  const mutationKey = quizKeys.questionSaves(quiz.id);
  const isLast = () => client.isMutating({ mutationKey }) === 1;
  return useMutation({
    mutationKey,
    scope: { id: `quiz-questions-${quiz.id}` },
    mutationFn: ({ questions }: { questions: QuestionDto[]; change: string }) =>
      authoringFetch<QuizDetailDto>(`/quizzes/${quiz.id}`, { method: "PATCH", json: { question_ids: questions.map((q) => q.id) } }),
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
    onSuccess: (saved) => {
      // Only the last of several queued saves decides what the screen shows.
      if (isLast()) client.setQueryData(key, saved);
    },
    onSettled: () => client.invalidateQueries({ queryKey: quizKeys.ofProject(quiz.project_id) }),
  });
}

export function useSubmitQuiz(quizId: string) {
  return useMutation({ mutationFn: (answers: QuizAnswer[]) => quizRequests.submit(quizId, answers) });
}
