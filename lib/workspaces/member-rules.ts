import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound, validationError } from "@/lib/api/errors";
import { can, roleIn } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";

/**
 * A workspace as the caller may see it, with the caller's role: 404 to a non-member. `toManage`:
 * the caller is about to change its members, which only its admins do, and only in a team.
 */
export async function getWorkspaceOrThrow({
  tx,
  caller,
  workspaceId,
  toManage,
}: {
  tx: Tx;
  caller: Caller;
  workspaceId: string;
  toManage: boolean;
}) {
  const workspace = await tx.workspace.findUnique({ where: { id: workspaceId } });
  const role = workspace ? await roleIn(tx, caller, workspaceId) : null;
  if (!workspace || !role) throw notFound("Workspace");
  if (toManage && !can(role, "members.manage")) throw new AppError("forbidden", "Only workspace admins manage members");
  if (toManage && workspace.kind === "personal")
    throw validationError([{ path: "", message: "A personal workspace has no other members" }]);
  return { workspace, role };
}

export type MemberRef = { workspaceId: string; userId: string };

/** The membership's key, for Prisma's `where`. */
export const memberKey = ({ workspaceId, userId }: MemberRef) => ({ workspaceId_userId: { workspaceId, userId } });

/** The user's membership of the workspace; 404 when they are no member. */
export async function getMemberOrThrow(tx: Tx, ref: MemberRef) {
  const member = await tx.membership.findUnique({ where: memberKey(ref) });
  if (!member) throw notFound("Member");
  return member;
}

/** A team keeps at least one admin. */
export async function assertAdminRemains(tx: Tx, workspaceId: string, leavingUserId: string) {
  const admins = await tx.membership.count({ where: { workspaceId, role: "admin", userId: { not: leavingUserId } } });
  if (admins === 0) throw new AppError("conflict", "A workspace needs at least one admin: make someone else admin first");
}
