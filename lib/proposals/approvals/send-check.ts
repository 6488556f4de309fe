import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { readProposal } from "../proposals/get-proposal";
import { describeReason, maySend } from "./rules";

/**
 * Called by send with the draft locked: a draft that breaks a rule goes out only with an owner's
 * approval of this version, which the send then marks used (a sent proposal tells it went out
 * approved). 409 APPROVAL_REQUIRED names each rule it breaks.
 */
export async function assertApprovedForSending(tx: Tx, uuid: string): Promise<void> {
  const { approval, currency } = await readProposal(tx, uuid);
  if (!maySend(approval)) {
    const waiting =
      approval.status === "requested"
        ? " An owner has been asked and has not answered yet."
        : approval.status === "declined"
          ? " An owner declined it: change it, or ask again."
          : approval.voided
            ? " It was approved, then edited: ask an owner to approve it again."
            : " Ask an owner to approve it.";
    throw new AppError(
      "approval_required",
      `This draft needs an owner's approval before it is sent: it has ${approval.reasons.map((r) => describeReason(r, currency)).join(" and ")}.${waiting}`,
      { reasons: approval.reasons },
    );
  }
  if (approval.status === "approved" && approval.latest) {
    await tx.proposalApproval.update({ where: { id: approval.latest.id }, data: { usedAt: new Date() } });
  }
}
