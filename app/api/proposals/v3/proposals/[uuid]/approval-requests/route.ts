// POST /v3/proposals/{uuid}/approval-requests: ask the company's owners to approve a draft
import { requestApprovalEndpoint } from "@/lib/proposals/approvals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(requestApprovalEndpoint);
