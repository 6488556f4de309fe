import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { listProposalEnrolments } from "@/lib/enrolments/learners";
import { Enrolment } from "@/lib/enrolments/schemas";
import { getProposalOrThrow } from "../proposals/get-proposal";
import { ProposalParams } from "../proposals/schemas";

export const listProposalEnrolmentsEndpoint = defineEndpoint({
  operationId: "list_proposal_enrolments",
  method: "GET",
  path: "/v3/proposals/{uuid}/enrolments",
  tag: "Proposals",
  summary: "The seats an accepted proposal sold: one enrolment per course block",
  description:
    "Returns {data: [enrolment]}: the seats of each course block the buyer kept, made when the proposal was accepted, with the " +
    "accepted quantity as seats, seats_used, and the managers (the recipient first). Empty before acceptance and for proposals " +
    "that sell no course. Use it to see what an accepted proposal delivers and how much of it the buyer has handed out.",
  params: ProposalParams,
  load: ({ db, caller, params }) => getProposalOrThrow({ tx: db, caller, uuid: params.uuid }),
  response: z.object({ data: z.array(Enrolment) }),
  status: 200,
  run: async ({ db, params }) => ({ data: await listProposalEnrolments(db, params.uuid) }),
});
