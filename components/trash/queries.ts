"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { authoringApi } from "@/lib/client/api";
import { projectKeys, trashKeys } from "@/lib/client/query-keys";
import type { TrashItemDto, TrashKindValue, TrashRestoreResultDto } from "@/lib/client/types";

export type { TrashItemDto, TrashKindValue };

const PAGE = 50;

/** Takes an item (and what was deleted with it) back out of the project's trash. */
export const restoreFromTrash = (projectId: string, item: { kind: TrashKindValue; id: string }) =>
  authoringApi.POST("/projects/{projectId}/trash/restore", { params: { path: { projectId } }, body: { kind: item.kind, id: item.id } });

/** The project's trash, newest first, a page at a time. */
export const useTrash = (projectId: string) =>
  useInfiniteQuery({
    queryKey: trashKeys.ofProject(projectId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      authoringApi.GET("/projects/{projectId}/trash", { params: { path: { projectId }, query: { limit: PAGE, offset: pageParam } } }),
    getNextPageParam: (last) => (last.has_more ? last.offset + last.limit : undefined),
  });

/**
 * Restores from the trash page: the trash and the course tree are read again. The screen's own
 * reactions come in as options, so each restore gets them, not only the last one clicked.
 */
export function useRestoreTrashItem(
  projectId: string,
  on: { restored: (result: TrashRestoreResultDto, item: TrashItemDto) => void; refused: (error: Error, item: TrashItemDto) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: TrashItemDto) => restoreFromTrash(projectId, item),
    onSuccess: (result, item) => {
      on.restored(result, item);
      client.invalidateQueries({ queryKey: trashKeys.ofProject(projectId) });
      client.invalidateQueries({ queryKey: projectKeys.tree(projectId) });
    },
    onError: (error, item) => on.refused(error, item),
  });
}
