import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { getViewableRow } from "./public-proposal";
import { respondToProposal } from "./respond-to-proposal";
import { AcceptBody, PublicProposalData, PublicProposalParams, RejectBody } from "./schemas";

/**
 * The recipient's answers from /p/{uuid}: public (no sign-in; the uuid is the secret), served
 * under /api/public in the app's own error shape. A draft or template is 404 before the body is
 * read; any status but active (expired included) is 409 with a message the page shows as is.
 * Each client address has a budget of answers per window (lib/api/address-limits.ts), 429 past it.
 */

const tag = "Recipient";
const loadViewable = ({ db, params }: LoadContext<{ uuid: string }>) => getViewableRow(db, params.uuid);

export const acceptPublicProposalEndpoint = defineEndpoint({
  operationId: "accept_public_proposal",
  method: "POST",
  path: "/public/proposals/{uuid}/accept",
  tag,
  summary: "Accept a proposal as its recipient, signing with a typed name",
  isPublic: true,
  addressLimit: "public_answer",
  params: PublicProposalParams,
  load: loadViewable,
  body: AcceptBody,
  response: PublicProposalData,
  status: 200,
  errors: ["not_editable"],
  run: ({ db, params, body }) => respondToProposal(db, params.uuid, { action: "accept", name: body.name }),
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
