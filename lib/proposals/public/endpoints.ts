import { z } from "zod";
import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { VerifyInput, VerifyResultData } from "../acceptance/schemas";
import { verifyRecord } from "../acceptance/verify-record";
import { getMeasuredProposal, recordEngagement } from "../engagement/record-engagement";
import { EngagementAccepted, EngagementReport } from "../engagement/schemas";
import { proposalPdf } from "../pdf/proposal-pdf";
import { getViewableRow } from "./public-proposal";
import { requestChanges } from "./request-changes";
import { respondToProposal } from "./respond-to-proposal";
import { saveBuyerChoices } from "./save-choices";
import {
  AcceptBody,
  ChangeRequestBody,
  ChangeRequestData,
  ChoicesBody,
  PublicProposalData,
  PublicProposalParams,
  RejectBody,
} from "./schemas";

/**
 * The recipient's answers, choices and change requests from /p/{uuid}, its PDF, and /verify: public (no sign-in; the uuid is the secret), served
 * under /api/public in the app's own error shape. A draft or template is 404 before the body is
 * read; any status but active (expired included) is 409 with a message the page shows as is.
 * Each client address has a budget of answers, and one of choices, per window (lib/api/address-limits.ts), 429 past it.
 * The page's reports of time on screen (../engagement, docs/decisions/064) differ: 404 only for an unknown uuid, and 400
 * for any proposal not awaiting its answer, a draft included.
 */

const tag = "Recipient";
const loadViewable = ({ db, params }: LoadContext<{ uuid: string }>) => getViewableRow(db, params.uuid);

export const acceptPublicProposalEndpoint = defineEndpoint({
  operationId: "accept_public_proposal",
  method: "POST",
  path: "/public/proposals/{uuid}/accept",
  tag,
  summary: "Accept a proposal as its recipient, signing with a typed name",
  description:
    "Body {name, consent: true}: the typed full name is the signature, and consent is the recipient ticking the consent text " +
    "(lib/proposals/acceptance/consent.ts), stored by the server with the name, the time, the client's address and user agent, " +
    "and the proposal as they saw it, frozen with its SHA-256. The acceptance record's PDF is then made once and kept " +
    "(GET /api/public/proposals/{uuid}/pdf).",
  isPublic: true,
  addressLimit: "public_answer",
  params: PublicProposalParams,
  load: loadViewable,
  body: AcceptBody,
  response: PublicProposalData,
  status: 200,
  errors: ["not_editable"],
  run: ({ db, params, body, client }) => respondToProposal(db, params.uuid, { action: "accept", name: body.name, client }),
});

export const rejectPublicProposalEndpoint = defineEndpoint({
  operationId: "reject_public_proposal",
  method: "POST",
  path: "/public/proposals/{uuid}/reject",
  tag,
  summary: "Decline a proposal as its recipient",
  isPublic: true,
  addressLimit: "public_answer",
  params: PublicProposalParams,
  load: loadViewable,
  body: RejectBody,
  bodyOptional: true,
  response: PublicProposalData,
  status: 200,
  errors: ["not_editable"],
  run: ({ db, params }) => respondToProposal(db, params.uuid, { action: "reject" }),
});

export const savePublicProposalChoicesEndpoint = defineEndpoint({
  operationId: "save_public_proposal_choices",
  method: "POST",
  path: "/public/proposals/{uuid}/choices",
  tag,
  summary: "Include or leave out optional items and choose quantities, as the recipient",
  description:
    "Body {blocks: [{uuid, selected?, quantity?}]}: only the blocks whose choice changes. selected: false only on an optional " +
    "block; quantity within the block's quantity_min..quantity_max (a block without a range keeps its quantity). Any refusal " +
    "(400 naming the block, 409 once the proposal is not active) changes nothing. Answers the proposal with its new totals.",
  isPublic: true,
  addressLimit: "public_choices",
  params: PublicProposalParams,
  load: loadViewable,
  body: ChoicesBody,
  response: PublicProposalData,
  status: 200,
  errors: ["not_editable"],
  run: ({ db, params, body }) => saveBuyerChoices(db, params.uuid, body),
});

