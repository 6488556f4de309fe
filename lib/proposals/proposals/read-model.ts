import { JsonText } from "@/lib/api/prebuilt";
import { toUnix, toUnixOrNull } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { brokenRules, rulesOf } from "../approvals/rules";
import { approvalOf } from "../approvals/state";
import { renderDescriptionHtml, renderTitle } from "../markdown/render-markdown";
import { MAX_CHANGE_REQUESTS } from "../public/change-request-rules";
import { computeValues, currencyFractionDigits, type TaxMode } from "../values/proposal-values";
import type { StoredAttachment } from "./attachments";
import { choicesOf } from "./block-choices";
import type { StoredBlock } from "./blocks";
import type { ProposalDto } from "./schemas";

/** What a proposal is read with: one query, whatever the list's length. */
export const proposalInclude = {
  company: true,
  recipient: true,
  creator: { select: { number: true, name: true, email: true } },
  contact: { select: { number: true, name: true, email: true } },
  series: { select: { _count: { select: { proposals: true } } } },
  changeRequests: { orderBy: { id: "asc" }, take: MAX_CHANGE_REQUESTS, select: { message: true, name: true, createdAt: true } },
  // The newest approval round is the proposal's approval state (../approvals/state.ts).
  approvals: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 },
} satisfies Prisma.ProposalInclude;

export type ProposalRow = Prisma.ProposalGetPayload<{ include: typeof proposalInclude }>;

/**
 * One proposal as the read model needs it: one statement, its relations joined in (the schema's
 * `relationJoins`), so it is also safe inside a transaction, whose one connection a query per
 * relation sent at once would queue on.
 */
export async function findProposalRow(tx: Tx, uuid: string): Promise<ProposalRow | null> {
  return tx.proposal.findUnique({ where: { id: uuid }, include: proposalInclude, relationLoadStrategy: "join" });
}

export type TaxOptions = { mode: TaxMode; tax_included: boolean; tax_label_key: string };

/** A proposal's tax options with the company's defaults filled in. */
export function taxOptionsOf(row: { taxOptions: unknown; company: { taxMode: string } }): TaxOptions {
  const stored = (row.taxOptions ?? {}) as Partial<TaxOptions>;
  return {
    mode: stored.mode ?? (row.company.taxMode as TaxMode),
    tax_included: stored.tax_included ?? false,
    tax_label_key: stored.tax_label_key ?? "",
  };
}

/** An active proposal past its expiry reads as expired (contract.md). */
export function statusOf(row: { status: string; expiresAt: Date | null }, now = new Date()): ProposalDto["status"] {
  if (row.status === "active" && row.expiresAt && row.expiresAt <= now) return "expired";
  return row.status as ProposalDto["status"];
}

const record = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
export const fullName = (c: { firstName: string; lastName: string }) => [c.firstName, c.lastName].filter(Boolean).join(" ");

export const proposalUrl = (uuid: string) => `/p/${uuid}`;
export const editorUrl = (uuid: string) => `/proposals/${uuid}/edit`;

