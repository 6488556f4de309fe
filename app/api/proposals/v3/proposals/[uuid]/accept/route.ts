// POST /v3/proposals/{uuid}/accept: accept on the customer's behalf
import { acceptProposalEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(acceptProposalEndpoint);
