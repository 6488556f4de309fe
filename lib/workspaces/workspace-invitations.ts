import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";
import { createInvitations } from "@/lib/invitations/create-invitations";
import { listOpenInvitations } from "@/lib/invitations/list-invitations";
import { resendInvitation } from "@/lib/invitations/resend-invitation";
import { revokeInvitation } from "@/lib/invitations/revoke-invitation";
import type { InvitationTarget } from "@/lib/invitations/targets";
import { getWorkspaceOrThrow } from "./member-rules";

/** A team workspace whose members the caller manages (its admins), as an invitation's target: 404 to a non-member, 403 to another member. */
export async function workspaceToManage(tx: Tx, caller: Caller, workspaceId: string): Promise<InvitationTarget> {
  const { workspace } = await getWorkspaceOrThrow({ tx, caller, workspaceId, toManage: true });
  return { kind: "workspace", id: workspace.id, name: workspace.name };
}

/** Invites addresses to a team workspace with one role (its admins only): see createInvitations. */
export async function inviteToWorkspace(tx: Tx, caller: Caller, workspaceId: string, input: { emails: string[]; role: WorkspaceRole }) {
  const target = await workspaceToManage(tx, caller, workspaceId);
  return createInvitations(tx, { target, inviter: caller, emails: input.emails, role: input.role });
}

export async function listWorkspaceInvitations(tx: Tx, caller: Caller, workspaceId: string) {
  return listOpenInvitations(tx, await workspaceToManage(tx, caller, workspaceId));
}

export async function resendWorkspaceInvitation(tx: Tx, caller: Caller, ref: { workspaceId: string; invitationId: string }) {
  const target = await workspaceToManage(tx, caller, ref.workspaceId);
  return resendInvitation(tx, { target, inviter: caller, invitationId: ref.invitationId });
}

export async function revokeWorkspaceInvitation(tx: Tx, caller: Caller, ref: { workspaceId: string; invitationId: string }) {
  const target = await workspaceToManage(tx, caller, ref.workspaceId);
  return revokeInvitation(tx, { target, invitationId: ref.invitationId });
}
