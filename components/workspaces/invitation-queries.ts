"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appApi } from "@/lib/client/api";
import { workspaceKeys } from "@/lib/client/query-keys";

export type WorkspaceInvitationRole = "admin" | "author" | "learner";

/** A team workspace's open invitations (admins only). */
export const useWorkspaceInvitations = (workspaceId: string) =>
  useQuery({
    queryKey: workspaceKeys.invitations(workspaceId),
    queryFn: () => appApi.GET("/workspaces/{workspaceId}/invitations", { params: { path: { workspaceId } } }).then((r) => r.invitations),
    // A mail's delivery changes on the server: look again now and then while the page is open.
    refetchInterval: 15_000,
  });

export function useWorkspaceInvitationMutations(workspaceId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: workspaceKeys.invitations(workspaceId) });
  const path = (invitationId: string) => ({ params: { path: { workspaceId, invitationId } } });
  return {
    invite: useMutation({
      mutationFn: (body: { emails: string[]; role: WorkspaceInvitationRole }) =>
        appApi.POST("/workspaces/{workspaceId}/invitations", { params: { path: { workspaceId } }, body }),
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: (invitationId: string) => appApi.POST("/workspaces/{workspaceId}/invitations/{invitationId}/resend", path(invitationId)),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) => appApi.DELETE("/workspaces/{workspaceId}/invitations/{invitationId}", path(invitationId)),
      onSuccess: refresh,
    }),
  };
}
