import type { Caller } from "@/lib/api/authenticate";
import { AppError, validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";
import { listMembers } from "./list-members";
import { getWorkspaceOrThrow, memberKey } from "./member-rules";

/** Adds a user who has an account to a team workspace (its admins only); answers the members now. */
export async function addMember(tx: Tx, caller: Caller, workspaceId: string, input: { email: string; role: WorkspaceRole }) {
  await getWorkspaceOrThrow({ tx, caller, workspaceId, toManage: true });
  const user = await tx.user.findUnique({ where: { email: input.email } });
  if (!user) throw validationError([{ path: "email", message: "No account uses this email; ask them to sign up first" }]);
  const existing = await tx.membership.findUnique({ where: memberKey({ workspaceId, userId: user.id }) });
  if (existing) throw new AppError("conflict", `${user.name} is already a member`);
  await tx.membership.create({ data: { workspaceId, userId: user.id, role: input.role } });
  return listMembers(tx, caller, workspaceId);
}
