import { defineEndpoint } from "@/lib/api/endpoint";
import { getProposalOrThrow } from "../proposals/get-proposal";
import { ProposalParams } from "../proposals/schemas";
import { listProposalEvents } from "./list-events";
import { ProposalEventsData } from "./schemas";

export const listProposalEventsEndpoint = defineEndpoint({
  operationId: "list_proposal_events",
  method: "GET",
  path: "/v3/proposals/{uuid}/events",
  tag: "Proposals",
  summary: "A proposal's audit trail",
  description:
    "Returns {data: [{type, created_at, actor: {kind, name}, detail}]}, oldest first (the latest 500): created, sent (to whom), " +
    "each view by the recipient, choices changed, accepted, rejected, withdrawn, expired, changes requested, reminder sent. " +
    "actor.kind is member (in the app), agent (an API key, named by the key), recipient (the customer) or system (the app: expiry, reminders).",
  params: ProposalParams,
  load: ({ db, caller, params }) => getProposalOrThrow({ tx: db, caller, uuid: params.uuid }),
  response: ProposalEventsData,
  status: 200,
  run: async ({ db, params }) => ({ data: await listProposalEvents(db, params.uuid) }),
});
