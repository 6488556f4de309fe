import type { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { Prisma, type Proposal } from "@/lib/generated/prisma/client";
import { getCompanyOrThrow, isCompanyMember, memberCompanyIds } from "../access";
import { resolveAttachments, type PreparedAttachments, type StoredAttachment } from "./attachments";
import { copyBlocks, resolveBlocks, type StoredBlock } from "./blocks";
import { activeMemberByEmail, resolveCreator, resolveRecipient } from "./people";
import { findProposalRow, proposalInclude, proposalUrl, toProposalDto, type ProposalRow } from "./read-model";
import type { BlockEdit, ProposalCreate, ProposalListQuery, ProposalPatch } from "./schemas";

/** Reads: another company's proposal does not exist for the caller. Writes: 401 (proposals-service.md, Authentication). */
export type Refusal = "not_found" | "unauthorized";

/** A proposal the caller's companies own, read whole; unknown -> 404, not theirs -> `refusal`. */
export async function getProposalOrThrow({ tx, caller, uuid, refusal }: { tx: Tx; caller: Caller; uuid: string; refusal: Refusal }) {
  const row = await findProposalRow(tx, uuid);
  if (!row) throw notFound("Proposal");
  if (!(await isCompanyMember(tx, caller, row.companyId))) {
    if (refusal === "unauthorized")
      throw new AppError("unauthorized", "You may not edit this proposal: you are not a member of its company");
    throw notFound("Proposal");
  }
  return row;
}

/** Takes the proposal's row lock and reads it again: concurrent writes to one proposal queue up. */
export async function lockProposal(tx: Tx, uuid: string): Promise<Proposal> {
  await tx.$queryRaw`SELECT id FROM proposals WHERE id = ${uuid}::uuid FOR UPDATE`;
  return tx.proposal.findUniqueOrThrow({ where: { id: uuid } });
}

const EDITABLE = new Set(["draft", "template"]);

/** PATCH's checks after the body (contract.md): company mismatch, then withdrawn, then not draft/template. */
export function assertEditable(row: { companyId: number; status: string }, companyId: number) {
  if (companyId !== row.companyId) throw new AppError("company_mismatch", "company_id does not match the proposal's company");
  if (row.status === "withdrawn") throw new AppError("proposal_withdrawn", "This proposal is withdrawn");
  if (!EDITABLE.has(row.status)) {
    throw new AppError("not_editable", `A ${row.status} proposal cannot be edited: create a new version with POST /v3/proposals/{uuid}`);
  }
}

export async function readProposal(tx: Tx, uuid: string) {
  const row = await findProposalRow(tx, uuid);
  if (!row) throw notFound("Proposal");
  return toProposalDto(row);
}

/** A nullable JSON column: Prisma clears it with DbNull, not null. */
export const jsonColumn = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));
export const json = (value: unknown) => value as Prisma.InputJsonValue;

/** A proposal's content as columns, for a copy of it (the next version, a template). */
export function contentColumns(row: Proposal) {
  return {
    language: row.language,
    titleMd: row.titleMd,
    descriptionMd: row.descriptionMd,
    data: json(row.data),
    contactUserId: row.contactUserId,
    backgroundImage: jsonColumn(row.backgroundImage),
    backgroundVideo: jsonColumn(row.backgroundVideo),
    taxOptions: json(row.taxOptions),
    invoicingEnabled: row.invoicingEnabled,
    invoicing: json(row.invoicing),
    payment: json(row.payment),
    discountDecimals: row.discountDecimals,
    currency: row.currency,
    blocks: json(copyBlocks(row.blocks as StoredBlock[])),
    attachments: json(row.attachments),
  } satisfies Partial<Prisma.ProposalUncheckedCreateInput>;
}

// ---- Create ------------------------------------------------------------------------------------

async function templateOrThrow(tx: Tx, companyId: number, uuid: string) {
  const template = await tx.proposal.findFirst({ where: { id: uuid, companyId, status: "template", archivedAt: null } });
  if (!template) throw notFound("Template");
  return template;
}

/**
 * POST /v3/proposals: a draft in a new series. With tracking.created_from_template the draft
 * starts as a copy of the template and the body's fields override it.
 */
export async function createProposal(tx: Tx, caller: Caller, body: ProposalCreate, attachments: PreparedAttachments | undefined) {
  const company = await getCompanyOrThrow({ tx, caller, companyId: body.company_id, refusal: "unauthorized" });
  const tracking = body.tracking ?? {};
  if (tracking.created_from_rfp !== undefined) {
    const rfp = await tx.rfp.findFirst({ where: { id: tracking.created_from_rfp, companyId: company.id } });
    if (!rfp) throw notFound("RFP");
  }
  const template = tracking.created_from_template ? await templateOrThrow(tx, company.id, tracking.created_from_template) : null;
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
  return { proposal: { uuid: proposal.id, url: proposalUrl(proposal.id) } };
}

// ---- Revise (PATCH and new version share this) ------------------------------------------------

