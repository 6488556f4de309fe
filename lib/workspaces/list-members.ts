import type { Caller } from "@/lib/api/authenticate";
import { can } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";
import { getWorkspaceOrThrow } from "./member-rules";

/** A workspace's members, admins first, and whether the caller may manage them. */
export async function listMembers(tx: Tx, caller: Caller, workspaceId: string) {
  const { workspace, role } = await getWorkspaceOrThrow({ tx, caller, workspaceId, toManage: false });
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
