import { AppError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/client";
import { recipientActor, recordProposalEvent } from "../events/record-event";
import type { ProposalDto } from "../proposals/schemas";
import { MAX_CHANGE_REQUESTS } from "./change-request-rules";
import { lockAnswerableProposal } from "./lock-answerable-proposal";
import { notifyStaff } from "./notify-staff";
import type { ChangeRequestBody } from "./schemas";

type ChangeRequestDto = ProposalDto["change_requests"][number];

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * "Ask for changes" on /p/{uuid} (docs/decisions/037): the customer's message is kept with the
 * proposal (the editor shows it with one click to a new version), recorded in its trail as
 * `changes_requested` (which queues the `proposal.changes_requested` webhook) and mailed to its
 * creator and contact person, all in one transaction. The proposal stays active.
 *
 * Refused, with nothing written: a proposal whose status does not allow `askForChanges`
 * (../proposals/status-rules.ts; 409, as an answer would be), the same message again (a replay:
 * 400 conflict), and more than MAX_CHANGE_REQUESTS on one proposal (each mails its staff; past
 * that the customer has the sender's address). The row lock queues two requests sent together
 * (./lock-answerable-proposal.ts), so a double submit is one request and one refusal.
 */
export async function requestChanges(db: Db, uuid: string, body: ChangeRequestBody): Promise<{ data: ChangeRequestDto }> {
  const message = body.message.replace(/\r\n?/g, "\n");
  const name = body.name ?? "";
  return db.$transaction(
    async (tx) => {
      const { row } = await lockAnswerableProposal(tx, uuid, "askForChanges");
      const earlier = await tx.proposalChangeRequest.findMany({
        where: { proposalId: uuid },
        select: { message: true, createdAt: true },
        orderBy: { id: "asc" },
      });
      const same = earlier.find((r) => r.message === message);
      if (same) {
        throw new AppError(
          "conflict",
          `You already sent this request on ${isoDate(same.createdAt)}: ${row.company.name} has it. Write what else you would like changed.`,
        );
      }
      if (earlier.length >= MAX_CHANGE_REQUESTS) {
        throw new AppError(
          "conflict",
          `This proposal already has ${MAX_CHANGE_REQUESTS} requests for changes: write to ${row.company.name} directly, or wait for their new version.`,
        );
      }
      const created = await tx.proposalChangeRequest.create({ data: { proposalId: uuid, message, name } });
      await notifyStaff(tx, row, { kind: "proposal_changes_requested", message, requesterName: name }, { occurrence: String(created.id) });
      await recordProposalEvent(tx, row, {
        type: "changes_requested",
        actor: recipientActor(row.recipient, name || undefined),
        detail: { message, name },
      });
      return { data: { message, name, created_at: toUnix(created.createdAt) } };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}
