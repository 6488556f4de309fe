import { AppError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/client";
import { lockProposal } from "../proposals/get-proposal";
import { json } from "../proposals/proposal-columns";
import { statusOf } from "../proposals/read-model";
import { getViewableRow, toPublicProposal } from "./public-proposal";
import type { PublicProposal } from "./schemas";

export type RecipientResponse = { action: "accept"; name: string } | { action: "reject" };

type Signature = { name: string; email: string; signed_at: number };

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Why a recipient can no longer answer, in words the page can show as they are. */
function closedMessage(status: string, expiresAt: Date | null): string {
  switch (status) {
    case "accepted":
      return "This proposal has already been accepted";
    case "rejected":
      return "This proposal has already been declined";
    case "expired":
      return `This proposal expired on ${expiresAt ? isoDate(expiresAt) : "its expiry date"}: ask the sender for a new one`;
    case "replaced":
      return "This proposal has been replaced by a newer version: answer the current one, or ask the sender to send it to you";
    case "withdrawn":
      return "The sender has withdrawn this proposal";
    default:
      return `A ${status} proposal cannot be answered`;
  }
}

/**
 * The recipient accepts (signing with their typed name) or rejects an active proposal. The row
 * lock makes two answers arriving together queue up: the second sees the first's status and is
 * refused (409), so a proposal is never both accepted and rejected, nor signed twice.
 *
 * A plain transaction, not write(): the audit trail names a user of the app, and the recipient
 * is not one. Their answer is recorded on the proposal itself (status, status_changed_at, and
 * for an acceptance the signature with its time).
 */
export async function respondToProposal(db: Db, uuid: string, response: RecipientResponse): Promise<{ data: PublicProposal }> {
  return db.$transaction(
    async (tx) => {
      await getViewableRow(tx, uuid);
      await lockProposal(tx, uuid);
      // Read again under the lock, with the recipient: what a concurrent answer wrote is seen here.
      const row = await getViewableRow(tx, uuid);
      const now = new Date();
      const status = statusOf(row, now);
      if (status !== "active") throw new AppError("not_editable", closedMessage(status, row.expiresAt));
      if (response.action === "accept") {
        const signature: Signature = { name: response.name, email: row.recipient?.email ?? "", signed_at: toUnix(now) };
        const signatures = [...((row.signatures ?? []) as Signature[]), signature];
        await tx.proposal.update({ where: { id: uuid }, data: { status: "accepted", statusChangedAt: now, signatures: json(signatures) } });
      } else {
        await tx.proposal.update({ where: { id: uuid }, data: { status: "rejected", statusChangedAt: now } });
      }
      const updated = await getViewableRow(tx, uuid);
      return { data: await toPublicProposal(tx, updated, now) };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}
