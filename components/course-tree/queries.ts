"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { restoreFromTrash } from "@/components/trash/queries";
import { authoringFetch } from "@/lib/client/api";
import { courseKeys, projectKeys, trashKeys } from "@/lib/client/query-keys";
import type { ProjectOutlineDto, PublishChecksDto } from "@/lib/client/types";
import { applyMove, type Kind, type Move } from "./tree-model";

const COLLECTION: Record<Kind, string> = { course: "courses", module: "modules", lesson: "lessons" };

/** The project's outline: the tree without block content, a small read even for a big project. */
export const fetchOutline = (projectId: string) => authoringFetch<ProjectOutlineDto>(`/projects/${projectId}/outline`);

export const useProjectTree = (projectId: string) =>
  useQuery({ queryKey: projectKeys.tree(projectId), queryFn: () => fetchOutline(projectId) });

/** What publishing the course would show learners that its author may not mean; read fresh each time the dialog opens. */
export const usePublishChecks = (courseId: string) =>
  useQuery({
    queryKey: courseKeys.publishChecks(courseId),
    queryFn: () => authoringFetch<PublishChecksDto>(`/courses/${courseId}/publish-checks`),
    staleTime: 0,
    gcTime: 0,
  });

function requestFor(move: Move): [string, Record<string, unknown>] {
  if (move.kind === "course") return [`/courses/${move.id}`, { position: move.position }];
  if (move.kind === "module") return [`/modules/${move.id}`, { position: move.position }];
  return [`/lessons/${move.id}`, { module_id: move.toModuleId, position: move.position }];
}

/** What a move's PATCH answers of the moved item. */
type Moved = { id: string; position: number; updated_at: string };

/** The moved item as the server placed it: its version, and whether it sits where the tree shows it. */
function placeSaved(tree: ProjectOutlineDto, saved: Moved): { tree: ProjectOutlineDto; agrees: boolean } {
  let agrees = false;
  const put = <T extends { id: string; position: number; updated_at: string }>(node: T, index: number): T => {
    if (node.id !== saved.id) return node;
    agrees = index === saved.position;
    return { ...node, position: saved.position, updated_at: saved.updated_at };
  };
  const courses = tree.courses.map((c, ci) =>
    put({ ...c, modules: c.modules.map((m, mi) => put({ ...m, lessons: m.lessons.map(put) }, mi)) }, ci),
  );
  return { tree: { ...tree, courses }, agrees };
}

/**
 * Moves optimistically and keeps the server's answer: the tree is not read again after a move
 * (on a big project that would be every title, again, per drag). When the server refuses, or
 * placed the item elsewhere than the tree shows, the tree goes back and is read again.
 */
export function useMoveItem(projectId: string) {
  const client = useQueryClient();
  const key = projectKeys.tree(projectId);
  return useMutation({
    mutationFn: (move: Move) => {
      const [path, body] = requestFor(move);
      return authoringFetch<Moved>(path, { method: "PATCH", json: body });
    },
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ProjectOutlineDto>(key);
      if (previous) client.setQueryData(key, applyMove(previous, move));
      return { previous };
    },
    onSuccess: (saved) => {
      const tree = client.getQueryData<ProjectOutlineDto>(key);
      if (!tree) return;
      const placed = placeSaved(tree, saved);
      client.setQueryData(key, placed.tree);
      if (!placed.agrees) void client.invalidateQueries({ queryKey: key });
    },
    onError: (_error, _move, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

type Item = { kind: Kind; id: string };

/** The changes the tree makes besides moves, by name. */
export type TreeChange =
  | { action: "createCourse"; title: string }
  | { action: "createModule"; courseId: string; title: string }
  | { action: "createLesson"; moduleId: string; title: string }
  /** With ifMatch (the item's `updated_at` the title was read at), 409 `conflict` when it was saved elsewhere since. */
  | { action: "rename"; item: Item; title: string; ifMatch?: string }
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
      return authoringFetch(path(change.item), {
        method: "PATCH",
        json: { title: change.title },
        headers: change.ifMatch ? { "if-match": change.ifMatch } : undefined,
      });
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

/** A course, module or lesson's title and version, as its update answers. */
export type TitledVersion = { id: string; title: string; updated_at: string };

/** Puts a renamed item's new title and version into the cached tree, so a next rename is based on it before the tree is read again. */
function writeTitleToTree(tree: ProjectOutlineDto, saved: TitledVersion): ProjectOutlineDto {
  const put = <T extends { id: string }>(node: T): T =>
    node.id === saved.id ? { ...node, title: saved.title, updated_at: saved.updated_at } : node;
  return {
    ...tree,
    courses: tree.courses.map((c) => put({ ...c, modules: c.modules.map((m) => put({ ...m, lessons: m.lessons.map(put) })) })),
  };
}

/** Creates, renames, deletes, restores, publishes: then the tree (and the trash) are read again. */
export function useTreeChange(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TreeChange) => send(projectId, change),
    onSuccess: (saved, change) => {
      if (change.action === "rename")
        client.setQueryData<ProjectOutlineDto>(projectKeys.tree(projectId), (tree) =>
          tree ? writeTitleToTree(tree, saved as TitledVersion) : tree,
        );
    },
    onSettled: () => {
      client.invalidateQueries({ queryKey: projectKeys.tree(projectId) });
      client.invalidateQueries({ queryKey: trashKeys.ofProject(projectId) });
    },
  });
}
