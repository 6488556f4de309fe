import { isVerified } from "@/lib/accounts/verified";
import type { Caller } from "@/lib/api/authenticate";
import { toUnix, toUnixOrNull } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { deliveryKey } from "./deliver-proposal";
import type { ProposalDelivery } from "./schemas";

/**
 * GET /v3/proposals/{uuid}/delivery: whether the proposal was mailed to its recipient, to whom and
 * how far the mail got, from the outbox row the send wrote; and whether the caller may have
 * proposals mailed (the send dialog offers it only then). The caller's access was checked by `load`.
 */
export async function getProposalDelivery(tx: Tx, caller: Caller, uuid: string): Promise<{ data: ProposalDelivery }> {
  const mail = await tx.outboxMail.findUnique({
    where: { dedupeKey: deliveryKey(uuid) },
    select: { kind: true, toAddress: true, status: true, lastError: true, createdAt: true, sentAt: true },
  });
  return {
    data: {
      mail: mail && {
        kind: mail.kind === "proposal_updated" ? "proposal_updated" : "proposal_sent",
        to: mail.toAddress,
        status: mail.status,
        last_error: mail.status === "sent" ? null : mail.lastError,
        queued_at: toUnix(mail.createdAt),
        sent_at: toUnixOrNull(mail.sentAt),
      },
      can_mail: await isVerified(tx, caller.userId),
    },
  };
}
