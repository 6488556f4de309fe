import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { getCompanyOrThrow } from "../access";
import { actorOf, recordProposalEvent } from "../events/record-event";
import { assertUsableImages, proposalImageRefs } from "../images/usable-images";
import { resolveAttachments, type PreparedAttachments, type StoredAttachment } from "./attachments";
import { copyBlocks, resolveBlocks, type StoredBlock } from "./blocks";
import { activeMemberByEmail, resolveCreator, resolveRecipient } from "./people";
import { json, jsonColumn } from "./proposal-columns";
import { proposalUrl } from "./read-model";
import type { ProposalCreate } from "./schemas";

async function templateOrThrow(tx: Tx, companyId: number, uuid: string) {
  const template = await tx.proposal.findFirst({ where: { id: uuid, companyId, status: "template", archivedAt: null } });
  if (!template) throw notFound("Template");
  return template;
}

/**
 * What a new proposal starts from: the caller's company (another company, or none: 401), the RFP
 * and template it names (404 unless the company's) and the hosted images it names (400). The create
 * endpoint reads them before downloading anything the request names, and the write builds on them.
 */
export async function getCreationSourcesOrThrow(tx: Tx, caller: Caller, body: ProposalCreate) {
  const company = await getCompanyOrThrow({ tx, caller, companyId: body.company_id, refusal: "unauthorized" });
  const tracking = body.tracking ?? {};
  if (tracking.created_from_rfp !== undefined) {
    const rfp = await tx.rfp.findFirst({ where: { id: tracking.created_from_rfp, companyId: company.id } });
    if (!rfp) throw notFound("RFP");
  }
  const template = tracking.created_from_template ? await templateOrThrow(tx, company.id, tracking.created_from_template) : null;
  await assertUsableImages(tx, { caller, companyId: company.id, refs: proposalImageRefs(body, { withBlocks: true }) });
  return { company, template };
}

export type CreationSources = Awaited<ReturnType<typeof getCreationSourcesOrThrow>>;

/**
 * POST /v3/proposals: a draft in a new series. With tracking.created_from_template the draft
 * starts as a copy of the template and the body's fields override it.
 */
export async function createProposal(
  tx: Tx,
  caller: Caller,
  body: ProposalCreate,
  { company, template }: CreationSources,
  attachments: PreparedAttachments | undefined,
) {
  const tracking = body.tracking ?? {};
  const templateBlocks = (template?.blocks ?? []) as StoredBlock[];
  const templateAttachments = (template?.attachments ?? []) as StoredAttachment[];

  const creatorUserId = await resolveCreator(tx, caller, company.id, body.creator_email);
  const contactUserId = (await activeMemberByEmail(tx, company.id, body.contact_email))?.id ?? null;
  const recipientId = body.recipient
    ? await resolveRecipient(tx, { companyId: company.id, recipient: body.recipient, currentRecipientId: null })
    : null;
  const blocks = body.blocks
    ? await resolveBlocks(tx, {
        companyId: company.id,
        language: body.language,
        blocks: body.blocks,
        existing: templateBlocks,
        mode: "create",
      })
    : copyBlocks(templateBlocks);
  const storedAttachments = attachments
    ? await resolveAttachments(tx, {
        companyId: company.id,
        uploadedBy: caller.userId,
        prepared: attachments,
        existing: templateAttachments,
      })
    : templateAttachments;

  const series = await tx.proposalSeries.create({ data: { companyId: company.id } });
  const proposal = await tx.proposal.create({
    data: {
      seriesId: series.id,
      companyId: company.id,
      version: 1,
      status: "draft",
      language: body.language,
      titleMd: body.title_md ?? template?.titleMd ?? "",
      descriptionMd: body.description_md ?? template?.descriptionMd ?? "",
      data: json(body.data ?? template?.data ?? {}),
      recipientId,
      creatorUserId,
      contactUserId,
      backgroundImage: jsonColumn(body.background_image !== undefined ? body.background_image : template?.backgroundImage),
      backgroundVideo: jsonColumn(body.background_video !== undefined ? body.background_video : template?.backgroundVideo),
      taxOptions: json(body.tax_options ?? template?.taxOptions ?? {}),
      invoicingEnabled: body.invoicing_enabled ?? template?.invoicingEnabled ?? false,
      invoicing: json(body.invoicing ?? template?.invoicing ?? {}),
      payment: json(template?.payment ?? {}),
      discountDecimals: body.discount_decimals ?? template?.discountDecimals ?? company.discountDecimals,
      currency: company.currency,
      blocks: json(blocks),
      attachments: json(storedAttachments),
      trackingRfpId: tracking.created_from_rfp ?? null,
      trackingTemplateId: template?.id ?? null,
    },
  });
  await recordProposalEvent(tx, proposal, { type: "created", actor: actorOf(caller), detail: { version: 1 } });
  return { proposal: { uuid: proposal.id, url: proposalUrl(proposal.id) } };
}
