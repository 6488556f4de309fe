import type { RequestClient } from "@/lib/api/endpoint";
import { AppError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/client";
import { ensureAcceptancePdf } from "../acceptance/acceptance-pdf";
import { recordAcceptance } from "../acceptance/record-acceptance";
import { recipientActor, recordProposalEvent } from "../events/record-event";
import { lockProposal } from "../proposals/get-proposal";
import { json } from "../proposals/proposal-columns";
import { statusOf } from "../proposals/read-model";
import { notifyStaff } from "./notify-staff";
import { getViewableRow, toPublicProposal } from "./public-proposal";
import type { PublicProposal } from "./schemas";

/** An acceptance carries the typed name and who sent it; its consent is checked by the body's schema. */
export type RecipientResponse = { action: "accept"; name: string; client?: RequestClient } | { action: "reject" };

type Signature = { name: string; email: string; signed_at: number };

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Why a recipient can no longer answer, choose or ask for changes, in words the page can show as they are. */
export function closedMessage(status: string, expiresAt: Date | null): string {
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
 * for an acceptance the signature with its time), and mailed to its staff in the same transaction.
 * An acceptance also writes its record there (../acceptance/record-acceptance.ts): the proposal as
 * the recipient saw it, frozen, with the signer's name, time, address, user agent and consent; its
 * PDF is made once the transaction has committed (docs/decisions/036).
 */
export async function respondToProposal(db: Db, uuid: string, response: RecipientResponse): Promise<{ data: PublicProposal }> {
  const answer = await db.$transaction(
    async (tx) => {
      await getViewableRow(tx, uuid);
      await lockProposal(tx, uuid);
      // Read again under the lock, with the recipient: what a concurrent answer wrote is seen here.
      const row = await getViewableRow(tx, uuid);
      const now = new Date();
      const status = statusOf(row, now);
      if (status !== "active") throw new AppError("not_editable", closedMessage(status, row.expiresAt));
      // What the recipient saw and is accepting: the page as it reads before the answer changes it.
      const seen = response.action === "accept" ? await toPublicProposal(tx, row, now) : null;
      if (response.action === "accept") {
        const signature: Signature = { name: response.name, email: row.recipient?.email ?? "", signed_at: toUnix(now) };
        const signatures = [...((row.signatures ?? []) as Signature[]), signature];
        await tx.proposal.update({ where: { id: uuid }, data: { status: "accepted", statusChangedAt: now, signatures: json(signatures) } });
      } else {
        await tx.proposal.update({ where: { id: uuid }, data: { status: "rejected", statusChangedAt: now } });
      }
      const updated = await getViewableRow(tx, uuid);
      await notifyStaff(
        tx,
        updated,
        response.action === "accept" ? { kind: "proposal_accepted", signerName: response.name } : { kind: "proposal_rejected" },
      );
      await recordProposalEvent(tx, updated, {
        type: response.action === "accept" ? "accepted" : "rejected",
        actor: recipientActor(updated.recipient, response.action === "accept" ? response.name : undefined),
      });
      if (response.action === "accept" && seen) {
        await recordAcceptance(tx, {
          proposalId: uuid,
          seen,
          signer: { name: response.name, email: row.recipient?.email ?? "" },
          signedAt: now,
          client: response.client,
        });
      }
      return { data: await toPublicProposal(tx, updated, now) };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
  if (response.action === "accept") {
    // Made right after the commit, outside the transaction; a failure here costs nothing the
    // recipient did: the next download makes the PDF from the record (../acceptance/acceptance-pdf.ts).
    await ensureAcceptancePdf(db, uuid).catch((error: unknown) => console.error(`[proposals] the acceptance PDF of ${uuid} waits:`, error));
  }
  return answer;
}
