import { z } from "zod";
import { emailSchema } from "@/lib/accounts/schemas";
import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { DateTime, toIso } from "@/lib/api/schemas";
import { WorkspaceRole } from "@/lib/authoring/workspaces/schemas";
import { write } from "@/lib/db/transaction";
import type { PendingInvitation } from "@/lib/invitations/list-invitations";
import { InvitationDelivery, InviteEmails } from "@/lib/invitations/schemas";
import { addMember } from "./add-member";
import { listMembers } from "./list-members";
import { createTeamWorkspace } from "./manage-workspaces";
import { removeMember } from "./remove-member";
import { updateMember } from "./update-member";
import {
  inviteToWorkspace,
  listWorkspaceInvitations,
  resendWorkspaceInvitation,
  revokeWorkspaceInvitation,
  workspaceToManage,
} from "./workspace-invitations";

const Member = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string().optional().describe("Shown to admins and authors; a learner sees members' names only (and their own email)."),
  role: WorkspaceRole,
  is_you: z.boolean(),
});
const MemberList = z.object({
  workspace: z.object({ id: z.uuid(), name: z.string(), kind: z.enum(["personal", "team"]) }),
  members: z.array(Member),
  can_manage: z.boolean(),
});
const WorkspaceParams = z.object({ workspaceId: z.uuid() });
const MemberParams = z.object({ workspaceId: z.uuid(), userId: z.uuid() });

export const createWorkspaceEndpoint = defineEndpoint({
  operationId: "create_workspace",
  method: "POST",
  path: "/workspaces",
  tag: "Workspaces",
  summary: "Create a team workspace",
  body: z.object({ name: z.string().trim().min(1).max(200) }),
  response: z.object({ id: z.uuid(), name: z.string(), kind: z.literal("team") }),
  status: 201,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const w = await createTeamWorkspace(tx, { name: ctx.body.name, ownerUserId: ctx.caller.userId });
      return { id: w.id, name: w.name, kind: "team" as const };
    }),
});

export const listMembersEndpoint = defineEndpoint({
  operationId: "list_members",
  method: "GET",
  path: "/workspaces/{workspaceId}/members",
  tag: "Workspaces",
  summary: "List a workspace's members",
  params: WorkspaceParams,
  response: MemberList,
  status: 200,
  run: ({ db, caller, params }) => listMembers(db, caller, params.workspaceId),
});

export const addMemberEndpoint = defineEndpoint({
  operationId: "add_member",
  method: "POST",
  path: "/workspaces/{workspaceId}/members",
  tag: "Workspaces",
  summary: "Add an existing user to a team workspace",
  params: WorkspaceParams,
  body: z.object({ email: emailSchema, role: WorkspaceRole }),
  response: MemberList,
  status: 201,
  errors: ["forbidden", "conflict"],
  run: (ctx) => write(ctx, (tx) => addMember(tx, ctx.caller, ctx.params.workspaceId, ctx.body)),
});

export const updateMemberEndpoint = defineEndpoint({
  operationId: "update_member",
  method: "PATCH",
  path: "/workspaces/{workspaceId}/members/{userId}",
  tag: "Workspaces",
  summary: "Change a member's role",
  params: MemberParams,
  body: z.object({ role: WorkspaceRole }),
  response: MemberList,
  status: 200,
  errors: ["forbidden", "conflict"],
  run: (ctx) => write(ctx, (tx) => updateMember(tx, ctx.caller, ctx.params, ctx.body.role)),
});

export const removeMemberEndpoint = defineEndpoint({
  operationId: "remove_member",
  method: "DELETE",
  path: "/workspaces/{workspaceId}/members/{userId}",
  tag: "Workspaces",
  summary: "Remove a member from a team workspace",
  params: MemberParams,
  response: MemberList,
  status: 200,
  errors: ["forbidden", "conflict"],
  run: (ctx) => write(ctx, (tx) => removeMember(tx, ctx.caller, ctx.params)),
});

// ---- Invitations by email (issue 26; docs/decisions/032) -------------------------------------------

const Invitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: WorkspaceRole,
    status: z.enum(["pending", "expired", "accepted", "revoked"]).describe("expired: not used in time; resend it for 7 more days"),
    expires_at: DateTime,
    created_at: DateTime,
    invited_by: z.string().describe("The name of who sent it last"),
    delivery: InvitationDelivery,
  })
  .meta({ id: "WorkspaceInvitation" });
const InvitationList = z.object({ invitations: z.array(Invitation) });
const InvitationParams = z.object({ workspaceId: z.uuid(), invitationId: z.uuid() });

const toInvitation = (i: PendingInvitation) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  status: i.status,
  expires_at: toIso(i.expiresAt),
  created_at: toIso(i.createdAt),
  invited_by: i.invitedByName,
  delivery: i.delivery,
});

/** The workspace and the caller's right to manage it, before the body is read: 404, then 403, then 400. */
const loadManaged = ({ db, caller, params }: LoadContext<{ workspaceId: string }>) => workspaceToManage(db, caller, params.workspaceId);

export const listWorkspaceInvitationsEndpoint = defineEndpoint({
  operationId: "list_workspace_invitations",
  method: "GET",
  path: "/workspaces/{workspaceId}/invitations",
  tag: "Workspaces",
  summary: "List a team workspace's open invitations",
  description: "Invitations nobody has accepted or withdrawn, newest first (expired ones too: they can be sent again). Admins only.",
  params: WorkspaceParams,
  load: loadManaged,
  response: InvitationList,
  status: 200,
  errors: ["forbidden"],
  run: async ({ db, caller, params }) => ({
    invitations: (await listWorkspaceInvitations(db, caller, params.workspaceId)).map(toInvitation),
  }),
});

export const inviteToWorkspaceEndpoint = defineEndpoint({
  operationId: "invite_to_workspace",
  method: "POST",
  path: "/workspaces/{workspaceId}/invitations",
  tag: "Workspaces",
  summary: "Invite people by email to a team workspace",
  description:
    "Mails each address a link valid for 7 days; whoever opens it signs in or signs up with that address and joins with the role. " +
    "An address already invited gets a new link instead of a second invitation. An address of a member refuses the whole request. " +
    "Admins with a verified email only.",
  params: WorkspaceParams,
  load: loadManaged,
  body: z.object({ emails: InviteEmails, role: WorkspaceRole }),
  response: InvitationList,
  status: 201,
  errors: ["forbidden", "email_not_verified"],
  run: (ctx) =>
    write(
      ctx,
      async (tx) => ({ invitations: (await inviteToWorkspace(tx, ctx.caller, ctx.params.workspaceId, ctx.body)).map(toInvitation) }),
      { target: () => ctx.params.workspaceId },
    ),
});

export const resendWorkspaceInvitationEndpoint = defineEndpoint({
  operationId: "resend_workspace_invitation",
  method: "POST",
  path: "/workspaces/{workspaceId}/invitations/{invitationId}/resend",
  tag: "Workspaces",
  summary: "Send an invitation again",
  description: "A new link, valid 7 days from now, in a new mail; the old link stops working. Admins with a verified email only.",
  params: InvitationParams,
  load: loadManaged,
  response: Invitation,
  status: 200,
  errors: ["forbidden", "conflict", "email_not_verified"],
  run: (ctx) => write(ctx, async (tx) => toInvitation(await resendWorkspaceInvitation(tx, ctx.caller, ctx.params))),
});

export const revokeWorkspaceInvitationEndpoint = defineEndpoint({
  operationId: "revoke_workspace_invitation",
  method: "DELETE",
  path: "/workspaces/{workspaceId}/invitations/{invitationId}",
  tag: "Workspaces",
  summary: "Withdraw an invitation",
  description: "Its link stops working at once. Admins only.",
  params: InvitationParams,
  load: loadManaged,
  response: Invitation,
  status: 200,
  errors: ["forbidden", "conflict"],
  run: (ctx) => write(ctx, async (tx) => toInvitation(await revokeWorkspaceInvitation(tx, ctx.caller, ctx.params))),
});
