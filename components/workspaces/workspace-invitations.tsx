"use client";

import { InvitationsSection } from "@/components/invitations/invitations-section";
import { useWorkspaceInvitationMutations, useWorkspaceInvitations, type WorkspaceInvitationRole } from "./invitation-queries";

/** A team workspace's invitations, on its members page (admins only). */
export function WorkspaceInvitations({ workspaceId, roles }: { workspaceId: string; roles: readonly string[] }) {
  const invitations = useWorkspaceInvitations(workspaceId);
  const { invite, resend, revoke } = useWorkspaceInvitationMutations(workspaceId);
  return (
    <InvitationsSection
      roles={roles}
      defaultRole="author"
      isLoading={invitations.isPending}
      loadError={invitations.error?.message}
      invitations={invitations.data?.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        status: i.status,
        expiresAt: new Date(i.expires_at),
        invitedBy: i.invited_by,
        delivery: i.delivery,
      }))}
      invite={(emails, role) => invite.mutateAsync({ emails, role: role as WorkspaceInvitationRole })}
      resend={(id) => resend.mutateAsync(id)}
      revoke={(id) => revoke.mutateAsync(id)}
    />
  );
}
