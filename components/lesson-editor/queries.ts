"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { restoreFromTrash } from "@/components/trash/queries";
import { appApi, authoringApi } from "@/lib/client/api";
import { blockKeys, courseKeys, lessonKeys, moduleKeys, projectKeys, questionKeys, quizKeys } from "@/lib/client/query-keys";
import type {
  BlockChange,
  BlockDto,
  CourseOutlineDto,
  LessonDto,
  ModuleDto,
  NewBlock,
  ProjectOutlineDto,
  QuestionDto,
  QuizSummaryDto,
} from "@/lib/client/types";

export type { BlockDto, CourseOutlineDto, LessonDto, ModuleDto, NewBlock, QuestionDto, QuizSummaryDto };

/** PATCH /blocks/{id} fields the editor sends (never `type`: a block's type is fixed). */
export type BlockPatch = Omit<BlockChange, "type">;

/** How a question block is used in its lesson. */
export type QuestionRole = NonNullable<BlockDto["question_role"]>;

type PageQuery = { limit: number; offset: number };

/** Every page of a list endpoint (limit 500 each), so long lessons and large banks are complete. */
async function listAll<P extends { has_more: boolean }, T>(
  read: (query: PageQuery) => Promise<P>,
  itemsOf: (page: P) => T[],
): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await read({ limit: 500, offset });
    items.push(...itemsOf(page));
    if (!page.has_more) return items;
  }
}

export const useLesson = (lessonId: string) =>
  useQuery({
    queryKey: lessonKeys.detail(lessonId),
    queryFn: () => authoringApi.GET("/lessons/{lessonId}", { params: { path: { lessonId } } }),
  });

/** How often the editor looks for blocks saved elsewhere (another tab, another author): docs/decisions/011. */
export const BLOCKS_POLL_MS = 20_000;

export const useLessonBlocks = (lessonId: string) =>
  useQuery({
    queryKey: blockKeys.ofLesson(lessonId),
    queryFn: () =>
      listAll(
        (query) => authoringApi.GET("/lessons/{lessonId}/blocks", { params: { path: { lessonId }, query } }),
        (page) => page.blocks,
      ),
    refetchInterval: BLOCKS_POLL_MS,
  });

/** The other sessions (authors, this author's other tabs) that saved in the lesson lately, polled like the blocks. */
export const useLessonEditors = (lessonId: string) =>
  useQuery({
    queryKey: lessonKeys.editors(lessonId),
    queryFn: () => appApi.GET("/lessons/{lessonId}/editors", { params: { path: { lessonId } } }),
    refetchInterval: BLOCKS_POLL_MS,
  });

/**
 * The lesson's module and its course's modules and lessons, for the breadcrumb and "Move to
 * lesson…": the course's outline (no block content), a read the size of one course however big
 * the project is. Coming from the course tree, its project outline shows the course meanwhile.
 */
export function useLessonCourse(projectId: string, moduleId: string | undefined) {
  const client = useQueryClient();
  const moduleQuery = useQuery({
    queryKey: moduleKeys.detail(moduleId ?? ""),
    // Not sent without a module id (`enabled`).
    queryFn: () => authoringApi.GET("/modules/{moduleId}", { params: { path: { moduleId: moduleId ?? "" } } }),
    enabled: !!moduleId,
  });
  const courseId = moduleQuery.data?.course_id;
  const course = useQuery({
    queryKey: courseKeys.outline(courseId ?? ""),
    queryFn: () => authoringApi.GET("/courses/{courseId}/outline", { params: { path: { courseId: courseId ?? "" } } }),
    enabled: !!courseId,
    // Read again on each visit: the answer carries an ETag, so an unchanged course is a 304, and a
    // move made in the course tree a moment ago shows here.
    staleTime: 0,
    placeholderData: () => client.getQueryData<ProjectOutlineDto>(projectKeys.tree(projectId))?.courses.find((c) => c.id === courseId),
  });
  return { module: moduleQuery, course };
}

export const useQuestionBank = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: questionKeys.everything(projectId),
    queryFn: () =>
      listAll(
        (query) => authoringApi.GET("/projects/{projectId}/questions", { params: { path: { projectId }, query } }),
        (page) => page.questions,
      ),
    enabled,
  });

export const useQuizList = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: quizKeys.everything(projectId),
    queryFn: () =>
      listAll(
        (query) => authoringApi.GET("/projects/{projectId}/quizzes", { params: { path: { projectId }, query } }),
        (page) => page.quizzes,
      ),
    enabled,
  });

