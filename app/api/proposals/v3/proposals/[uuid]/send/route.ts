// POST /v3/proposals/{uuid}/send: send a draft
import { sendProposalEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(sendProposalEndpoint);
