// POST /v3/proposals/{uuid}/archive: archive a proposal
import { archiveProposalEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(archiveProposalEndpoint);
