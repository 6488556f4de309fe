import { can } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";

/** Whether this role only takes the workspace's courses: its people start in Learn, not in authoring. */
export const onlyLearnsAs = (role: WorkspaceRole) => !can(role, "content.read_drafts");

/**
 * Where a user starts after signing in without a destination: Learn for someone who only takes
 * courses (a learner in every team workspace they belong to, in at least one, with nothing of their
 * own in their personal workspace), the authoring home for everyone else.
 */
export async function homePathFor(db: Tx, userId: string): Promise<"/learn" | "/"> {
  const memberships = await db.membership.findMany({
    where: { userId },
    select: { role: true, workspace: { select: { kind: true, _count: { select: { projects: { where: { deletedAt: null } } } } } } },
  });
  const teams = memberships.filter((m) => m.workspace.kind === "team");
  const ownsProjects = memberships.some((m) => m.workspace.kind === "personal" && m.workspace._count.projects > 0);
  const onlyLearns = teams.length > 0 && teams.every((m) => onlyLearnsAs(m.role));
  return onlyLearns && !ownsProjects ? "/learn" : "/";
}
