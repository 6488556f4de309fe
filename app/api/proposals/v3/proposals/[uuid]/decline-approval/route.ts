// POST /v3/proposals/{uuid}/decline-approval: an owner declines to approve a draft
import { declineProposalApprovalEndpoint } from "@/lib/proposals/approvals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(declineProposalApprovalEndpoint);
