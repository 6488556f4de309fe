// GET /v3/proposals: list proposals
// POST /v3/proposals: create a draft proposal
import { createProposalEndpoint, listProposalsEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listProposalsEndpoint);
export const POST = proposalsRoute(createProposalEndpoint);
