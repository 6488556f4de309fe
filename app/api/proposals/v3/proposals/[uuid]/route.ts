// GET /v3/proposals/{uuid}: read a proposal
// PATCH /v3/proposals/{uuid}: edit a draft or template
// POST /v3/proposals/{uuid}: create or refresh the next-version draft
import { createProposalVersionEndpoint, getProposalEndpoint, updateProposalEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(getProposalEndpoint);
export const PATCH = proposalsRoute(updateProposalEndpoint);
export const POST = proposalsRoute(createProposalVersionEndpoint);
