import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";

export async function createTeamWorkspace(db: Tx, input: { name: string; ownerUserId: string }) {
  const name = input.name.trim();
  if (!name || name.length > 200) throw new AppError("validation_error", "A workspace name has 1 to 200 characters");
  return db.workspace.create({
    data: { name, kind: "team", memberships: { create: { userId: input.ownerUserId, role: "admin" } } },
  });
}

/** Adds a member to a team workspace, or changes the role of one already there. */
export async function setWorkspaceMember(db: Tx, input: { workspaceId: string; userId: string; role: WorkspaceRole }) {
  const workspace = await db.workspace.findUnique({ where: { id: input.workspaceId } });
  if (!workspace) throw new AppError("not_found", "Workspace not found");
  if (workspace.kind === "personal") {
    throw new AppError("validation_error", "A personal workspace has one member, its owner");
  }
  await db.membership.upsert({
    where: { workspaceId_userId: { workspaceId: input.workspaceId, userId: input.userId } },
    create: { workspaceId: input.workspaceId, userId: input.userId, role: input.role },
    update: { role: input.role },
  });
}
