"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { restoreFromTrash } from "@/components/trash/queries";
import { authoringApi } from "@/lib/client/api";
import { courseKeys, projectKeys, trashKeys } from "@/lib/client/query-keys";
import type { ProjectOutlineDto } from "@/lib/client/types";
import { applyMove, type Kind, type Move } from "./tree-model";

/** The project's outline: the tree without block content, a small read even for a big project. */
export const fetchOutline = (projectId: string) => authoringApi.GET("/projects/{projectId}/outline", { params: { path: { projectId } } });

export const useProjectTree = (projectId: string) =>
  useQuery({ queryKey: projectKeys.tree(projectId), queryFn: () => fetchOutline(projectId) });

/** What publishing the course would show learners that its author may not mean; read fresh each time the dialog opens. */
export const usePublishChecks = (courseId: string) =>
  useQuery({
    queryKey: courseKeys.publishChecks(courseId),
    queryFn: () => authoringApi.GET("/courses/{courseId}/publish-checks", { params: { path: { courseId } } }),
    staleTime: 0,
    gcTime: 0,
  });

function saveMove(move: Move): Promise<Moved> {
  const { id, position } = move;
  if (move.kind === "course") return authoringApi.PATCH("/courses/{courseId}", { params: { path: { courseId: id } }, body: { position } });
  if (move.kind === "module") return authoringApi.PATCH("/modules/{moduleId}", { params: { path: { moduleId: id } }, body: { position } });
  return authoringApi.PATCH("/lessons/{lessonId}", {
    params: { path: { lessonId: id } },
    body: { module_id: move.toModuleId, position },
  });
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
    mutationFn: saveMove,
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

function rename({ kind, id }: Item, title: string, ifMatch?: string) {
  const init = { body: { title }, headers: ifMatch ? { "if-match": ifMatch } : undefined };
  if (kind === "course") return authoringApi.PATCH("/courses/{courseId}", { params: { path: { courseId: id } }, ...init });
  if (kind === "module") return authoringApi.PATCH("/modules/{moduleId}", { params: { path: { moduleId: id } }, ...init });
  return authoringApi.PATCH("/lessons/{lessonId}", { params: { path: { lessonId: id } }, ...init });
}

function remove({ kind, id }: Item) {
  if (kind === "course") return authoringApi.DELETE("/courses/{courseId}", { params: { path: { courseId: id } } });
  if (kind === "module") return authoringApi.DELETE("/modules/{moduleId}", { params: { path: { moduleId: id } } });
  return authoringApi.DELETE("/lessons/{lessonId}", { params: { path: { lessonId: id } } });
}

/** Courses and lessons are published; a module has no state of its own (the tree offers it no button). */
function publish({ kind, id }: Item, action: "publish" | "unpublish") {
  if (kind === "course") {
    const params = { path: { courseId: id } };
    return action === "publish"
      ? authoringApi.POST("/courses/{courseId}/publish", { params })
      : authoringApi.POST("/courses/{courseId}/unpublish", { params });
  }
  if (kind === "lesson") {
    const params = { path: { lessonId: id } };
    return action === "publish"
      ? authoringApi.POST("/lessons/{lessonId}/publish", { params })
      : authoringApi.POST("/lessons/{lessonId}/unpublish", { params });
  }
  throw new Error(`A module cannot ${action}: it is published with its course.`);
}

function send(projectId: string, change: TreeChange): Promise<unknown> {
  switch (change.action) {
    case "createCourse":
      return authoringApi.POST("/projects/{projectId}/courses", { params: { path: { projectId } }, body: { title: change.title } });
    case "createModule":
      return authoringApi.POST("/courses/{courseId}/modules", {
        params: { path: { courseId: change.courseId } },
        body: { title: change.title },
      });
    case "createLesson":
      return authoringApi.POST("/modules/{moduleId}/lessons", {
        params: { path: { moduleId: change.moduleId } },
        body: { title: change.title },
      });
    case "rename":
      return rename(change.item, change.title, change.ifMatch);
    case "delete":
      return remove(change.item);
    case "restore":
      return restoreFromTrash(projectId, change.item);
    case "publish":
    case "unpublish":
      return publish(change.item, change.action);
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
