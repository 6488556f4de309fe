"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appFetch, authoringFetch } from "@/lib/client/api";
import { projectKeys, workspaceKeys } from "@/lib/client/query-keys";
import type {
  DeletedProjectDto,
  MemberList,
  ProjectChange,
  ProjectDto,
  ProjectInput,
  WorkspaceDto,
  WorkspaceRoleValue,
} from "@/lib/client/types";

export type { DeletedProjectDto, MemberList, ProjectDto, WorkspaceDto };

export const useWorkspaces = () =>
  useQuery({
    queryKey: workspaceKeys.all,
    queryFn: () => authoringFetch<{ workspaces: WorkspaceDto[] }>("/workspaces").then((r) => r.workspaces),
  });

export const useProjects = () =>
  useQuery({
    queryKey: projectKeys.list(),
    queryFn: () => authoringFetch<{ projects: ProjectDto[] }>("/projects").then((r) => r.projects),
  });

export const useDeletedProjects = () =>
  useQuery({
    queryKey: projectKeys.deleted(),
    queryFn: () => authoringFetch<{ projects: DeletedProjectDto[] }>("/projects/deleted").then((r) => r.projects),
  });

export function useProjectMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: projectKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: ProjectInput) => authoringFetch<ProjectDto>("/projects", { method: "POST", json: input }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, ...input }: ProjectChange & { id: string }) =>
        authoringFetch<ProjectDto>(`/projects/${id}`, { method: "PATCH", json: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => authoringFetch(`/projects/${id}`, { method: "DELETE" }), onSuccess: refresh }),
    restore: useMutation({
      mutationFn: (id: string) => authoringFetch<ProjectDto>(`/projects/${id}/restore`, { method: "POST" }),
      onSuccess: refresh,
    }),
  };
}

export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => appFetch<{ id: string }>("/workspaces", { method: "POST", json: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

export const useMembers = (workspaceId: string) =>
  useQuery({ queryKey: workspaceKeys.members(workspaceId), queryFn: () => appFetch<MemberList>(`/workspaces/${workspaceId}/members`) });

export function useMemberMutations(workspaceId: string) {
  const client = useQueryClient();
  const set = (data: MemberList) => client.setQueryData(workspaceKeys.members(workspaceId), data);
  return {
    add: useMutation({
      mutationFn: (input: { email: string; role: WorkspaceRoleValue }) =>
        appFetch<MemberList>(`/workspaces/${workspaceId}/members`, { method: "POST", json: input }),
      onSuccess: set,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: WorkspaceRoleValue }) =>
        appFetch<MemberList>(`/workspaces/${workspaceId}/members/${userId}`, { method: "PATCH", json: { role } }),
      onSuccess: set,
    }),
    remove: useMutation({
      mutationFn: (userId: string) => appFetch<MemberList>(`/workspaces/${workspaceId}/members/${userId}`, { method: "DELETE" }),
      onSuccess: set,
    }),
  };
}
