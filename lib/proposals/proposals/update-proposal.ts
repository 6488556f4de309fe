import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { assertUsableImages, proposalImageRefs } from "../images/usable-images";
import { resolveAttachments, type PreparedAttachments, type StoredAttachment } from "./attachments";
import { libraryJsonSql, namedVariationIds, resolveBlocks, type LibraryRow, type StoredBlock } from "./blocks";
import { readProposal } from "./get-proposal";
import { activeMemberByEmail, resolveRecipient } from "./people";
import type { ProposalRow } from "./read-model";
import type { ProposalPatch } from "./schemas";
import { assertEditable } from "./status-rules";

/*
 * What may change once a proposal is sent: nothing in place (./status-rules.ts `assertEditable`);
 * a new version (./versions.ts) writes its draft with the same revision as PATCH.
 */

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
  /** The library items the body's blocks name, when the row's read already read them (`lockForRevision`). */
  libraryRows?: LibraryRow[],
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
      libraryRows,
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
 * Writes a revision and the proposal's updated_at in one UPDATE, and the write's audit event in the
 * same statement when given (lib/db/transaction.ts `auditEventSql`). JSON goes as text for
 * PostgreSQL to parse: Prisma's update walked every value of a 100-block list to build its
 * arguments, the largest part of a PATCH's time.
 */
export async function saveRevision(tx: Tx, uuid: string, revision: Revision, auditEvent?: Prisma.Sql) {
  const sets = Object.entries(revision).map(([column, value]) => {
    const type = REVISION_COLUMNS[column as keyof Revision];
    if (!type) throw new Error(`not a revision column: ${column}`);
    if (value === null || value === undefined) return Prisma.sql`${Prisma.raw(column)} = NULL`;
    const text = type === "jsonb" ? JSON.stringify(value) : value;
    return Prisma.sql`${Prisma.raw(column)} = ${text}::${Prisma.raw(type)}`;
  });
  sets.push(Prisma.sql`updated_at = ${new Date()}::timestamptz`);
  const recording = auditEvent ? Prisma.sql`WITH ${auditEvent} ` : Prisma.empty;
  await tx.$executeRaw`${recording}UPDATE proposals SET ${Prisma.join(sets)} WHERE id = ${uuid}::uuid`;
}

type RevisedRow = Pick<ProposalRow, "companyId" | "status" | "language" | "recipientId" | "blocks" | "attachments"> & {
  /** The library items the body's blocks name, when it names any. */
  library?: LibraryRow[];
};

/**
 * The proposal's row lock and the columns a revision reads, in one statement; with the library
 * items the body's blocks name (read beside it: they do not depend on the row).
 */
async function lockForRevision(tx: Tx, uuid: string, variationIds: number[]): Promise<RevisedRow> {
  const library = variationIds.length ? Prisma.sql`, ${libraryJsonSql(variationIds)} AS library` : Prisma.empty;
  const [row] = await tx.$queryRaw<RevisedRow[]>`
    SELECT company_id AS "companyId", status::text AS status, language, recipient_id AS "recipientId", blocks, attachments${library}
    FROM proposals WHERE id = ${uuid}::uuid FOR UPDATE`;
  if (!row) throw notFound("Proposal");
  return row;
}

/**
 * PATCH /v3/proposals/{uuid}: edits a draft or template in place; a refusal changes nothing.
 * `auditEvent`: the write's event, recorded by the UPDATE's statement.
 */
export async function updateProposal(
  tx: Tx,
  caller: Caller,
  uuid: string,
  body: ProposalPatch,
  attachments: PreparedAttachments | undefined,
  auditEvent?: Prisma.Sql,
) {
  const { library, ...row } = await lockForRevision(tx, uuid, body.blocks ? namedVariationIds(body.blocks) : []);
  assertEditable(row, body.company_id);
  const { company_id: _companyId, ...fields } = body;
  await saveRevision(tx, uuid, await revisionOf(tx, caller, row, fields, attachments, library), auditEvent);
  return { data: await readProposal(tx, uuid) };
}
