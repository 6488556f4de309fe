"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringFetch } from "@/lib/client/api";
import { applyMove, type Move, type ProjectTree } from "./tree-model";

export const treeKey = (projectId: string) => ["project-tree", projectId] as const;

export const useProjectTree = (projectId: string) =>
  useQuery({ queryKey: treeKey(projectId), queryFn: () => authoringFetch<ProjectTree>(`/projects/${projectId}`) });

function requestFor(move: Move): [string, Record<string, unknown>] {
  if (move.kind === "course") return [`/courses/${move.id}`, { position: move.position }];
  if (move.kind === "module") return [`/modules/${move.id}`, { position: move.position }];
  return [`/lessons/${move.id}`, { module_id: move.toModuleId, position: move.position }];
}

/** Moves optimistically; when the server refuses, the tree goes back and the caller says why. */
export function useMoveItem(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: Move) => {
      const [path, body] = requestFor(move);
      return authoringFetch(path, { method: "PATCH", json: body });
    },
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: treeKey(projectId) });
      const previous = client.getQueryData<ProjectTree>(treeKey(projectId));
      if (previous) client.setQueryData(treeKey(projectId), applyMove(previous, move));
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) client.setQueryData(treeKey(projectId), context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: treeKey(projectId) }),
  });
}

type Write = { method: "POST" | "PATCH" | "DELETE"; path: string; json?: unknown };

/** Creates, renames, deletes, publishes: then the tree is read again. */
export function useTreeWrite(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, json }: Write) => authoringFetch<{ id: string }>(path, { method, json }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: treeKey(projectId) });
      client.invalidateQueries({ queryKey: ["trash", projectId] });
    },
  });
}
