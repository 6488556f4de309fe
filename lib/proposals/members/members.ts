import type { Caller } from "@/lib/api/authenticate";
import { AppError, forbidden, notFound, validationError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/enums";
import { lockTarget } from "@/lib/invitations/targets";
import { canInCompany, getCompanyRoleOrThrow } from "../access";
import { addCompanyMember } from "../companies/companies";
import type { CompanyMemberDto } from "./schemas";

type MemberRow = { userId: string; role: CompanyRole; createdAt: Date; user: { name: string; email: string } };

const toMember = (m: MemberRow): CompanyMemberDto => ({
  user_id: m.userId,
  name: m.user.name,
  email: m.user.email,
  role: m.role,
  joined_at: toUnix(m.createdAt),
});

const memberInclude = { user: { select: { name: true, email: true } } } as const;

/** The company's active members, owners first, then by name (any active member reads them). */
export async function listCompanyMembers(tx: Tx, companyId: number): Promise<CompanyMemberDto[]> {
  const rows = await tx.companyMember.findMany({
    where: { companyId, disabled: false },
    include: memberInclude,
    orderBy: [{ role: "asc" }, { user: { name: "asc" } }, { userId: "asc" }],
  });
  return rows.map(toMember);
}

async function getActiveMemberOrThrow(tx: Tx, companyId: number, userId: string) {
  const member = await tx.companyMember.findUnique({ where: { companyId_userId: { companyId, userId } }, include: memberInclude });
  if (!member || member.disabled) throw notFound("Member");
  return member;
}

/**
 * A company keeps at least one active owner: someone else must be owner before the last one
 * leaves or stops being one. Called with the company's row locked, so two owners leaving at once
 * cannot both pass.
 */
async function assertOwnerRemains(tx: Tx, companyId: number, leavingUserId: string) {
  const owners = await tx.companyMember.count({ where: { companyId, role: "owner", disabled: false, userId: { not: leavingUserId } } });
  if (owners === 0) throw new AppError("conflict", "A company needs at least one owner: make someone else owner first");
}

/** Adds a user who has an account, by email, with a role (owners only). A disabled member is enabled again. */
export async function addMemberByEmail(tx: Tx, caller: Caller, companyId: number, input: { email: string; role: CompanyRole }) {
  await getCompanyRoleOrThrow({ tx, caller, companyId, toDo: "members.manage" });
  const user = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, name: true } });
  if (!user) throw validationError([{ path: "email", message: `No account uses ${input.email}: invite them by email instead` }]);
  const existing = await tx.companyMember.findUnique({ where: { companyId_userId: { companyId, userId: user.id } } });
  if (existing && !existing.disabled) {
    throw validationError([{ path: "email", message: `${user.name} (${input.email}) is already a member` }]);
  }
  await addCompanyMember(tx, { companyId, userId: user.id, role: input.role });
  return toMember(await getActiveMemberOrThrow(tx, companyId, user.id));
}

/** Changes a member's role (owners only); the last owner is never made a member. */
export async function updateMemberRole(tx: Tx, caller: Caller, ref: { companyId: number; userId: string }, role: CompanyRole) {
  await getCompanyRoleOrThrow({ tx, caller, companyId: ref.companyId, toDo: "members.manage" });
  await lockTarget(tx, { kind: "company", id: ref.companyId });
  const member = await getActiveMemberOrThrow(tx, ref.companyId, ref.userId);
  if (member.role === "owner" && role !== "owner") await assertOwnerRemains(tx, ref.companyId, ref.userId);
  const row = await tx.companyMember.update({
    where: { companyId_userId: { companyId: ref.companyId, userId: ref.userId } },
    data: { role },
    include: memberInclude,
  });
  return toMember(row);
}

/**
 * Removes a member (owners remove anyone; a member may remove themself, i.e. leave); never the
 * last owner. Answers the member as they were.
 */
export async function removeCompanyMember(tx: Tx, caller: Caller, ref: { companyId: number; userId: string }) {
  const isSelf = ref.userId === caller.userId;
  const { role } = await getCompanyRoleOrThrow({ tx, caller, companyId: ref.companyId });
  if (!isSelf && !canInCompany(role, "members.manage")) throw forbidden("Only the company's owners remove members (a member may leave)");
  await lockTarget(tx, { kind: "company", id: ref.companyId });
  const member = await getActiveMemberOrThrow(tx, ref.companyId, ref.userId);
  if (member.role === "owner") await assertOwnerRemains(tx, ref.companyId, ref.userId);
  await tx.companyMember.delete({ where: { companyId_userId: { companyId: ref.companyId, userId: ref.userId } } });
  return toMember(member);
}
