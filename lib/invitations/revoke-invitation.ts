import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { toPendingInvitation, type PendingInvitation } from "./list-invitations";
import { targetWhere, type InvitationTarget } from "./targets";

/**
 * An invitation of the target that can still be sent or withdrawn: 404 when there is none (or it
 * was withdrawn), 400 when it was accepted (the person is a member: remove them instead).
 */
export async function getOpenInvitationOrThrow(tx: Tx, target: InvitationTarget, invitationId: string) {
  const row = await tx.invitation.findFirst({ where: { id: invitationId, ...targetWhere(target), revokedAt: null } });
  if (!row) throw notFound("Invitation");
  if (row.acceptedAt) throw new AppError("conflict", `${row.email} has accepted this invitation already: they are a member now`);
  return row;
}

/** Withdraws an invitation: its link stops working at once. Answers it as it was. */
export async function revokeInvitation(tx: Tx, input: { target: InvitationTarget; invitationId: string }): Promise<PendingInvitation> {
  const invitation = await getOpenInvitationOrThrow(tx, input.target, input.invitationId);
  const row = await tx.invitation.update({
    where: { id: invitation.id },
    data: { revokedAt: new Date() },
    include: { invitedBy: { select: { name: true } } },
  });
  return toPendingInvitation(row, row.invitedBy.name, null);
}
