import type { Tx } from "@/lib/db/client";
import type { Invitation } from "@/lib/generated/prisma/client";
import { invitationMailKey } from "./invitation-mail";
import type { InvitationDelivery, InvitationStatus } from "./schemas";
import { targetWhere, type InvitationTarget } from "./targets";

/** An invitation as both services describe it (each in its own shape: ISO times or UNIX seconds). */
export type PendingInvitation = {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus;
  expiresAt: Date;
  createdAt: Date;
  invitedByName: string;
  delivery: InvitationDelivery;
};

export function invitationStatus(row: Pick<Invitation, "acceptedAt" | "revokedAt" | "expiresAt">, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

export const toPendingInvitation = (row: Invitation, invitedByName: string, delivery: InvitationDelivery): PendingInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  status: invitationStatus(row),
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
  invitedByName,
  delivery,
});

/** The outbox's word for a mail, as an invitation shows it. */
function deliveryOf(mail: { status: string; attempts: number } | undefined): InvitationDelivery {
  if (!mail) return null;
  if (mail.status === "sent") return "sent";
  if (mail.status === "failed") return "failed";
  if (mail.status === "logged") return "logged";
  return mail.attempts > 0 ? "retrying" : "queued";
}

/**
 * The target's invitations nobody has used or withdrawn, newest first: pending ones and expired
 * ones (which can be sent again), each with what became of its latest mail.
 */
export async function listOpenInvitations(tx: Tx, target: InvitationTarget): Promise<PendingInvitation[]> {
  const rows = await tx.invitation.findMany({
    where: { ...targetWhere(target), acceptedAt: null, revokedAt: null },
    include: { invitedBy: { select: { name: true } } },
    orderBy: [{ createdAt: "desc" }, { email: "asc" }],
  });
  if (!rows.length) return [];
  const mails = await tx.outboxMail.findMany({
    where: { dedupeKey: { in: rows.map((r) => invitationMailKey(r.tokenHash)) } },
    select: { dedupeKey: true, status: true, attempts: true },
  });
  const byKey = new Map(mails.map((m) => [m.dedupeKey, m]));
  return rows.map((row) => toPendingInvitation(row, row.invitedBy.name, deliveryOf(byKey.get(invitationMailKey(row.tokenHash)))));
}
