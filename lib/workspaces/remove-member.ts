import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { listMembers } from "./list-members";
import { assertAdminRemains, getMemberOrThrow, getWorkspaceOrThrow, memberKey, type MemberRef } from "./member-rules";

/** Removes a member from a team workspace (its admins only; never its last admin); answers the members now. */
export async function removeMember(tx: Tx, caller: Caller, ref: MemberRef) {
  await getWorkspaceOrThrow({ tx, caller, workspaceId: ref.workspaceId, toManage: true });
  const member = await getMemberOrThrow(tx, ref);
  if (member.role === "admin") await assertAdminRemains(tx, ref.workspaceId, ref.userId);
  await tx.membership.delete({ where: memberKey(ref) });
  return listMembers(tx, caller, ref.workspaceId);
}