/**
 * PATCH /blocks/{id}. With `ifMatch` (the updated_at the change is based on), the server refuses
 * with 409 `conflict` and the block now (`conflictOf` in components/conflicts) if it was saved elsewhere since.
 */
export const patchBlock = (blockId: string, patch: BlockPatch, options: { ifMatch?: string } = {}) =>
  authoringApi.PATCH("/blocks/{blockId}", {
    params: { path: { blockId } },
    body: patch,
    headers: options.ifMatch ? { "if-match": options.ifMatch } : undefined,
  });

/** Puts a saved block into the lesson's cached list without refetching (positions unchanged). */
export function writeBlockToCache(client: QueryClient, block: BlockDto) {
  client.setQueryData<BlockDto[]>(blockKeys.ofLesson(block.lesson_id), (blocks) =>
    blocks?.map((b) => (b.id === block.id ? { ...block, position: b.position } : b)),
  );
}

const renumber = (blocks: BlockDto[]) => blocks.map((b, i) => (b.position === i ? b : { ...b, position: i }));

export function useRenameLesson(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    // With ifMatch, refused with 409 `conflict` when the lesson was saved elsewhere since (conflictOf).
    mutationFn: ({ title, ifMatch }: { title: string; ifMatch?: string }) =>
      authoringApi.PATCH("/lessons/{lessonId}", {
        params: { path: { lessonId } },
        body: { title },
        headers: ifMatch ? { "if-match": ifMatch } : undefined,
      }),
    onSuccess: (lesson) => {
      client.setQueryData(lessonKeys.detail(lessonId), lesson);
      // The course tree shows lesson titles too.
      void client.invalidateQueries({ queryKey: courseKeys.all });
      void client.invalidateQueries({ queryKey: projectKeys.trees() });
    },
  });
}

export function useCreateBlock(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewBlock) => authoringApi.POST("/lessons/{lessonId}/blocks", { params: { path: { lessonId } }, body: input }),
    onSuccess: (block) => {
      client.setQueryData<BlockDto[]>(blockKeys.ofLesson(lessonId), (blocks = []) => {
        const next = blocks.filter((b) => b.id !== block.id);
        next.splice(Math.min(block.position, next.length), 0, block);
        return renumber(next);
      });
      void client.invalidateQueries({ queryKey: blockKeys.ofLesson(lessonId) });
    },
  });
}

/**
 * Moves a block within the lesson at once on screen; when the server refuses, the previous order
 * comes back (and the caller shows why).
 */
export function useReorderBlock(lessonId: string) {
  const client = useQueryClient();
  const key = blockKeys.ofLesson(lessonId);
  return useMutation({
    mutationFn: ({ blockId, to }: { blockId: string; to: number }) => patchBlock(blockId, { position: to }),
    onMutate: async ({ blockId, to }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<BlockDto[]>(key);
      client.setQueryData<BlockDto[]>(key, (blocks = []) => {
        const from = blocks.findIndex((b) => b.id === blockId);
        if (from < 0) return blocks;
        const next = [...blocks];
        const [moved] = next.splice(from, 1);
        next.splice(Math.min(to, next.length), 0, moved);
        return renumber(next);
      });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteBlock(lessonId: string) {
  const client = useQueryClient();
  const key = blockKeys.ofLesson(lessonId);
  return useMutation({
    mutationFn: (blockId: string) => authoringApi.DELETE("/blocks/{blockId}", { params: { path: { blockId } } }),
    onSuccess: (_r, blockId) => {
      client.setQueryData<BlockDto[]>(key, (blocks) => (blocks ? renumber(blocks.filter((b) => b.id !== blockId)) : blocks));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useRestoreBlock(projectId: string, lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => restoreFromTrash(projectId, { kind: "block", id: blockId }),
    onSettled: () => client.invalidateQueries({ queryKey: blockKeys.ofLesson(lessonId) }),
  });
}

export function useMoveBlockToLesson(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ blockId, targetLessonId }: { blockId: string; targetLessonId: string }) =>
      patchBlock(blockId, { lesson_id: targetLessonId }),
    onSuccess: (block) => {
      client.setQueryData<BlockDto[]>(blockKeys.ofLesson(lessonId), (blocks) =>
        blocks ? renumber(blocks.filter((b) => b.id !== block.id)) : blocks,
      );
      void client.invalidateQueries({ queryKey: blockKeys.ofLesson(lessonId) });
      void client.invalidateQueries({ queryKey: blockKeys.ofLesson(block.lesson_id) });
      void client.invalidateQueries({ queryKey: courseKeys.all });
      void client.invalidateQueries({ queryKey: projectKeys.trees() });
    },
  });
}
