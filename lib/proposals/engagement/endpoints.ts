import { defineEndpoint } from "@/lib/api/endpoint";
import { getProposalOrThrow } from "../proposals/get-proposal";
import { ProposalParams } from "../proposals/schemas";
import { engagementCsv, getProposalEngagement } from "./get-engagement";
import { EngagementQuery, ProposalEngagementData } from "./schemas";

export const getProposalEngagementEndpoint = defineEndpoint({
  operationId: "get_proposal_engagement",
  method: "GET",
  path: "/v3/proposals/{uuid}/engagement",
  tag: "Proposals",
  summary: "How the customer read a proposal: time on screen per block, and a score",
  description:
    "Returns {data: {views, blocks, total_seconds, score, score_formula, score_parts, choices_changed}} from what the customer's page measured " +
    "(docs/decisions/064): views newest first as {view_id, at, seconds, device}; blocks in the proposal's order with their seconds " +
    "on screen summed over views (0: never seen); choices_changed: the customer's changes to optional items and quantities as " +
    "{at, summary, changes}, newest first. " +
    "score (0-100) = reading_time (50 × seconds ÷ target, at most 50; target 20 s per block, at least 60 s) + blocks_seen " +
    "(30 × share of blocks on screen 5 s or more) + return_visits (10 per view after the first, at most 20), each rounded. " +
    "Members' previews are never counted. format=csv (or Accept: text/csv) answers one row per block.",
  params: ProposalParams,
  query: EngagementQuery,
  load: ({ db, caller, params }) => getProposalOrThrow({ tx: db, caller, uuid: params.uuid }),
  response: ProposalEngagementData,
  status: 200,
  run: async ({ db, loaded }) => ({ data: await getProposalEngagement(db, loaded) }),
  csv: (result, { params }) => engagementCsv(result, params.uuid),
});
