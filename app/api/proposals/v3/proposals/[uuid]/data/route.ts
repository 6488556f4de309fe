// PATCH /v3/proposals/{uuid}/data: merge into a proposal's data
import { updateProposalDataEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const PATCH = proposalsRoute(updateProposalDataEndpoint);
