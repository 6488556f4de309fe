"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appApi, authoringApi } from "@/lib/client/api";
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
    queryFn: () => authoringApi.GET("/workspaces").then((r) => r.workspaces),
  });

export const useProjects = () =>
  useQuery({
    queryKey: projectKeys.list(),
    queryFn: () => authoringApi.GET("/projects").then((r) => r.projects),
  });

export const useDeletedProjects = () =>
  useQuery({
    queryKey: projectKeys.deleted(),
    queryFn: () => authoringApi.GET("/projects/deleted").then((r) => r.projects),
  });

export function useProjectMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: projectKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: ProjectInput) => authoringApi.POST("/projects", { body: input }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, ...input }: ProjectChange & { id: string }) =>
        authoringApi.PATCH("/projects/{projectId}", { params: { path: { projectId: id } }, body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => authoringApi.DELETE("/projects/{projectId}", { params: { path: { projectId: id } } }),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: (id: string) => authoringApi.POST("/projects/{projectId}/restore", { params: { path: { projectId: id } } }),
      onSuccess: refresh,
    }),
  };
}

export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => appApi.POST("/workspaces", { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

export const useMembers = (workspaceId: string, enabled = true) =>
  useQuery({
    queryKey: workspaceKeys.members(workspaceId),
    queryFn: () => appApi.GET("/workspaces/{workspaceId}/members", { params: { path: { workspaceId } } }),
    enabled,
  });

export function useMemberMutations(workspaceId: string) {
  const client = useQueryClient();
  const set = (data: MemberList) => client.setQueryData(workspaceKeys.members(workspaceId), data);
  return {
    add: useMutation({
      mutationFn: (input: { email: string; role: WorkspaceRoleValue }) =>
        appApi.POST("/workspaces/{workspaceId}/members", { params: { path: { workspaceId } }, body: input }),
      onSuccess: set,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: WorkspaceRoleValue }) =>
        appApi.PATCH("/workspaces/{workspaceId}/members/{userId}", { params: { path: { workspaceId, userId } }, body: { role } }),
      onSuccess: set,
    }),
    remove: useMutation({
      mutationFn: (userId: string) =>
        appApi.DELETE("/workspaces/{workspaceId}/members/{userId}", { params: { path: { workspaceId, userId } } }),
      onSuccess: set,
    }),
  };
}
