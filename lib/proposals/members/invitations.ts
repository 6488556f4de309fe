import type { Caller } from "@/lib/api/authenticate";
import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/enums";
import { createInvitations } from "@/lib/invitations/create-invitations";
import { listOpenInvitations, type PendingInvitation } from "@/lib/invitations/list-invitations";
import { resendInvitation } from "@/lib/invitations/resend-invitation";
import { revokeInvitation } from "@/lib/invitations/revoke-invitation";
import type { InvitationTarget } from "@/lib/invitations/targets";
import { getCompanyRoleOrThrow } from "../access";
import type { CompanyInvitationDto } from "./schemas";

export const toCompanyInvitation = (i: PendingInvitation): CompanyInvitationDto => ({
  id: i.id,
  email: i.email,
  role: i.role as CompanyRole,
  status: i.status,
  expires_at: toUnix(i.expiresAt),
  invited_by: i.invitedByName,
  delivery: i.delivery,
});

/** The company as an invitation's target; `toManage`: the caller must be an owner. 404 to a non-member. */
export async function companyTarget(tx: Tx, caller: Caller, companyId: number, toManage: boolean): Promise<InvitationTarget> {
  const { company } = await getCompanyRoleOrThrow({ tx, caller, companyId, toDo: toManage ? "members.manage" : undefined });
  return { kind: "company", id: company.id, name: company.name };
}

export async function listCompanyInvitations(tx: Tx, caller: Caller, companyId: number) {
  return (await listOpenInvitations(tx, await companyTarget(tx, caller, companyId, false))).map(toCompanyInvitation);
}

/** Invites addresses to the company with one role (owners only): see createInvitations. */
export async function inviteToCompany(tx: Tx, caller: Caller, companyId: number, input: { emails: string[]; role: CompanyRole }) {
  const target = await companyTarget(tx, caller, companyId, true);
  return (await createInvitations(tx, { target, inviter: caller, emails: input.emails, role: input.role })).map(toCompanyInvitation);
}

export async function resendCompanyInvitation(tx: Tx, caller: Caller, ref: { companyId: number; invitationId: string }) {
  const target = await companyTarget(tx, caller, ref.companyId, true);
  return toCompanyInvitation(await resendInvitation(tx, { target, inviter: caller, invitationId: ref.invitationId }));
}

export async function revokeCompanyInvitation(tx: Tx, caller: Caller, ref: { companyId: number; invitationId: string }) {
  const target = await companyTarget(tx, caller, ref.companyId, true);
  return toCompanyInvitation(await revokeInvitation(tx, { target, invitationId: ref.invitationId }));
}
