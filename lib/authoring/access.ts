import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";

/**
 * What each workspace role may do (contract.md, Roles). The one place this is decided. Reading
 * without `content.read_drafts` means reading what is visible to learners (./visibility.ts).
 */
export const PERMISSIONS = {
  admin: [
    "content.read",
    "quiz.submit",
    "content.read_drafts",
    "content.write",
    "content.publish",
    "project.create",
    "project.update",
    "project.delete",
    "members.manage",
    "members.read_emails",
  ],
  author: [
    "content.read",
    "quiz.submit",
    "content.read_drafts",
    "content.write",
    "content.publish",
    "project.create",
    "project.update",
    "members.read_emails",
  ],
  learner: ["content.read", "quiz.submit"],
} as const satisfies Record<WorkspaceRole, readonly string[]>;

export type Action = (typeof PERMISSIONS)["admin"][number];

export function can(role: WorkspaceRole, action: Action): boolean {
  return (PERMISSIONS[role] as readonly string[]).includes(action);
}

/** The roles that may do an action, for queries over memberships. */
export const rolesWith = (action: Action) => (Object.keys(PERMISSIONS) as WorkspaceRole[]).filter((role) => can(role, action));

/** The same as an SQL list for hand-written queries: `('admin','author')`. */
export const rolesWithSql = (action: Action) =>
  Prisma.raw(
    `(${rolesWith(action)
      .map((role) => `'${role}'`)
      .join(",")})`,
  );

export type ProjectAccess = { projectId: string; workspaceId: string; role: WorkspaceRole };

export const isLearner = (access: ProjectAccess) => !can(access.role, "content.read_drafts");

export async function roleIn(tx: Tx, caller: Caller, workspaceId: string): Promise<WorkspaceRole | null> {
  const membership = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: caller.userId } },
    select: { role: true },
  });
  return membership?.role ?? null;
}

/**
 * Scopes a query to undeleted projects in the caller's workspaces, and selects the caller's role
 * there: a loader finds an item and who the caller is to it in one query.
 */
export const projectOf = (caller: Caller) => ({
  where: { deletedAt: null, workspace: { memberships: { some: { userId: caller.userId } } } },
  select: {
    id: true,
    workspaceId: true,
    workspace: { select: { memberships: { where: { userId: caller.userId }, select: { role: true } } } },
  },
});

type ScopedProject = { id: string; workspaceId: string; workspace: { memberships: { role: WorkspaceRole }[] } };

/**
 * The caller's access to a project found through `projectOf`. With an action, a role that lacks
 * it answers 404 as well: the item is not theirs to touch (403 only where contract.md says so).
 */
export function accessTo(project: ScopedProject, what: string, action?: Action): ProjectAccess {
  const role = project.workspace.memberships[0]?.role;
  if (!role || (action && !can(role, action))) throw notFound(what);
  return { projectId: project.id, workspaceId: project.workspaceId, role };
}

/**
 * A project the caller belongs to, or 404: a project in a workspace the caller is not in, or one
 * that is deleted, does not exist for them. `what` names the item asked for in the 404 (an item
 * of the project answers as itself).
 */
export async function getProjectOrThrow({
  tx,
  caller,
  projectId,
  action,
  what = "Project",
}: {
  tx: Tx;
  caller: Caller;
  projectId: string;
  action?: Action;
  what?: string;
}): Promise<ProjectAccess> {
  const { where, select } = projectOf(caller);
  const project = await tx.project.findFirst({ where: { id: projectId, ...where }, select });
  if (!project) throw notFound(what);
  return accessTo(project, what, action);
}
