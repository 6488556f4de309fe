"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appFetch, authoringFetch } from "@/lib/client/api";

export type WorkspaceDto = { id: string; name: string; kind: "personal" | "team"; role: "admin" | "author" | "learner"; can_create_projects: boolean };
export type ProjectDto = { id: string; name: string; description: string; created_at: string; updated_at: string; workspace: { id: string; name: string; kind: string } };
export type DeletedProjectDto = { id: string; name: string; workspace: { id: string; name: string }; deleted_at: string; deleted_by_name: string | null };
export type MemberList = {
  workspace: { id: string; name: string; kind: "personal" | "team" };
  members: { user_id: string; name: string; email: string; role: WorkspaceDto["role"]; is_you: boolean }[];
  can_manage: boolean;
};

export const useWorkspaces = () =>
  useQuery({ queryKey: ["workspaces"], queryFn: () => authoringFetch<{ workspaces: WorkspaceDto[] }>("/workspaces").then((r) => r.workspaces) });

export const useProjects = () =>
  useQuery({ queryKey: ["projects"], queryFn: () => authoringFetch<{ projects: ProjectDto[] }>("/projects").then((r) => r.projects) });

export const useDeletedProjects = () =>
  useQuery({ queryKey: ["projects", "deleted"], queryFn: () => authoringFetch<{ projects: DeletedProjectDto[] }>("/projects/deleted").then((r) => r.projects) });

export function useProjectMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ["projects"] });
  return {
    create: useMutation({
      mutationFn: (input: { name: string; description?: string; workspace_id: string }) => authoringFetch<ProjectDto>("/projects", { method: "POST", json: input }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, ...input }: { id: string; name?: string; description?: string }) => authoringFetch<ProjectDto>(`/projects/${id}`, { method: "PATCH", json: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => authoringFetch(`/projects/${id}`, { method: "DELETE" }), onSuccess: refresh }),
    restore: useMutation({ mutationFn: (id: string) => authoringFetch<ProjectDto>(`/projects/${id}/restore`, { method: "POST" }), onSuccess: refresh }),
  };
}

export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => appFetch<{ id: string }>("/workspaces", { method: "POST", json: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["workspaces"] }),
  });
}

export const useMembers = (workspaceId: string) =>
  useQuery({ queryKey: ["members", workspaceId], queryFn: () => appFetch<MemberList>(`/workspaces/${workspaceId}/members`) });

export function useMemberMutations(workspaceId: string) {
  const client = useQueryClient();
  const set = (data: MemberList) => client.setQueryData(["members", workspaceId], data);
  return {
    add: useMutation({
      mutationFn: (input: { email: string; role: WorkspaceDto["role"] }) => appFetch<MemberList>(`/workspaces/${workspaceId}/members`, { method: "POST", json: input }),
      onSuccess: set,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: WorkspaceDto["role"] }) =>
        appFetch<MemberList>(`/workspaces/${workspaceId}/members/${userId}`, { method: "PATCH", json: { role } }),
      onSuccess: set,
    }),
    remove: useMutation({
      mutationFn: (userId: string) => appFetch<MemberList>(`/workspaces/${workspaceId}/members/${userId}`, { method: "DELETE" }),
      onSuccess: set,
    }),
  };
}
