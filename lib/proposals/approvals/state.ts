import { toUnixOrNull } from "@/lib/api/schemas";
import type { ProposalApproval } from "@/lib/generated/prisma/client";
import type { ApprovalReason } from "./rules";
import type { ApprovalDto } from "./schemas";

/**
 * Where a proposal stands with its company's approval rules (docs/decisions/062). A draft that
 * breaks a rule needs the newest approval round to be an approval of its current version: given
 * for the updated_at it has now. Any edit moves updated_at, so it voids an approval (a request
 * stays open across edits: the owner approves what is there when they decide). A proposal that is
 * no longer a draft tells whether it went out approved.
 */
export function approvalOf(
  proposal: { status: string; updatedAt: Date },
  reasons: ApprovalReason[],
  latest: ProposalApproval | null,
): ApprovalDto {
  const record = latest && toRecord(latest);
  if (proposal.status !== "draft") {
    return latest?.usedAt
      ? { status: "approved", reasons: latest.reasons as ApprovalReason[], voided: false, latest: record }
      : { status: "not_needed", reasons: [], voided: false, latest: record };
  }
  const approvedNow = latest?.status === "approved" && latest.coversUpdatedAt?.getTime() === proposal.updatedAt.getTime();
  const voided = latest?.status === "approved" && !approvedNow;
  if (!reasons.length) return { status: "not_needed", reasons, voided, latest: record };
  if (!latest) return { status: "required", reasons, voided, latest: record };
  const status = latest.status === "approved" ? (approvedNow ? "approved" : "required") : latest.status;
  return { status, reasons, voided, latest: record };
}

function toRecord(row: ProposalApproval) {
  return {
    id: row.id,
    status: row.status,
    requested_by: row.requestedByName,
    requested_at: toUnixOrNull(row.requestedAt),
    request_note: row.requestNote,
    decided_by: row.decidedByName,
    decided_at: toUnixOrNull(row.decidedAt),
    decision_note: row.decisionNote,
  };
}
