// POST /v3/proposals/{uuid}/approve: an owner approves a draft as it is now
import { approveProposalEndpoint } from "@/lib/proposals/approvals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(approveProposalEndpoint);