/** The fields PATCH and new version may change, as one Prisma update built from the body. */
export async function revisionOf(
  tx: Tx,
  caller: Caller,
  row: Pick<ProposalRow, "companyId" | "language" | "recipientId" | "blocks" | "attachments">,
  body: Omit<ProposalPatch, "company_id">,
  attachments: PreparedAttachments | undefined,
): Promise<Prisma.ProposalUncheckedUpdateInput> {
  const companyId = row.companyId;
  const language = body.language ?? row.language;
  const update: Prisma.ProposalUncheckedUpdateInput = {};
  if (body.language !== undefined) update.language = body.language;
  if (body.title_md !== undefined) update.titleMd = body.title_md;
  if (body.description_md !== undefined) update.descriptionMd = body.description_md;
  if (body.data !== undefined) update.data = json(body.data);
  if (body.background_image !== undefined) update.backgroundImage = jsonColumn(body.background_image);
  if (body.background_video !== undefined) update.backgroundVideo = jsonColumn(body.background_video);
  if (body.tax_options !== undefined) update.taxOptions = json(body.tax_options);
  if (body.invoicing_enabled !== undefined) update.invoicingEnabled = body.invoicing_enabled;
  if (body.invoicing !== undefined) update.invoicing = json(body.invoicing);
  if (body.discount_decimals !== undefined) update.discountDecimals = body.discount_decimals;
  if (body.contact_email !== undefined) update.contactUserId = (await activeMemberByEmail(tx, companyId, body.contact_email))?.id ?? null;
  if (body.recipient !== undefined) {
    update.recipientId = await resolveRecipient(tx, { companyId, recipient: body.recipient, currentRecipientId: row.recipientId });
  }
  if (body.blocks !== undefined) {
    update.blocks = json(
      await resolveBlocks(tx, { companyId, language, blocks: body.blocks, existing: row.blocks as StoredBlock[], mode: "revise" }),
    );
  }
  if (attachments) {
    update.attachments = json(
      await resolveAttachments(tx, {
        companyId,
        uploadedBy: caller.userId,
        prepared: attachments,
        existing: row.attachments as StoredAttachment[],
      }),
    );
  }
  return update;
}

/** PATCH /v3/proposals/{uuid}: edits a draft or template in place; a refusal changes nothing. */
export async function updateProposal(
  tx: Tx,
  caller: Caller,
  uuid: string,
  body: ProposalPatch,
  attachments: PreparedAttachments | undefined,
) {
  const row = await lockProposal(tx, uuid);
  assertEditable(row, body.company_id);
  const { company_id: _companyId, ...fields } = body;
  await tx.proposal.update({ where: { id: uuid }, data: await revisionOf(tx, caller, row, fields, attachments) });
  return { data: await readProposal(tx, uuid) };
}

/**
 * PATCH /v3/proposals/{uuid}/blocks/{blockUuid}: the editor's customisations of one block (its
 * title, description and images, which a full PATCH ignores) and its price, quantity and discount.
 * They survive later PATCHes that echo the block's uuid.
 */
export async function editBlock(tx: Tx, uuid: string, blockUuid: string, edit: BlockEdit) {
  const row = await lockProposal(tx, uuid);
  if (!EDITABLE.has(row.status)) throw new AppError("not_editable", `A ${row.status} proposal cannot be edited`);
  const blocks = row.blocks as StoredBlock[];
  const index = blocks.findIndex((b) => b.uuid === blockUuid);
  if (index < 0) throw notFound("Block");
  blocks[index] = { ...blocks[index], ...edit };
  await tx.proposal.update({ where: { id: uuid }, data: { blocks: json(blocks) } });
  return { data: await readProposal(tx, uuid) };
}

/** PATCH /v3/proposals/{uuid}/data: shallow merge; a key set to null is deleted. */
export async function mergeProposalData(tx: Tx, uuid: string, patch: Record<string, unknown>) {
  const row = await lockProposal(tx, uuid);
  if (!EDITABLE.has(row.status)) throw new AppError("not_editable", `The data of a ${row.status} proposal cannot change`);
  const merged: Record<string, unknown> = { ...(row.data as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  await tx.proposal.update({ where: { id: uuid }, data: { data: json(merged) } });
  return { data: merged };
}

// ---- List --------------------------------------------------------------------------------------

/** GET /v3/proposals: the caller's companies' proposals, newest first. */
export async function listProposals(tx: Tx, caller: Caller, query: z.infer<typeof ProposalListQuery>) {
  const companies =
    query.company_id !== undefined
      ? [(await getCompanyOrThrow({ tx, caller, companyId: query.company_id })).id]
      : await memberCompanyIds(tx, caller);
  const now = new Date();
  const where: Prisma.ProposalWhereInput = { companyId: { in: companies } };
  if (!query.include_archived) where.archivedAt = null;
  if (query.series_uuid) where.seriesId = query.series_uuid;
  if (query.status === "expired") Object.assign(where, { status: "active", expiresAt: { lte: now } });
  else if (query.status === "active") Object.assign(where, { status: "active", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });
  else if (query.status) where.status = query.status;
  const q = query.q?.trim();
  if (q) {
    const contains = { contains: q, mode: "insensitive" as const };
    where.AND = [
      {
        OR: [
          { titleMd: contains },
          { recipient: { OR: [{ firstName: contains }, { lastName: contains }, { email: contains }, { companyName: contains }] } },
        ],
      },
    ];
  }
  const rows = await tx.proposal.findMany({ where, include: proposalInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { data: rows.map((row) => toProposalDto(row, now)) };
}
