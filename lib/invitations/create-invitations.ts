import { assertVerified } from "@/lib/accounts/verified";
import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { enqueueInvitationMail } from "./invitation-mail";
import { toPendingInvitation, type PendingInvitation } from "./list-invitations";
import { lockTarget, membersAmong, targetWhere, type InvitationTarget } from "./targets";
import { invitationExpiry, newInvitationToken } from "./token";

/**
 * Invites each address (lower-case, 1 to 50, checked by the schema) to the target with one role,
 * in the caller's transaction together with the mails: all or nothing. An address that already
 * belongs to a member refuses the whole request, naming each such address. An address with a
 * pending invitation to the target gets it again (a new link, 7 more days, this role) instead of a
 * second one. Only a verified account invites (decision 031). Answers the invitations, in the
 * order of the addresses.
 */
export async function createInvitations(
  tx: Tx,
  input: { target: InvitationTarget; inviter: Caller; emails: string[]; role: string },
): Promise<PendingInvitation[]> {
  const { target, inviter, role } = input;
  await assertVerified(tx, inviter.userId, "inviting people");
  await lockTarget(tx, target);
  const emails = [...new Set(input.emails)];
  const members = await membersAmong(tx, target, emails);
  if (members.size) {
    const issues = input.emails.flatMap((email, i) =>
      members.has(email) ? [{ path: `emails.${i}`, message: `${email} is already a member` }] : [],
    );
    throw validationError(issues, `Already members, so not invited: ${[...members].join(", ")}. Nobody was invited`);
  }
  const pending = await tx.invitation.findMany({
    where: { ...targetWhere(target), email: { in: emails }, acceptedAt: null, revokedAt: null },
    orderBy: { createdAt: "asc" },
  });
  const out: PendingInvitation[] = [];
  for (const email of emails) {
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = invitationExpiry();
    const earlier = pending.find((p) => p.email === email);
    const row = earlier
      ? await tx.invitation.update({ where: { id: earlier.id }, data: { tokenHash, expiresAt, role, invitedById: inviter.userId } })
      : await tx.invitation.create({ data: { ...targetWhere(target), email, role, tokenHash, expiresAt, invitedById: inviter.userId } });
    await enqueueInvitationMail(tx, { target, inviter, email, role, token, tokenHash, expiresAt });
    out.push(toPendingInvitation(row, inviter.name, "queued"));
  }
  return out;
}
