import { z } from "zod";
import { emailSchema } from "@/lib/accounts/schemas";
import { defineEndpoint } from "@/lib/api/endpoint";
import { WorkspaceRole } from "@/lib/authoring/workspaces/schemas";
import { write } from "@/lib/db/transaction";
import { addMember } from "./add-member";
import { listMembers } from "./list-members";
import { createTeamWorkspace } from "./manage-workspaces";
import { removeMember } from "./remove-member";
import { updateMember } from "./update-member";

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
