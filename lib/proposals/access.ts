import type { Caller } from "@/lib/api/authenticate";
import type { LoadContext } from "@/lib/api/endpoint";
import { AppError, forbidden, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CompanyRole } from "@/lib/generated/prisma/enums";

/**
 * Who may touch a company's resources: its active (not disabled) members. Every proposals domain
 * function that loads something scopes it by this; the rule is written here once.
 */
export const isActiveMembership = (member: { disabled: boolean } | null | undefined) => !!member && !member.disabled;

/** The same rule as a `where` on company members: the user's membership, not disabled. */
export const activeMemberWhere = (userId: string) => ({ userId, disabled: false });

/**
 * The same rule as SQL, for a statement that reads it beside something else (the API-key lookup's,
 * lib/api/authenticate.ts `ReadWithKey`): true when `userId` is an active member of `companyId`.
 */
export const activeMemberSql = (companyId: Prisma.Sql, userId: Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM company_members cm WHERE cm.company_id = ${companyId} AND cm.user_id = ${userId} AND NOT cm.disabled)`;

/** The caller's membership of a company as a relation read (`company: { select: { members: ... } }`). */
export const callerMembership = (caller: Caller) => ({ where: { userId: caller.userId }, select: { disabled: true } }) as const;

export async function isCompanyMember(tx: Tx, caller: Caller, companyId: number): Promise<boolean> {
  const member = await tx.companyMember.findUnique({
    where: { companyId_userId: { companyId, userId: caller.userId } },
    select: { disabled: true },
  });
  return isActiveMembership(member);
}

/** The ids of the companies the caller may act for. */
export async function memberCompanyIds(tx: Tx, caller: Caller): Promise<number[]> {
  const rows = await tx.companyMember.findMany({ where: activeMemberWhere(caller.userId), select: { companyId: true } });
  return rows.map((r) => r.companyId);
}

/**
 * A company the caller belongs to, named in a query or body. One they do not belong to answers as
 * a company that does not exist (404), or 401 where the endpoint's contract says so (writes).
 */
export async function getCompanyOrThrow({
  tx,
  caller,
  companyId,
  refusal = "not_found",
}: {
  tx: Tx;
  caller: Caller;
  companyId: number;
  refusal?: "not_found" | "unauthorized";
}) {
  // The company with the caller's membership, in one statement.
  const row = await tx.company.findUnique({
    where: { id: companyId },
    include: { members: callerMembership(caller) },
    relationLoadStrategy: "join",
  });
  if (!row || !isActiveMembership(row.members[0])) {
    // Both answers are the same whether the company exists or not: nothing leaks.
    if (refusal === "unauthorized") throw new AppError("unauthorized", "You are not a member of this company");
    throw notFound("Company");
  }
  const { members: _members, ...company } = row;
  return company;
}

/**
 * What each company role may do beyond what every active member does (build and send the
 * company's proposals): owners manage its members and its webhooks. The one place this
 * is decided (issue 26; docs/decisions/032).
 */
export const COMPANY_PERMISSIONS = {
  owner: ["members.manage", "webhooks.manage", "approvals.manage", "workspace.link"],
  member: [],
} as const satisfies Record<CompanyRole, readonly string[]>;

export type CompanyAction = (typeof COMPANY_PERMISSIONS)[CompanyRole][number];

const REFUSALS: Record<CompanyAction, string> = {
  "members.manage": "Only the company's owners manage its members",
  "webhooks.manage": "Only the company's owners manage its webhooks",
  "approvals.manage": "Only the company's owners set its approval rules and approve or decline proposals",
  "workspace.link": "Only the company's owners choose the workspace whose courses it sells",
};

/**
 * Owner acts refused 403 OWNER_REQUIRED (issue 41 and after, docs/decisions/062); the older ones keep
 * 401, as `forbidden` maps in this service.
 */
const OWNER_REQUIRED: ReadonlySet<CompanyAction> = new Set(["approvals.manage", "workspace.link"]);

export const canInCompany = (role: CompanyRole, action: CompanyAction) => (COMPANY_PERMISSIONS[role] as readonly string[]).includes(action);

/**
 * A company the caller is an active member of, with their role there: 404 to anyone else. With
 * `toDo`, an action their role must allow (401 in this service otherwise, as `forbidden` maps).
 */
export async function getCompanyRoleOrThrow({
  tx,
  caller,
  companyId,
  toDo,
}: {
  tx: Tx;
  caller: Caller;
  companyId: number;
  toDo?: CompanyAction;
}) {
  const company = await tx.company.findUnique({
    where: { id: companyId },
    include: { members: { where: { userId: caller.userId }, select: { role: true, disabled: true } } },
  });
  const member = company?.members[0];
  if (!company || !isActiveMembership(member)) throw notFound("Company");
  if (toDo && !canInCompany(member!.role, toDo)) {
    throw OWNER_REQUIRED.has(toDo) ? new AppError("owner_required", REFUSALS[toDo]) : forbidden(REFUSALS[toDo]);
  }
  return { company, role: member!.role };
}

/** An endpoint's `load` for a company path (`{companyId}`): any active member, or with `toDo`, a role that allows it. */
export const loadCompanyFor =
  (toDo?: CompanyAction) =>
  ({ db, caller, params }: LoadContext<{ companyId: number }>) =>
    getCompanyRoleOrThrow({ tx: db, caller, companyId: params.companyId, toDo });
