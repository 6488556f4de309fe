// GET /v3/proposals/{uuid}/delivery: whether a sent proposal was mailed
import { getProposalDeliveryEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(getProposalDeliveryEndpoint);
