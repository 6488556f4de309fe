// POST /v3/proposals/{uuid}/withdraw: withdraw a sent proposal
import { withdrawProposalEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(withdrawProposalEndpoint);
