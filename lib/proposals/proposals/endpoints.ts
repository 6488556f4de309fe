import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { auditEventSql, write } from "@/lib/db/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorOf } from "../events/record-event";
import { withRequestFiles } from "../images/host-file";
import { prepareAttachments } from "./attachments";
import { createProposal, getCreationSourcesOrThrow } from "./create-proposal";
import { deliverProposal } from "./deliver-proposal";
import { editBlock, mergeProposalData } from "./edit-block";
import { getProposalDelivery } from "./get-delivery";
import { getProposalOrThrow, proposalHead, proposalHeadFor } from "./get-proposal";
import { changeStatus, saveAsTemplate, sendProposal, setArchived } from "./lifecycle";
import { listProposals } from "./list-proposals";
import { proposalAnswer, toProposalDto } from "./read-model";
import {
  BlockEdit,
  BlockParams,
  DataObject,
  DataPatch,
  ProposalCreate,
  ProposalData,
  ProposalDeliveryData,
  ProposalList,
  ProposalListQuery,
  ProposalNewVersion,
  ProposalParams,
  ProposalPatch,
  ProposalRef,
  SendBody,
} from "./schemas";
import { assertEditable, assertVersionable } from "./status-rules";
import { updateProposal } from "./update-proposal";
import { createNextVersion } from "./versions";

const tag = "Proposals";

type Params = { uuid: string };
/** Reading another company's proposal: 404 (contract.md). */
const loadForReading = ({ db, caller, params }: LoadContext<Params>) => getProposalOrThrow({ tx: db, caller, uuid: params.uuid });
/**
 * Changing one: 401 (proposals-service.md, "editing a proposal the user may not edit gives 401").
 * With a key, the proposal's head is read in the key lookup's statement.
 */
const forEditing = {
  load: (ctx: LoadContext<Params>) => proposalHead(ctx, ctx.params.uuid),
  readWithKey: (params: Params) => (userId: Prisma.Sql) => proposalHeadFor(params.uuid, userId),
};
const onProposal = (uuid: string) => ({ target: () => uuid });
/** The audit trail names the proposal a write made. */
const byRef = { target: (result: { proposal: { uuid: string } }) => result.proposal.uuid };

export const listProposalsEndpoint = defineEndpoint({
  operationId: "list_proposals",
  method: "GET",
  path: "/v3/proposals",
  tag,
  summary: "List proposals",
  description:
    "Returns {data: proposals}. The proposals of your companies (or of company_id), newest first. status filters by status as read (expired = active past expires_at); " +
    "archived ones only with include_archived=true; q searches the title and the recipient.",
  query: ProposalListQuery,
  response: ProposalList,
  status: 200,
  // A company_id the caller is not a member of.
  errors: ["not_found"],
  run: async ({ db, caller, query }) => listProposals(db, caller, query),
});

export const createProposalEndpoint = defineEndpoint({
  operationId: "create_proposal",
  method: "POST",
  path: "/v3/proposals",
  tag,
  summary: "Create a draft proposal",
  description:
    "A draft in a new series (version 1). The body is strict. recipient is {id} of an active contact or a new contact's fields; " +
    "blocks name content_id = a variation id of the library (not archived) or a video_url; attachments are {id}, a link or a PDF url " +
    "(fetched and hosted). tracking.created_from_rfp / created_from_template must resolve within the company, else 404; " +
    "a template's content is the draft's starting point. Answers where the proposal is viewed.",
  body: ProposalCreate,
  response: ProposalRef,
  status: 201,
  errors: ["invalid_recipient"],
  run: async (ctx) => {
    // Refuse a stranger before downloading anything on their behalf.
    const sources = await getCreationSourcesOrThrow(ctx.db, ctx.caller, ctx.body);
    return withRequestFiles(ctx, async (files) => {
      const attachments = await prepareAttachments(ctx.body.attachments, [], files);
      return write(ctx, (tx) => createProposal(tx, ctx.caller, ctx.body, sources, attachments), byRef);
    });
  },
});

export const getProposalEndpoint = defineEndpoint({
  operationId: "get_proposal",
  method: "GET",
  path: "/v3/proposals/{uuid}",
  tag,
  summary: "Read a proposal",
  description:
    "Returns {data: the proposal}. The whole read model: values, blocks, attachments, company, contact person, creator and recipient fields.",
  params: ProposalParams,
  load: loadForReading,
  response: ProposalData,
  status: 200,
  run: async ({ loaded }) => proposalAnswer(toProposalDto(loaded)),
});