export const requestPublicProposalChangesEndpoint = defineEndpoint({
  operationId: "request_public_proposal_changes",
  method: "POST",
  path: "/public/proposals/{uuid}/change-requests",
  tag,
  summary: "Ask for changes to a proposal as its recipient",
  description:
    "The customer's message to the sales staff (docs/decisions/037): kept with the proposal (its change_requests), recorded in its audit " +
    "trail as changes_requested (the proposal.changes_requested webhook) and mailed to its creator and contact person. The proposal stays " +
    "active. Only on an active proposal (409 otherwise); the same message again, or more than 20 on one proposal, is 400 conflict. " +
    "Each client address has its own budget (PUBLIC_CHANGE_REQUESTS_PER_ADDRESS), 429 past it.",
  isPublic: true,
  addressLimit: "public_change_request",
  params: PublicProposalParams,
  load: loadViewable,
  body: ChangeRequestBody,
  response: ChangeRequestData,
  status: 201,
  errors: ["not_editable", "conflict"],
  run: ({ db, params, body }) => requestChanges(db, params.uuid, body),
});

export const recordPublicProposalEngagementEndpoint = defineEndpoint({
  operationId: "record_public_proposal_engagement",
  method: "POST",
  path: "/public/proposals/{uuid}/engagement",
  tag,
  summary: "Report how long each block of a proposal was on screen, as its page",
  description:
    "Body {view_id, device?, blocks: [{block_uuid, seconds}]}: the page's totals so far for one view (docs/decisions/064), sent " +
    "with sendBeacon every 15 s while the page is visible and when it is hidden. A later report of the view keeps, per block, the " +
    "larger figure; seconds are clipped to 3600 per block, a block of another proposal is ignored, more than 120 blocks is 400. " +
    "Only a sent proposal awaiting its answer is measured (400 otherwise). Nothing about the reader is stored. A member of the " +
    "proposal's company previewing it is answered the same and counted nowhere. Each client address has its own budget " +
    "(PUBLIC_ENGAGEMENT_PER_ADDRESS), 429 past it.",
  isPublic: true,
  addressLimit: "public_engagement",
  params: PublicProposalParams,
  load: ({ db, params }) => getMeasuredProposal(db, params.uuid),
  body: EngagementReport,
  response: EngagementAccepted,
  status: 202,
  run: ({ db, loaded, body, client }) => recordEngagement(db, loaded, body, client),
});

export const getPublicProposalPdfEndpoint = defineEndpoint({
  operationId: "get_public_proposal_pdf",
  method: "GET",
  path: "/public/proposals/{uuid}/pdf",
  tag,
  summary: "Download a proposal as a PDF, as its recipient (also at /p/{uuid}/pdf)",
  description:
    "The same PDF as the editor's (GET /api/proposals/v3/proposals/{uuid}/pdf), for whoever has the link: a draft or template is " +
    "404, and the reads count against the page's budget per address. An accepted proposal's is its acceptance record, the same bytes every time.",
  isPublic: true,
  addressLimit: "public_page",
  params: PublicProposalParams,
  load: loadViewable,
  response: z.string().describe("The PDF's bytes"),
  produces: "application/pdf",
  status: 200,
  run: ({ db, loaded }) => proposalPdf(db, loaded),
});

export const verifyRecordEndpoint = defineEndpoint({
  operationId: "verify_acceptance_record",
  method: "POST",
  path: "/public/verify",
  tag,
  summary: "Check whether a PDF is an acceptance record this app issued",
  description:
    "multipart/form-data with `file` (the PDF) or `sha256` (64 hex digits, of the PDF or of the accepted document its certificate " +
    "prints). Answers whether it is a record issued here, unchanged, and for which proposal, company and date. A file that is not a " +
    "PDF is 400, more than 20 MB 413. Public; checks per address are limited like the recipient's answers.",
  isPublic: true,
  addressLimit: "public_verify",
  body: VerifyInput,
  bodyKind: "multipart",
  response: VerifyResultData,
  status: 200,
  run: ({ db, body }) => verifyRecord(db, body),
});
