import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";

/** What each workspace role may do (contract.md, Roles). The one place this is decided. */
export const PERMISSIONS = {
  admin: ["content.read_drafts", "content.write", "content.publish", "project.create", "project.update", "project.delete", "members.manage"],
  author: ["content.read_drafts", "content.write", "content.publish", "project.create", "project.update"],
  learner: [],
} as const satisfies Record<WorkspaceRole, readonly string[]>;

export type Action = (typeof PERMISSIONS)["admin"][number];

export function can(role: WorkspaceRole, action: Action): boolean {
  return (PERMISSIONS[role] as readonly string[]).includes(action);
}

export type ProjectAccess = { projectId: string; workspaceId: string; role: WorkspaceRole };

export async function roleIn(tx: Tx, caller: Caller, workspaceId: string): Promise<WorkspaceRole | null> {
  const membership = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: caller.userId } },
    select: { role: true },
  });
  return membership?.role ?? null;
}

/**
 * Loads a project the caller belongs to, or answers 404: a project in a workspace the caller
 * is not in, or one that is deleted, does not exist for them.
 */
export async function getProjectAccess(
  tx: Tx,
  caller: Caller,
  projectId: string,
  action?: Action,
  /** What the caller asked for, named in the 404 (an item of the project answers as itself). */
  what = "Project",
): Promise<ProjectAccess> {
  const project = await tx.project.findFirst({
    where: { id: projectId, deletedAt: null },
    select: { id: true, workspaceId: true },
  });
  if (!project) throw notFound(what);
  const role = await roleIn(tx, caller, project.workspaceId);
  if (!role) throw notFound(what);
  if (action && !can(role, action)) throw notFound(what);
  return { projectId: project.id, workspaceId: project.workspaceId, role };
}

/** Learners see the question bank, quizzes and trash of no project: 404, as for a stranger. */
export function requireEditor(access: ProjectAccess, what: string) {
  if (!can(access.role, "content.read_drafts")) throw notFound(what);
}

export function requireAction(access: ProjectAccess, action: Action, what: string) {
  if (!can(access.role, action)) throw notFound(what);
}

export const isLearner = (access: ProjectAccess) => !can(access.role, "content.read_drafts");

export function forbidden(message: string): AppError {
  return new AppError("forbidden", message);
}