export const updateProposalEndpoint = defineEndpoint({
  operationId: "update_proposal",
  method: "PATCH",
  path: "/v3/proposals/{uuid}",
  tag,
  summary: "Edit a draft or template",
  description:
    "Returns {data: the proposal} as saved. Strict body: company_id (the proposal's) and at least one other field; omitted fields stay. blocks replace the whole list in " +
    "request order, matched by uuid (a block without uuid is new; per-block title, description and image_uuids are ignored, editor " +
    "customisations survive for echoed uuids). Precedence: unknown uuid 404, not your company 401, invalid body 400, company mismatch 400, " +
    "withdrawn 400, not draft or template 409. An invalid recipient is 400 INVALID_RECIPIENT and changes nothing.",
  params: ProposalParams,
  ...forEditing,
  body: ProposalPatch,
  response: ProposalData,
  status: 200,
  errors: ["invalid_recipient", "company_mismatch", "proposal_withdrawn", "not_editable"],
  run: async (ctx) => {
    // `load` refused a stranger; the proposal's state is checked too before any download.
    assertEditable(ctx.loaded, ctx.body.company_id);
    const { data } = await withRequestFiles(ctx, async (files) => {
      const attachments = await prepareAttachments(ctx.body.attachments, ctx.loaded.attachments as never, files);
      // The audit event rides with the UPDATE's statement.
      const auditEvent = auditEventSql(ctx, ctx.params.uuid);
      return write(ctx, (tx) => updateProposal(tx, ctx.caller, ctx.params.uuid, ctx.body, attachments, auditEvent), { recorded: true });
    });
    return proposalAnswer(data);
  },
});

export const createProposalVersionEndpoint = defineEndpoint({
  operationId: "create_proposal_version",
  method: "POST",
  path: "/v3/proposals/{uuid}",
  tag,
  summary: "Create or refresh the next-version draft",
  description:
    "For a sent proposal (any status but withdrawn): a new draft in the same series, carrying over blocks with their customisations, " +
    "attachments, recipient, language, title, description, tax options, backgrounds, payment, data, creator and contact person; body fields " +
    "override them. Repeated calls return (and update) the same draft until it is sent or archived. Unknown 404, not your company 401, " +
    "company mismatch 400 COMPANY_MISMATCH, withdrawn 400 PROPOSAL_WITHDRAWN. Answers the draft and its editor url.",
  params: ProposalParams,
  ...forEditing,
  body: ProposalNewVersion,
  response: ProposalRef,
  status: 200,
  errors: ["invalid_recipient", "company_mismatch", "proposal_withdrawn"],
  run: async (ctx) => {
    // `load` refused a stranger; the proposal's state is checked too before any download.
    assertVersionable(ctx.loaded, ctx.body.company_id);
    return withRequestFiles(ctx, async (files) => {
      const attachments = await prepareAttachments(ctx.body.attachments, ctx.loaded.attachments as never, files);
      return write(ctx, (tx) => createNextVersion(tx, ctx.caller, ctx.params.uuid, ctx.body, attachments), byRef);
    });
  },
});

export const editProposalBlockEndpoint = defineEndpoint({
  operationId: "edit_proposal_block",
  method: "PATCH",
  path: "/v3/proposals/{uuid}/blocks/{blockUuid}",
  tag,
  summary: "Customise one block",
  description:
    "Returns {data: the proposal} as saved. Beyond the document: the editor's changes to one block of a draft or template: title, description and images (which a full PATCH " +
    "ignores), price, quantity, discount and tax rate. They are kept while later PATCHes echo the block's uuid. 409 unless draft or template.",
  params: BlockParams,
  ...forEditing,
  body: BlockEdit,
  response: ProposalData,
  status: 200,
  errors: ["not_editable"],
  run: async (ctx) => {
    const { data } = await write(
      ctx,
      (tx) => editBlock(tx, ctx.caller, ctx.params.uuid, ctx.params.blockUuid, ctx.body),
      onProposal(ctx.params.uuid),
    );
    return proposalAnswer(data);
  },
});

export const updateProposalDataEndpoint = defineEndpoint({
  operationId: "update_proposal_data",
  method: "PATCH",
  path: "/v3/proposals/{uuid}/data",
  tag,
  summary: "Merge into a proposal's data",
  description:
    "Returns {data: the merged values}. Shallow merge into data (the values of the description's variables): a key set to null is deleted, omitted keys stay. 409 unless draft or template.",
  params: ProposalParams,
  ...forEditing,
  body: DataPatch,
  response: DataObject,
  status: 200,
  errors: ["not_editable"],
  run: (ctx) => write(ctx, (tx) => mergeProposalData(tx, ctx.params.uuid, ctx.body.data), onProposal(ctx.params.uuid)),
});

