// POST /v3/proposals/{uuid}/unarchive: unarchive a proposal
import { unarchiveProposalEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(unarchiveProposalEndpoint);
