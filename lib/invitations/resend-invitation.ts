import { assertVerified } from "@/lib/accounts/verified";
import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { enqueueInvitationMail } from "./invitation-mail";
import { toPendingInvitation, type PendingInvitation } from "./list-invitations";
import { getOpenInvitationOrThrow } from "./revoke-invitation";
import type { InvitationTarget } from "./targets";
import { invitationExpiry, newInvitationToken } from "./token";

/**
 * Sends a pending (or expired, never used) invitation again: a new link (the old one stops
 * working), valid 7 days from now, in a new mail from the caller.
 */
export async function resendInvitation(
  tx: Tx,
  input: { target: InvitationTarget; inviter: Caller; invitationId: string },
): Promise<PendingInvitation> {
  const { target, inviter } = input;
  await assertVerified(tx, inviter.userId, "inviting people");
  const invitation = await getOpenInvitationOrThrow(tx, target, input.invitationId);
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = invitationExpiry();
  const row = await tx.invitation.update({ where: { id: invitation.id }, data: { tokenHash, expiresAt, invitedById: inviter.userId } });
  await enqueueInvitationMail(tx, { target, inviter, email: row.email, role: row.role, token, tokenHash, expiresAt });
  return toPendingInvitation(row, inviter.name, "queued");
}
