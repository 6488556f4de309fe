import type { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { Prisma, type Proposal } from "@/lib/generated/prisma/client";
import { getCompanyOrThrow, isCompanyMember, memberCompanyIds } from "../access";
import { assertUsableImages, proposalImageRefs } from "../images/usable-images";
import { resolveAttachments, type PreparedAttachments, type StoredAttachment } from "./attachments";
import { copyBlocks, resolveBlocks, type StoredBlock } from "./blocks";
import { activeMemberByEmail, resolveCreator, resolveRecipient } from "./people";
import { findProposalRow, proposalInclude, proposalUrl, toProposalDto, type ProposalRow } from "./read-model";
import type { BlockEdit, ProposalCreate, ProposalListQuery, ProposalPatch } from "./schemas";

/** A proposal the caller's companies own, read whole; unknown or another company's -> 404 (contract.md). */
export async function getProposalOrThrow({ tx, caller, uuid }: { tx: Tx; caller: Caller; uuid: string }) {
  const row = await findProposalRow(tx, uuid);
  if (!row || !(await isCompanyMember(tx, caller, row.companyId))) throw notFound("Proposal");
  return row;
}

/**
 * What a write's `load` needs of a proposal (its company, status and attachments) and whether the
 * caller is an active member of its company, in one statement. Unknown -> 404; another company's
 * -> 401 (proposals-service.md, "editing a proposal the user may not edit gives 401").
 */
export async function getProposalHeadOrThrow({ tx, caller, uuid }: { tx: Tx; caller: Caller; uuid: string }) {
  const row = await tx.proposal.findUnique({
    where: { id: uuid },
    select: {
      companyId: true,
      status: true,
      attachments: true,
      company: { select: { members: { where: { userId: caller.userId }, select: { disabled: true } } } },
    },
    relationLoadStrategy: "join",
  });
  if (!row) throw notFound("Proposal");
  const member = row.company.members[0];
  if (!member || member.disabled) throw new AppError("unauthorized", "You may not edit this proposal: you are not a member of its company");
  return { companyId: row.companyId, status: row.status, attachments: row.attachments };
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
 * What a new proposal starts from: the caller's company (another company, or none: 401), the RFP
 * and template it names (404 unless the company's) and the hosted images it names (400). The create
 * endpoint checks these before downloading anything the request names; the write checks them again.
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

/**
 * POST /v3/proposals: a draft in a new series. With tracking.created_from_template the draft
 * starts as a copy of the template and the body's fields override it.
 */
export async function createProposal(tx: Tx, caller: Caller, body: ProposalCreate, attachments: PreparedAttachments | undefined) {
  const { company, template } = await getCreationSourcesOrThrow(tx, caller, body);
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
  return { proposal: { uuid: proposal.id, url: proposalUrl(proposal.id) } };
}

// ---- Revise (PATCH and new version share this) ------------------------------------------------

/** The columns PATCH and new version may change, and the type PostgreSQL reads each one's value as. */
const REVISION_COLUMNS = {
  language: "text",
  title_md: "text",
  description_md: "text",
  data: "jsonb",
  background_image: "jsonb",
  background_video: "jsonb",
  tax_options: "jsonb",
  invoicing_enabled: "boolean",
  invoicing: "jsonb",
  discount_decimals: "smallint",
  contact_user_id: "uuid",
  recipient_id: "int",
  blocks: "jsonb",
  attachments: "jsonb",
} as const;

/** A revision of a proposal: new values by column (null clears a nullable one). */
export type Revision = { -readonly [Column in keyof typeof REVISION_COLUMNS]?: unknown };

/** The body's fields whose column has the same name and takes the value as sent. */
const STORED_AS_SENT = [
  "language",
  "title_md",
  "description_md",
  "data",
  "background_image",
  "background_video",
  "tax_options",
  "invoicing_enabled",
  "invoicing",
  "discount_decimals",
] as const satisfies readonly (keyof Revision & keyof ProposalPatch)[];

/** The fields PATCH and new version may change, as one revision built from the body. */
export async function revisionOf(
  tx: Tx,
  caller: Caller,
  row: Pick<ProposalRow, "companyId" | "language" | "recipientId" | "blocks" | "attachments">,
  body: Omit<ProposalPatch, "company_id">,
  attachments: PreparedAttachments | undefined,
): Promise<Revision> {
  const companyId = row.companyId;
  const language = body.language ?? row.language;
  const update: Revision = {};
  await assertUsableImages(tx, { caller, companyId, refs: proposalImageRefs(body, { withBlocks: false }) });
  for (const field of STORED_AS_SENT) if (body[field] !== undefined) update[field] = body[field];
  if (body.contact_email !== undefined) update.contact_user_id = (await activeMemberByEmail(tx, companyId, body.contact_email))?.id ?? null;
  if (body.recipient !== undefined) {
    update.recipient_id = await resolveRecipient(tx, { companyId, recipient: body.recipient, currentRecipientId: row.recipientId });
  }
  if (body.blocks !== undefined) {
    update.blocks = await resolveBlocks(tx, {
      companyId,
      language,
      blocks: body.blocks,
      existing: row.blocks as StoredBlock[],
      mode: "revise",
    });
  }
  if (attachments) {
    update.attachments = await resolveAttachments(tx, {
      companyId,
      uploadedBy: caller.userId,
      prepared: attachments,
      existing: row.attachments as StoredAttachment[],
    });
  }
  return update;
}

/**
 * Writes a revision and the proposal's updated_at in one UPDATE. JSON goes as text for PostgreSQL
 * to parse: Prisma's update walked every value of a 100-block list to build its arguments, the
 * largest part of a PATCH's time.
 */
export async function saveRevision(tx: Tx, uuid: string, revision: Revision) {
  const sets = Object.entries(revision).map(([column, value]) => {
    const type = REVISION_COLUMNS[column as keyof Revision];
    if (!type) throw new Error(`not a revision column: ${column}`);
    if (value === null || value === undefined) return Prisma.sql`${Prisma.raw(column)} = NULL`;
    const text = type === "jsonb" ? JSON.stringify(value) : value;
    return Prisma.sql`${Prisma.raw(column)} = ${text}::${Prisma.raw(type)}`;
  });
  sets.push(Prisma.sql`updated_at = ${new Date()}::timestamptz`);
  await tx.$executeRaw`UPDATE proposals SET ${Prisma.join(sets)} WHERE id = ${uuid}::uuid`;
}

type RevisedRow = Pick<ProposalRow, "companyId" | "status" | "language" | "recipientId" | "blocks" | "attachments">;

/** The proposal's row lock and the columns a revision reads, in one statement. */
async function lockForRevision(tx: Tx, uuid: string): Promise<RevisedRow> {
  const [row] = await tx.$queryRaw<RevisedRow[]>`
    SELECT company_id AS "companyId", status::text AS status, language, recipient_id AS "recipientId", blocks, attachments
    FROM proposals WHERE id = ${uuid}::uuid FOR UPDATE`;
  if (!row) throw notFound("Proposal");
  return row;
}

/** PATCH /v3/proposals/{uuid}: edits a draft or template in place; a refusal changes nothing. */
export async function updateProposal(
  tx: Tx,
  caller: Caller,
  uuid: string,
  body: ProposalPatch,
  attachments: PreparedAttachments | undefined,
) {
  const row = await lockForRevision(tx, uuid);
  assertEditable(row, body.company_id);
  const { company_id: _companyId, ...fields } = body;
  await saveRevision(tx, uuid, await revisionOf(tx, caller, row, fields, attachments));
  return { data: await readProposal(tx, uuid) };
}

/**
 * PATCH /v3/proposals/{uuid}/blocks/{blockUuid}: the editor's customisations of one block (its
 * title, description and images, which a full PATCH ignores) and its price, quantity and discount.
 * They survive later PATCHes that echo the block's uuid.
 */
export async function editBlock(tx: Tx, caller: Caller, uuid: string, blockUuid: string, edit: BlockEdit) {
  const row = await lockProposal(tx, uuid);
  if (!EDITABLE.has(row.status)) throw new AppError("not_editable", `A ${row.status} proposal cannot be edited`);
  const blocks = row.blocks as StoredBlock[];
  const index = blocks.findIndex((b) => b.uuid === blockUuid);
  if (index < 0) throw notFound("Block");
  const refs = (edit.image_uuids ?? []).map((imageUuid, i) => ({ path: `image_uuids.${i}`, uuid: imageUuid }));
  await assertUsableImages(tx, { caller, companyId: row.companyId, refs });
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
