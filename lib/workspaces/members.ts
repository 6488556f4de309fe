import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint } from "@/lib/api/endpoint";
import { AppError, notFound, validationError } from "@/lib/api/errors";
import { can, roleIn } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";
import { write } from "@/lib/db/transaction";
import { WorkspaceRole } from "@/lib/authoring/workspaces/schemas";
import { emailSchema } from "@/lib/accounts/schemas";
import { createTeamWorkspace } from "./manage-workspaces";

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

async function workspaceFor(tx: Tx, caller: Caller, workspaceId: string, manage: boolean) {
  const workspace = await tx.workspace.findUnique({ where: { id: workspaceId } });
  const role = workspace ? await roleIn(tx, caller, workspaceId) : null;
  if (!workspace || !role) throw notFound("Workspace");
  if (manage && !can(role, "members.manage")) throw new AppError("forbidden", "Only workspace admins manage members");
  if (manage && workspace.kind === "personal") throw validationError([{ path: "", message: "A personal workspace has no other members" }]);
  return { workspace, role };
}

async function listMembers(tx: Tx, caller: Caller, workspaceId: string) {
  const { workspace, role } = await workspaceFor(tx, caller, workspaceId, false);
  const members = await tx.membership.findMany({
    where: { workspaceId },
    include: { user: true },
    orderBy: [{ role: "asc" }, { user: { name: "asc" } }],
  });
  return {
    workspace: { id: workspace.id, name: workspace.name, kind: workspace.kind },
    members: members.map((m) => ({
      user_id: m.userId,
      name: m.user.name,
      // A learner has no use for other members' addresses: names only (issue 12, 11).
      email: can(role, "members.read_emails") || m.userId === caller.userId ? m.user.email : undefined,
      role: m.role,
      is_you: m.userId === caller.userId,
    })),
    can_manage: workspace.kind === "team" && can(role, "members.manage"),
  };
}

/** A team keeps at least one admin. */
async function assertAdminRemains(tx: Tx, workspaceId: string, leavingUserId: string) {
  const admins = await tx.membership.count({ where: { workspaceId, role: "admin", userId: { not: leavingUserId } } });
  if (admins === 0) throw new AppError("conflict", "A workspace needs at least one admin: make someone else admin first");
}

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
  run: (ctx) =>
    write(ctx, async (tx) => {
      await workspaceFor(tx, ctx.caller, ctx.params.workspaceId, true);
      const user = await tx.user.findUnique({ where: { email: ctx.body.email } });
      if (!user) throw validationError([{ path: "email", message: "No account uses this email; ask them to sign up first" }]);
      const existing = await tx.membership.findUnique({
        where: { workspaceId_userId: { workspaceId: ctx.params.workspaceId, userId: user.id } },
      });
      if (existing) throw new AppError("conflict", `${user.name} is already a member`);
      await tx.membership.create({ data: { workspaceId: ctx.params.workspaceId, userId: user.id, role: ctx.body.role } });
      return listMembers(tx, ctx.caller, ctx.params.workspaceId);
    }),
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
  run: (ctx) =>
    write(ctx, async (tx) => {
      await workspaceFor(tx, ctx.caller, ctx.params.workspaceId, true);
      const where = { workspaceId_userId: { workspaceId: ctx.params.workspaceId, userId: ctx.params.userId } };
      const member = await tx.membership.findUnique({ where });
      if (!member) throw notFound("Member");
      if (member.role === "admin" && ctx.body.role !== "admin") await assertAdminRemains(tx, ctx.params.workspaceId, ctx.params.userId);
      await tx.membership.update({ where, data: { role: ctx.body.role } });
      return listMembers(tx, ctx.caller, ctx.params.workspaceId);
    }),
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
  run: (ctx) =>
    write(ctx, async (tx) => {
      await workspaceFor(tx, ctx.caller, ctx.params.workspaceId, true);
      const where = { workspaceId_userId: { workspaceId: ctx.params.workspaceId, userId: ctx.params.userId } };
      const member = await tx.membership.findUnique({ where });
      if (!member) throw notFound("Member");
      if (member.role === "admin") await assertAdminRemains(tx, ctx.params.workspaceId, ctx.params.userId);
      await tx.membership.delete({ where });
      return listMembers(tx, ctx.caller, ctx.params.workspaceId);
    }),
});
