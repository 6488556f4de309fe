import type { Tx } from "@/lib/db/client";
import type { CompanyRole, WorkspaceRole } from "@/lib/generated/prisma/enums";
import { onlyLearnsAs } from "@/lib/workspaces/home-path";

/**
 * What an invitation invites to: a team workspace (with a workspace role), a company (with a
 * company role), or a seat of an enrolment (role `learner`: the one course it grants, issue 43).
 * Everything that differs between them is here; the rest of lib/invitations treats them alike.
 */
export type InvitationTarget =
  | { kind: "workspace"; id: string; name: string }
  | { kind: "company"; id: number; name: string }
  | { kind: "enrolment"; id: string; name: string; courseId: string; providerName: string };

export const WORKSPACE_INVITATION_ROLES = ["admin", "author", "learner"] as const satisfies readonly WorkspaceRole[];
export const COMPANY_INVITATION_ROLES = ["owner", "member"] as const satisfies readonly CompanyRole[];

/** The invitations of this target, as a Prisma `where`. */
export const targetWhere = (target: InvitationTarget) =>
  target.kind === "workspace"
    ? { workspaceId: target.id }
    : target.kind === "company"
      ? { companyId: target.id }
      : { enrolmentId: target.id };

/**
 * Where an accepted invitation leads, for the role the member has there: the company's proposals;
 * the workspace's home for its authors and admins; Learn showing the workspace's courses for a
 * learner, who has nothing to author there (the same rule as sign-in's start, lib/workspaces/home-path.ts).
 */
export function targetPath(target: InvitationTarget, role: string) {
  if (target.kind === "company") return `/proposals?company=${target.id}`;
  if (target.kind === "enrolment") return `/learn/courses/${target.courseId}`;
  return onlyLearnsAs(role as WorkspaceRole) ? `/learn?workspace=${target.id}` : `/?workspace=${target.id}`;
}

/**
 * Holds the target's row until the transaction ends: two requests inviting the same address to
 * the same target take turns, so one sends and the other re-sends instead of both inviting, and
 * two owners leaving at once cannot leave a company without one.
 */
export async function lockTarget(tx: Tx, target: Pick<InvitationTarget, "kind" | "id">) {
  if (target.kind === "workspace") await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${target.id}::uuid FOR UPDATE`;
  else if (target.kind === "company") await tx.$queryRaw`SELECT id FROM companies WHERE id = ${target.id} FOR UPDATE`;
  else await tx.$queryRaw`SELECT id FROM enrolments WHERE id = ${target.id}::uuid FOR UPDATE`;
}

/** Which of these (lower-case) addresses are active members of the target already. */
export async function membersAmong(tx: Tx, target: InvitationTarget, emails: string[]): Promise<Set<string>> {
  // A seat is no membership: the enrolment sorts out who holds one (lib/enrolments/learners.ts).
  if (!emails.length || target.kind === "enrolment") return new Set();
  const users =
    target.kind === "workspace"
      ? await tx.user.findMany({
          where: { email: { in: emails }, memberships: { some: { workspaceId: target.id } } },
          select: { email: true },
        })
      : await tx.user.findMany({
          where: { email: { in: emails }, companyMemberships: { some: { companyId: target.id, disabled: false } } },
          select: { email: true },
        });
  return new Set(users.map((u) => u.email));
}

/**
 * Makes the user a member with the invitation's role, and answers the role they have now. Someone
 * who became a member meanwhile (added directly) keeps the role they have; a disabled company
 * member is enabled again with this role.
 */
export async function joinTarget(tx: Tx, target: InvitationTarget, userId: string, role: string): Promise<string> {
  // The seat was taken when the learner was invited, by address; the verified address opens the course.
  if (target.kind === "enrolment") return role;
  if (target.kind === "workspace") {
    const member = await tx.membership.upsert({
      where: { workspaceId_userId: { workspaceId: target.id, userId } },
      create: { workspaceId: target.id, userId, role: role as WorkspaceRole },
      update: {},
    });
    return member.role;
  }
  const existing = await tx.companyMember.findUnique({ where: { companyId_userId: { companyId: target.id, userId } } });
  if (existing && !existing.disabled) return existing.role;
  await tx.companyMember.upsert({
    where: { companyId_userId: { companyId: target.id, userId } },
    create: { companyId: target.id, userId, role: role as CompanyRole },
    update: { disabled: false, role: role as CompanyRole },
  });
  return role;
}

/** The target an invitation row names, with its name now. */
export async function targetOf(
  tx: Tx,
  row: { workspaceId: string | null; companyId: number | null; enrolmentId?: string | null },
): Promise<InvitationTarget> {
  if (row.enrolmentId) {
    const e = await tx.enrolment.findUniqueOrThrow({
      where: { id: row.enrolmentId },
      select: { id: true, course: { select: { id: true, title: true, project: { select: { workspace: { select: { name: true } } } } } } },
    });
    return { kind: "enrolment", id: e.id, name: e.course.title, courseId: e.course.id, providerName: e.course.project.workspace.name };
  }
  if (row.workspaceId) {
    const w = await tx.workspace.findUniqueOrThrow({ where: { id: row.workspaceId }, select: { id: true, name: true } });
    return { kind: "workspace", id: w.id, name: w.name };
  }
  const c = await tx.company.findUniqueOrThrow({ where: { id: row.companyId! }, select: { id: true, name: true } });
  return { kind: "company", id: c.id, name: c.name };
}
