// GET /v3/proposals/{uuid}/events: a proposal's audit trail
import { listProposalEventsEndpoint } from "@/lib/proposals/events/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listProposalEventsEndpoint);
