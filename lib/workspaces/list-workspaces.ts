import { can } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";

/** The workspaces a user belongs to, personal first, each with the user's role in it. */
export async function listWorkspacesForUser(db: Tx, userId: string) {
  const memberships = await db.membership.findMany({
    where: { userId },
    include: { workspace: true },
    orderBy: [{ workspace: { kind: "asc" } }, { workspace: { name: "asc" } }],
  });
  return memberships.map((m) => ({
    id: m.workspace.id,
    name: m.workspace.name,
    kind: m.workspace.kind,
    role: m.role,
    can_create_projects: can(m.role, "project.create"),
  }));
}
