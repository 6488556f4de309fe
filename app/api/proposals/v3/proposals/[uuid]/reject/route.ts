// POST /v3/proposals/{uuid}/reject: reject on the customer's behalf
import { rejectProposalEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(rejectProposalEndpoint);
