// GET /v3/proposals/{uuid}/engagement: how the customer read a proposal (time on screen per block, score), JSON or CSV
import { getProposalEngagementEndpoint } from "@/lib/proposals/engagement/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(getProposalEngagementEndpoint);
