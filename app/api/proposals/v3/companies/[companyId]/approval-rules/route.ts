// GET /v3/companies/{companyId}/approval-rules: read a company's approval rules
// PUT /v3/companies/{companyId}/approval-rules: set them (owners)
import { getApprovalRulesEndpoint, setApprovalRulesEndpoint } from "@/lib/proposals/approvals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(getApprovalRulesEndpoint);
export const PUT = proposalsRoute(setApprovalRulesEndpoint);
