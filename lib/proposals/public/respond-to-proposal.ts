import type { RequestClient } from "@/lib/api/endpoint";
import { toUnix } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/client";
import { createEnrolments } from "@/lib/enrolments/enrolments";
import { ensureAcceptancePdf } from "../acceptance/acceptance-pdf";
import { recordAcceptance } from "../acceptance/record-acceptance";
import { recipientActor, recordProposalEvent } from "../events/record-event";
import { keepAcceptedValue } from "../pipeline/accepted-value";
import { json } from "../proposals/proposal-columns";
import { TRANSITIONS } from "../proposals/status-rules";
import { lockAnswerableProposal } from "./lock-answerable-proposal";
import { notifyStaff } from "./notify-staff";
import { getViewableRow, toPublicProposal } from "./public-proposal";
import type { PublicProposal } from "./schemas";

/** An acceptance carries the typed name and who sent it; its consent is checked by the body's schema. */
export type RecipientResponse = { action: "accept"; name: string; client?: RequestClient } | { action: "reject" };

type Signature = { name: string; email: string; signed_at: number };

/**
 * The recipient accepts (signing with their typed name) or rejects a proposal whose status allows
 * it, by the same transitions as the staff's (../proposals/status-rules.ts). The row lock makes two
 * answers arriving together queue up (./lock-answerable-proposal.ts): the second sees the first's
 * status and is refused (409), so a proposal is never both accepted and rejected, nor signed twice.
 *
 * A plain transaction, not write(): the audit trail names a user of the app, and the recipient
 * is not one. Their answer is recorded on the proposal itself (status, status_changed_at, and
 * for an acceptance the signature with its time), and mailed to its staff in the same transaction.
 * An acceptance also writes its record there (../acceptance/record-acceptance.ts): the proposal as
 * the recipient saw it, frozen, with the signer's name, time, address, user agent and consent; its
 * PDF is made once the transaction has committed (docs/decisions/036). The courses it sells become
 * enrolments in the same transaction (lib/enrolments/enrolments.ts).
 */
export async function respondToProposal(db: Db, uuid: string, response: RecipientResponse): Promise<{ data: PublicProposal }> {
  const answer = await db.$transaction(
    async (tx) => {
      const { row, now } = await lockAnswerableProposal(tx, uuid, response.action);
      // What the recipient saw and is accepting: the page as it reads before the answer changes it.
      const seen = response.action === "accept" ? await toPublicProposal(tx, row, now) : null;
      const { to } = TRANSITIONS[response.action];
      if (response.action === "accept") {
        const signature: Signature = { name: response.name, email: row.recipient?.email ?? "", signed_at: toUnix(now) };
        const signatures = [...((row.signatures ?? []) as Signature[]), signature];
        await tx.proposal.update({ where: { id: uuid }, data: { status: to, statusChangedAt: now, signatures: json(signatures) } });
        await keepAcceptedValue(tx, row);
      } else {
        await tx.proposal.update({ where: { id: uuid }, data: { status: to, statusChangedAt: now } });
      }
      const updated = await getViewableRow(tx, uuid);
      await notifyStaff(
        tx,
        updated,
        response.action === "accept" ? { kind: "proposal_accepted", signerName: response.name } : { kind: "proposal_rejected" },
      );
      await recordProposalEvent(tx, updated, {
        type: to,
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
        await createEnrolments(tx, uuid);
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