export const sendProposalEndpoint = defineEndpoint({
  operationId: "send_proposal",
  method: "POST",
  path: "/v3/proposals/{uuid}/send",
  tag,
  summary: "Send a draft",
  description:
    "Returns {data: the proposal} as sent. draft -> active, optionally with expires_at (UNIX seconds, in the future, before 2100); the series' earlier active proposal becomes replaced. " +
    "A recipient is not required: the proposal's url is the link to share. When the recipient has an email, the link is mailed to it " +
    "(unless notify_recipient is false) from your name, Reply-To the contact person, with `message` set apart; a new version for " +
    "the recipient of the previous one is mailed as an updated proposal. Mailing needs a verified email address: until then the " +
    "proposal goes as a link only, and notify_recipient true is 403 EMAIL_NOT_VERIFIED with nothing sent. " +
    "GET /v3/proposals/{uuid}/delivery says whether and where it was mailed. reminder_days_before (1..90, with expires_at): the " +
    "recipient is mailed a reminder that many days before the expiry, once, unless they accepted, declined or asked for changes by then; " +
    "it needs a recipient with an email and a moment still ahead (else 400 naming reminder_days_before) and a verified address (else 403). " +
    "When the expiry passes, the expired event (proposal.expired webhook) is recorded once and the creator and contact person are mailed.",
  params: ProposalParams,
  ...forEditing,
  body: SendBody,
  bodyOptional: true,
  response: ProposalData,
  status: 200,
  errors: ["not_editable", "email_not_verified"],
  run: (ctx) =>
    write(
      ctx,
      async (tx) => {
        const sent = await sendProposal(tx, ctx.params.uuid, ctx.body.expires_at, actorOf(ctx.caller), {
          reminderDaysBefore: ctx.body.reminder_days_before,
        });
        await deliverProposal(tx, ctx.caller, sent.data, ctx.body);
        return sent;
      },
      onProposal(ctx.params.uuid),
    ),
});

export const getProposalDeliveryEndpoint = defineEndpoint({
  operationId: "get_proposal_delivery",
  method: "GET",
  path: "/v3/proposals/{uuid}/delivery",
  tag,
  summary: "Whether a sent proposal was mailed",
  description:
    "Returns {data: {mail, can_mail}}. mail: the mail that took the proposal to its recipient (to, kind, status, times), or null " +
    "when it was sent as a link only (no recipient, no email, or notify_recipient false). can_mail: whether you may have proposals mailed.",
  params: ProposalParams,
  load: loadForReading,
  response: ProposalDeliveryData,
  status: 200,
  run: ({ db, caller, params }) => getProposalDelivery(db, caller, params.uuid),
});

function statusEndpoint(action: "accept" | "reject" | "withdraw", summary: string, description: string) {
  return defineEndpoint({
    operationId: `${action}_proposal`,
    method: "POST",
    path: `/v3/proposals/{uuid}/${action}`,
    tag,
    summary,
    description,
    params: ProposalParams,
    ...forEditing,
    response: ProposalData,
    status: 200,
    errors: ["not_editable"],
    run: (ctx) => write(ctx, (tx) => changeStatus(tx, ctx.params.uuid, action, actorOf(ctx.caller)), onProposal(ctx.params.uuid)),
  });
}

export const acceptProposalEndpoint = statusEndpoint("accept", "Accept on the customer's behalf", "active -> accepted (not once expired).");
export const rejectProposalEndpoint = statusEndpoint("reject", "Reject on the customer's behalf", "active -> rejected (not once expired).");
export const withdrawProposalEndpoint = statusEndpoint(
  "withdraw",
  "Withdraw a sent proposal",
  "active or expired -> withdrawn; a withdrawn proposal gets no new version.",
);

function archiveEndpoint(archived: boolean) {
  const action = archived ? "archive" : "unarchive";
  return defineEndpoint({
    operationId: `${action}_proposal`,
    method: "POST",
    path: `/v3/proposals/{uuid}/${action}`,
    tag,
    summary: archived ? "Archive a proposal" : "Unarchive a proposal",
    description: archived
      ? "Returns {data: the proposal} as saved. Sets archived_at: hidden from lists unless include_archived=true. An archived next-version draft is no longer returned by new version."
      : "Returns {data: the proposal} as saved. Clears archived_at, so the proposal shows in lists again; use it to bring back an archived one.",
    params: ProposalParams,
    ...forEditing,
    response: ProposalData,
    status: 200,
    run: (ctx) => write(ctx, (tx) => setArchived(tx, ctx.params.uuid, archived), onProposal(ctx.params.uuid)),
  });
}

export const archiveProposalEndpoint = archiveEndpoint(true);
export const unarchiveProposalEndpoint = archiveEndpoint(false);

export const saveProposalAsTemplateEndpoint = defineEndpoint({
  operationId: "save_proposal_as_template",
  method: "POST",
  path: "/v3/proposals/{uuid}/template",
  tag,
  summary: "Save as a template",
  description:
    "Returns {proposal: {uuid, url}} of the new template. A new template (its own series) copied from the proposal, without its recipient. Create drafts from it with tracking.created_from_template.",
  params: ProposalParams,
  ...forEditing,
  response: ProposalRef,
  status: 201,
  run: async (ctx) => {
    return write(ctx, (tx) => saveAsTemplate(tx, ctx.params.uuid, ctx.caller.userId), byRef);
  },
});