export function toProposalDto(row: ProposalRow, now = new Date()): ProposalDto {
  const data = record(row.data);
  const tax = taxOptionsOf(row);
  const digits = currencyFractionDigits(row.currency);
  // A block stored before buyer choices existed reads as a fixed, included one.
  const stored = (row.blocks as StoredBlock[]).map((b) => ({ ...b, ...choicesOf(b) }));
  const { lines, total: values } = computeValues(stored, tax, digits);
  const approval = approvalOf(
    row,
    brokenRules({ blocks: stored, tax, fractionDigits: digits }, rulesOf(row.company)),
    row.approvals[0] ?? null,
  );
  // Field by field, as the response schema lists them: the answer is sent without a schema pass
  // (proposalAnswer), so nothing else a stored row holds may reach it.
  const blocks = stored.map((b, i) => ({
    uuid: b.uuid,
    type: b.type,
    content_id: b.content_id,
    title: b.title,
    description: b.description,
    image_uuids: b.image_uuids,
    video_url: b.video_url,
    price: b.price,
    quantity: b.quantity,
    discount: b.discount,
    tax_rate: b.tax_rate,
    unit: b.unit,
    optional: b.optional,
    selected: b.selected,
    quantity_min: b.quantity_min,
    quantity_max: b.quantity_max,
    value_without_tax: lines[i].without_tax,
    value_with_tax: lines[i].with_tax,
    ...(b.course ? { course: { id: b.course.id, title: b.course.title } } : {}),
  }));
  const attachments = (row.attachments as StoredAttachment[]).map((a) => ({ id: a.id, name: a.name, mime_type: a.mime_type, url: a.url }));
  const signatures = ((row.signatures ?? []) as ProposalDto["signatures"]).map((s) => ({
    name: s.name,
    email: s.email,
    signed_at: s.signed_at,
  }));
  const contact = row.contact ?? row.creator;
  const recipient = row.recipient;
  const tracking = { created_from_rfp: row.trackingRfpId, created_from_template: row.trackingTemplateId };
  const background = (v: unknown) => (v ? { id: (v as { id: number }).id, uuid: (v as { uuid: string }).uuid } : null);
  return {
    uuid: row.id,
    status: statusOf(row, now),
    language: row.language,
    series_uuid: row.seriesId,
    title: renderTitle(row.titleMd, data),
    title_md: row.titleMd,
    description_html: renderDescriptionHtml(row.descriptionMd, data),
    description_md: row.descriptionMd,
    archived_at: toUnixOrNull(row.archivedAt),
    expires_at: toUnixOrNull(row.expiresAt),
    status_changed_at: toUnix(row.statusChangedAt),
    updated_at: toUnix(row.updatedAt),
    created_at: toUnix(row.createdAt),
    version: row.version,
    attachments,
    blocks,
    signatures,
    background_image: background(row.backgroundImage),
    background_video: background(row.backgroundVideo),
    background_image_uuid: background(row.backgroundImage)?.uuid ?? null,
    company_id: row.companyId,
    company_name: row.company.name,
    company_address: row.company.address,
    company_email: row.company.email,
    company_phone: row.company.phone,
    company_registration_number: row.company.registrationNumber,
    company_logo_uuid: row.company.logoUuid,
    company_avatar_uuid: row.company.avatarUuid,
    company_timezone: row.company.timezone,
    company_tax_mode_live: row.company.taxMode,
    company_powerups: record(row.company.powerups),
    company_powerups_live: record(row.company.powerups),
    contact_name: contact.name,
    contact_email: contact.email,
    contact_phone: "",
    contact_title: "",
    contact_avatar_transform: "",
    creator_id: row.creator.number,
    creator_name: row.creator.name,
    user_email: row.creator.email,
    currency: row.currency,
    data,
    discount_decimals: row.discountDecimals as 0 | 1 | 2,
    editor: { notification_user_ids: record(record(row.editor).notification_user_ids) },
    invoicing: record(row.invoicing),
    invoicing_enabled: row.invoicingEnabled,
    payment: record(row.payment),
    tracking,
    tax_options: tax,
    is_agreement: false,
    is_only_proposal_in_series: row.series._count.proposals === 1,
    is_test: row.isTest,
    pending: false,
    pending_reason: "",
    recipient_is_set: recipient !== null,
    payments_enabled: false,
    recipient_id: recipient?.id ?? null,
    recipient_name: recipient ? fullName(recipient) : "",
    recipient_email: recipient?.email ?? "",
    recipient_phone: recipient?.phone ?? "",
    recipient_company_name: recipient?.companyName ?? "",
    recipient_sources: record(recipient?.sources),
    recipient_first_viewed_at: toUnixOrNull(row.recipientFirstViewedAt),
    recipient_viewed_at: toUnixOrNull(row.recipientViewedAt),
    recipient_view_count: row.recipientViewCount,
    value_with_tax: values.value_with_tax,
    value_without_tax: values.value_without_tax,
    url: proposalUrl(row.id),
    edit_url: editorUrl(row.id),
    reminder_days_before: row.reminderDaysBefore,
    reminder_sent_at: toUnixOrNull(row.reminderSentAt),
    change_requests: row.changeRequests.map((r) => ({ message: r.message, name: r.name, created_at: toUnix(r.createdAt) })),
    source_uuid: row.sourceId,
    accepted_proposal_uuid: row.acceptedProposalId,
    approval,
  };
}

/**
 * `{data: proposal}` as JSON text: toProposalDto builds exactly what the response schema would
 * make of it (every field named, nothing spread from a stored row), so the pipeline's schema pass,
 * a large part of a read's time with many blocks (bench/README.md), is skipped.
 * test/integration/proposal-answer.test.ts holds the DTO equal to the schema's output, rows with
 * stray stored keys included (docs/decisions/027-prebuilt-answers.md).
 */
export const proposalAnswer = (dto: ProposalDto) => new JsonText(JSON.stringify({ data: dto }));
