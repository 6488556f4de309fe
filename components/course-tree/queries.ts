"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringFetch } from "@/lib/client/api";
import { projectKeys, trashKeys } from "@/lib/client/query-keys";
import type { ProjectDto } from "@/lib/client/types";
import { restoreFromTrash } from "@/components/trash/queries";
import { applyMove, type Kind, type Move } from "./tree-model";

const COLLECTION: Record<Kind, string> = { course: "courses", module: "modules", lesson: "lessons" };

export const useProjectTree = (projectId: string) =>
  useQuery({ queryKey: projectKeys.tree(projectId), queryFn: () => authoringFetch<ProjectDto>(`/projects/${projectId}`) });

function requestFor(move: Move): [string, Record<string, unknown>] {
  if (move.kind === "course") return [`/courses/${move.id}`, { position: move.position }];
  if (move.kind === "module") return [`/modules/${move.id}`, { position: move.position }];
  return [`/lessons/${move.id}`, { module_id: move.toModuleId, position: move.position }];
}

/** Moves optimistically; when the server refuses, the tree goes back and the caller says why. */
export function useMoveItem(projectId: string) {
  const client = useQueryClient();
  const key = projectKeys.tree(projectId);
  return useMutation({
    mutationFn: (move: Move) => {
      const [path, body] = requestFor(move);
      return authoringFetch(path, { method: "PATCH", json: body });
    },
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ProjectDto>(key);
      if (previous) client.setQueryData(key, applyMove(previous, move));
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

type Item = { kind: Kind; id: string };

/** The changes the tree makes besides moves, by name. */
export type TreeChange =
  | { action: "createCourse"; title: string }
  | { action: "createModule"; courseId: string; title: string }
  | { action: "createLesson"; moduleId: string; title: string }
  | { action: "rename"; item: Item; title: string }
  | { action: "delete"; item: Item }
  | { action: "restore"; item: Item }
  | { action: "publish"; item: Item }
  | { action: "unpublish"; item: Item };

function send(projectId: string, change: TreeChange): Promise<unknown> {
  const path = (item: Item) => `/${COLLECTION[item.kind]}/${item.id}`;
  switch (change.action) {
    case "createCourse":
      return authoringFetch(`/projects/${projectId}/courses`, { method: "POST", json: { title: change.title } });
    case "createModule":
      return authoringFetch(`/courses/${change.courseId}/modules`, { method: "POST", json: { title: change.title } });
    case "createLesson":
      return authoringFetch(`/modules/${change.moduleId}/lessons`, { method: "POST", json: { title: change.title } });
    case "rename":
      return authoringFetch(path(change.item), { method: "PATCH", json: { title: change.title } });
    case "delete":
      return authoringFetch(path(change.item), { method: "DELETE" });
    case "restore":
      return restoreFromTrash(projectId, change.item);
    case "publish":
      return authoringFetch(`${path(change.item)}/publish`, { method: "POST" });
    case "unpublish":
      return authoringFetch(`${path(change.item)}/unpublish`, { method: "POST" });
  }
}

/** Creates, renames, deletes, restores, publishes: then the tree (and the trash) are read again. */
export function useTreeChange(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TreeChange) => send(projectId, change),
    onSettled: () => {
      client.invalidateQueries({ queryKey: projectKeys.tree(projectId) });
      client.invalidateQueries({ queryKey: trashKeys.ofProject(projectId) });
    },
  });
}
