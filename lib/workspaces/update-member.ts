import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";
import { listMembers } from "./list-members";
import { assertAdminRemains, getMemberOrThrow, getWorkspaceOrThrow, memberKey, type MemberRef } from "./member-rules";

/** Changes a member's role (the workspace's admins only; the last admin stays one); answers the members now. */
export async function updateMember(tx: Tx, caller: Caller, ref: MemberRef, role: WorkspaceRole) {
  await getWorkspaceOrThrow({ tx, caller, workspaceId: ref.workspaceId, toManage: true });
  const member = await getMemberOrThrow(tx, ref);
  if (member.role === "admin" && role !== "admin") await assertAdminRemains(tx, ref.workspaceId, ref.userId);
  await tx.membership.update({ where: memberKey(ref), data: { role } });
  return listMembers(tx, caller, ref.workspaceId);
}
