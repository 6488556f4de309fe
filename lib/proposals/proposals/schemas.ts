import { z } from "zod";
import { UnixTime, UnixTimeInput } from "@/lib/api/schemas";
import { Approval } from "../approvals/schemas";
import { Id, Language, QueryBoolean, QueryId } from "../common-schemas";
import { quantityRangeIssues } from "./block-choices";
import { MAX_REMINDER_DAYS, MIN_REMINDER_DAYS } from "./reminder";

// ---- Input shapes shared by create, patch and new version (proposals-service.md) ----------------

const Name = z.string().max(200);

export const RecipientInput = z
  .strictObject({
    id: Id.optional().describe("An active contact of the proposal's company"),
    first_name: Name.optional(),
    last_name: Name.optional(),
    email: z.email().max(320).optional(),
    phone: z.string().max(50).optional(),
    company_name: Name.optional(),
    sources: z
      .strictObject({
        integration: z
          .strictObject({ id: z.number().int(), contactId: z.string().max(200), metadata: z.record(z.string(), z.unknown()) })
          .partial()
          .optional(),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    const fields = Object.keys(value).filter((k) => k !== "id");
    if (value.id !== undefined && fields.length) {
      ctx.addIssue({
        code: "custom",
        message: `Send either an existing recipient's id or a new recipient's fields, not both (${fields.join(", ")})`,
      });
    }
  })
  .describe("Either {id} of an existing contact, or a new recipient");
export type RecipientInput = z.infer<typeof RecipientInput>;

export const MediaRef = z.strictObject({ id: Id, uuid: z.uuid() }).describe("A hosted image or video: {id, uuid}");

export const Tracking = z.strictObject({
  created_from_rfp: Id.optional().describe("An RFP of the same company"),
  created_from_template: z.uuid().optional().describe("A template of the same company; the draft starts as a copy of it"),
});

export const TaxOptionsInput = z.strictObject({
  mode: z.enum(["standard", "simplified", "tax-free", "none"]).optional(),
  tax_included: z.boolean().optional(),
  tax_label_key: z.string().max(50).optional(),
});

const Money = z.number().min(0).max(1e12);
const Percent = z.number().min(0).max(100);
const Quantity = z.number().gt(0).max(1e9);

/** The buyer's choices on a block (docs/decisions/035-buyer-choices.md), as PATCH, create, new version and the block edit take them. */
const choiceFields = {
  optional: z
    .boolean()
    .optional()
    .describe("The customer may leave this block out of the offer on the proposal's page. Default false; kept when the uuid is echoed"),
  selected: z
    .boolean()
    .optional()
    .describe(
      "Whether an optional block is in the offer: where it starts, then the customer's choice. Default true; a block that is not optional is always in",
    ),
  quantity_min: Quantity.nullable()
    .optional()
    .describe("The least quantity the customer may choose; null (default) with quantity_max null fixes the quantity"),
  quantity_max: Quantity.nullable()
    .optional()
    .describe("The greatest quantity the customer may choose; send it with quantity_min (quantity_min <= quantity <= quantity_max)"),
};

/** Issues of a block's quantity range that the request alone decides (the service checks the block as merged). */
function refineRange(
  block: { quantity?: number; quantity_min?: number | null; quantity_max?: number | null },
  ctx: z.RefinementCtx,
  isNew: boolean,
) {
  // A new block's omitted fields are known: quantity 1 and a fixed quantity. An existing one's are the stored values.
  const known = isNew
    ? { quantity: block.quantity ?? 1, quantity_min: block.quantity_min ?? null, quantity_max: block.quantity_max ?? null }
    : block;
  for (const issue of quantityRangeIssues(known)) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
}

export const BlockInput = z
  .strictObject({
    uuid: z.uuid().optional().describe("An existing block of this proposal, to keep it and its editor customisations"),
    type: z.enum(["product-block", "video-block"]).optional().describe("product-block unless video_url is given"),
    content_id: Id.optional().describe("A variation id of the content library"),
    video_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    title: z.string().max(500).optional().describe("Overrides the library title on create; ignored on patch and new version"),
    description: z
      .string()
      .max(20_000)
      .optional()
      .describe("Overrides the library description on create; ignored on patch and new version"),
    image_uuids: z.array(z.uuid()).max(20).optional().describe("Overrides the library images on create; ignored on patch and new version"),
    price: Money.nullable().optional().describe("Price per unit; default: the library price"),
    quantity: Quantity.optional().describe("Default 1; within quantity_min..quantity_max when they are set"),
    discount: Percent.nullable().optional().describe("Percent 0..100"),
    tax_rate: Percent.nullable().optional().describe("Percent; default: the library tax rate"),
    ...choiceFields,
  })
  .superRefine((block, ctx) => {
    refineRange(block, ctx, block.uuid === undefined);
    const type = block.type ?? (block.video_url && block.content_id === undefined ? "video-block" : "product-block");
    if (type === "product-block" && block.content_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["content_id"], message: "A product block names a content_id (a variation id)" });
    }
    if (type === "video-block" && !block.video_url && block.content_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["video_url"], message: "A video block has a video_url" });
    }
  });
export type BlockInput = z.infer<typeof BlockInput>;

export const AttachmentInput = z
  .strictObject({
    id: Id.optional().describe("A library attachment of the company"),
    mime_type: z.enum(["text/html", "application/pdf"]).optional(),
    name: z.string().min(1).max(200).optional(),
    url: z
      .union([
        z.url({ protocol: /^https?$/ }).max(2000),
        z.string().regex(/^\/api\/files\/[0-9a-f-]{36}$/, "A hosted file of this service"),
      ])
      .optional()
      .describe("An http(s) url, or the url of a PDF this service already hosts for the proposal"),
  })
  .superRefine((a, ctx) => {
    if (a.id !== undefined) {
      if (a.mime_type || a.name || a.url) ctx.addIssue({ code: "custom", message: "Send either {id} or {mime_type, name, url}" });
      return;
    }
    for (const field of ["mime_type", "name", "url"] as const) {
      if (a[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `A link or PDF attachment needs ${field}` });
    }
  })
  .describe(
    "{id} (library attachment), {mime_type: text/html, name, url} (link) or {mime_type: application/pdf, name, url} (PDF fetched and hosted)",
  );
export type AttachmentInput = z.infer<typeof AttachmentInput>;

const Data = z.record(z.string().max(200), z.unknown()).describe("Metadata filling the variables of the description");
const TitleMd = z.string().max(500);
// The markdown subset and its HTML (render-markdown.ts; contract.md as extended by decision 041).
const DescriptionMd = z
  .string()
  .max(100_000)
  .describe(
    "Markdown: `#`, `##`, `###` headings; `**bold**` or `*bold*`; lines starting with `- ` form a bulleted list and lines " +
      "starting with `1. ` a numbered one (counting from its first number); a line starting with `<` is a left-aligned " +
      "paragraph; a blank line starts a new paragraph; `[fallback](data:text/plain,KEY)` shows data.KEY. Everything else is text.",
  );
export const DescriptionHtml = z
  .string()
  .describe(
    "description_md rendered with data: only h1-h3, p (class text-left for `<` lines), br, strong, ul, ol (start when not 1) " +
      "and li; every character of the text is HTML-escaped",
  );
const DiscountDecimals = z.union([z.literal(0), z.literal(1), z.literal(2)]);

const editable = {
  language: Language,
  contact_email: z.string().max(320).optional(),
  background_image: MediaRef.nullable().optional(),
  background_video: MediaRef.nullable().optional(),
  title_md: TitleMd.optional(),
  description_md: DescriptionMd.optional(),
  recipient: RecipientInput.optional(),
  data: Data.optional(),
  invoicing_enabled: z.boolean().optional(),
  invoicing: z.record(z.string(), z.unknown()).optional(),
  tax_options: TaxOptionsInput.optional(),
  blocks: z.array(BlockInput).max(500).optional(),
  attachments: z.array(AttachmentInput).max(50).optional(),
};

export const ProposalCreate = z
  .strictObject({
    company_id: Id,
    ...editable,
    creator_email: z.string().max(320).optional(),
    tracking: Tracking.optional(),
    discount_decimals: DiscountDecimals.optional().describe("Default: the company's"),
  })
  .meta({ id: "ProposalCreate" });
export type ProposalCreate = z.infer<typeof ProposalCreate>;

export const ProposalPatch = z
  .strictObject({
    company_id: Id.describe("Must be the proposal's company"),
    ...editable,
    language: Language.optional(),
    discount_decimals: DiscountDecimals.optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.keys(body).length < 2) ctx.addIssue({ code: "custom", message: "Send company_id and at least one field to change" });
  })
  .meta({ id: "ProposalPatch" });
export type ProposalPatch = z.infer<typeof ProposalPatch>;

export const ProposalNewVersion = z
  .strictObject({
    company_id: Id.describe("Must be the source's company"),
    ...editable,
    creator_email: z.string().max(320).optional().describe("Ignored: the creator is kept from the previous version"),
  })
  .meta({ id: "ProposalNewVersion" });
export type ProposalNewVersion = z.infer<typeof ProposalNewVersion>;

export const BlockEdit = z
  .strictObject({
    title: z.string().max(500).optional(),
    description: z.string().max(20_000).optional(),
    image_uuids: z.array(z.uuid()).max(20).optional(),
    price: Money.nullable().optional(),
    quantity: Quantity.optional(),
    discount: Percent.nullable().optional(),
    tax_rate: Percent.nullable().optional(),
    ...choiceFields,
  })
  .superRefine((body, ctx) => {
    if (Object.keys(body).length === 0) ctx.addIssue({ code: "custom", message: "Send at least one field to change" });
    refineRange(body, ctx, false);
  })
  .meta({ id: "ProposalBlockEdit" });
export type BlockEdit = z.infer<typeof BlockEdit>;

export const BlockParams = z.object({ uuid: z.uuid(), blockUuid: z.uuid() });

export const DataPatch = z
  .strictObject({ data: z.record(z.string().max(200), z.unknown()).describe("Shallow merge: a key set to null is deleted") })
  .meta({ id: "ProposalDataPatch" });

/** The longest personal message a proposal's mail carries. */
export const MAX_SEND_MESSAGE = 2000;

export const SendBody = z
  .strictObject({
    expires_at: UnixTimeInput.optional().describe("UNIX seconds, in the future and before 2100; after it the proposal reads as expired"),
    message: z
      .string()
      .max(MAX_SEND_MESSAGE, "A message is at most 2,000 characters")
      .optional()
      .describe("A personal message set apart in the mail to the recipient, as typed (line breaks kept; never in a header)"),
    notify_recipient: z
      .boolean()
      .optional()
      .describe(
        "Whether to mail the proposal's link to the recipient's email. Omitted: mailed when the recipient has an email and your " +
          "address is verified, else a link you share. true: mailed, or 403 EMAIL_NOT_VERIFIED and nothing sent. false: never mailed",
      ),
    reminder_days_before: z
      .number()
      .int("Whole days")
      .min(MIN_REMINDER_DAYS, `At least ${MIN_REMINDER_DAYS} day`)
      .max(MAX_REMINDER_DAYS, `At most ${MAX_REMINDER_DAYS} days`)
      .optional()
      .describe(
        `Mail the recipient a reminder this many days (${MIN_REMINDER_DAYS}..${MAX_REMINDER_DAYS}, 24 hours each) before expires_at, once, ` +
          "if they have neither accepted, declined nor asked for changes by then. Needs expires_at, a recipient with an email, " +
          "a moment still ahead, and a verified address of yours (403 EMAIL_NOT_VERIFIED otherwise); even with notify_recipient false.",
      ),
  })
  .meta({ id: "ProposalSend" });
export type SendBody = z.infer<typeof SendBody>;

export const MailStatus = z.enum(["pending", "sending", "sent", "failed", "logged"]);

export const ProposalDelivery = z
  .object({
    mail: z
      .object({
        kind: z
          .enum(["proposal_sent", "proposal_updated"])
          .describe("proposal_updated: a new version for the recipient of the previous one"),
        to: z.string(),
        status: MailStatus.describe(
          "pending/sending: on its way; sent: the mail server took it; failed: it gave up (last_error says why); logged: no mail server is configured",
        ),
        last_error: z.string().nullable(),
        queued_at: UnixTime,
        sent_at: UnixTime.nullable(),
      })
      .nullable()
      .describe("The mail that took the proposal to its recipient; null when none was written (a link to share)"),
    can_mail: z.boolean().describe("Whether you may have proposals mailed: your email address is verified"),
  })
  .meta({ id: "ProposalDelivery" });
export type ProposalDelivery = z.infer<typeof ProposalDelivery>;

export const ProposalDeliveryData = z.object({ data: ProposalDelivery });

export const ProposalParams = z.object({ uuid: z.uuid() });

export const ProposalListQuery = z.object({
  company_id: QueryId.optional(),
  status: z.enum(["draft", "template", "active", "accepted", "replaced", "expired", "rejected", "withdrawn"]).optional(),
  series_uuid: z.uuid().optional(),
  include_archived: QueryBoolean.optional(),
  q: z.string().max(200).optional().describe("Matches the title or the recipient's name, email or company, case-insensitively"),
});

// ---- Read model --------------------------------------------------------------------------------

export const Status = z.enum(["draft", "template", "active", "accepted", "replaced", "expired", "rejected", "withdrawn"]);

export const ProposalBlock = z
  .object({
    uuid: z.uuid(),
    type: z.enum(["product-block", "video-block"]),
    content_id: z.number().int().nullable().describe("Variation id, or null for a video block by url"),
    title: z.string(),
    description: z.string(),
    image_uuids: z.array(z.string()),
    video_url: z.string().nullable(),
    price: z.number().nullable(),
    quantity: z.number(),
    discount: z.number().nullable(),
    tax_rate: z.number().nullable(),
    unit: z.string().nullable(),
    optional: z.boolean().describe("The customer may leave this block out"),
    selected: z
      .boolean()
      .describe("Whether the block is in the offer: the customer's current choice for an optional block, always true otherwise"),
    quantity_min: z.number().nullable().describe("The least quantity the customer may choose; null: the quantity is fixed"),
    quantity_max: z.number().nullable().describe("The greatest quantity the customer may choose; null: the quantity is fixed"),
    value_without_tax: z.number().describe("This line's amount, also for an optional block left out (which the totals leave out)"),
    value_with_tax: z.number(),
    course: z
      .object({ id: z.uuid(), title: z.string() })
      .optional()
      .describe("Our extension (issue 43): the course this block's content item delivers; its quantity is seats. Absent otherwise"),
  })
  .meta({ id: "ProposalBlock" });

export const ProposalAttachment = z
  .object({ id: z.number().int().nullable(), name: z.string(), mime_type: z.string(), url: z.string() })
  .meta({ id: "ProposalAttachment" });

export const Signature = z.object({ name: z.string(), email: z.string(), signed_at: UnixTime }).meta({ id: "ProposalSignature" });

export const ChangeRequest = z
  .object({
    message: z.string().describe("As the customer typed it"),
    name: z.string().describe("The name the customer gave; empty when they gave none"),
    created_at: UnixTime,
  })
  .meta({ id: "ProposalChangeRequest" });

const MediaOut = z.object({ id: z.number().int(), uuid: z.string() }).nullable();

export const Proposal = z
  .object({
    uuid: z.uuid(),
    status: Status,
    language: z.string(),
    series_uuid: z.uuid(),
    title: z.string().describe("title_md with variables filled, as plain text"),
    title_md: z.string(),
    description_html: DescriptionHtml,
    description_md: z.string(),
    archived_at: UnixTime.nullable(),
    expires_at: UnixTime.nullable(),
    status_changed_at: UnixTime,
    updated_at: UnixTime,
    created_at: UnixTime,
    version: z.number().int(),
    attachments: z.array(ProposalAttachment),
    blocks: z.array(ProposalBlock),
    signatures: z.array(Signature),
    background_image: MediaOut,
    background_video: MediaOut,
    background_image_uuid: z.string().nullable(),
    company_id: z.number().int(),
    company_name: z.string(),
    company_address: z.string(),
    company_email: z.string(),
    company_phone: z.string(),
    company_registration_number: z.string(),
    company_logo_uuid: z.string().nullable(),
    company_avatar_uuid: z.string().nullable(),
    company_timezone: z.string(),
    company_tax_mode_live: z.string(),
    company_powerups: z.record(z.string(), z.unknown()),
    company_powerups_live: z.record(z.string(), z.unknown()),
    contact_name: z.string(),
    contact_email: z.string(),
    contact_phone: z.string(),
    contact_title: z.string(),
    contact_avatar_transform: z.string(),
    creator_id: z.number().int(),
    creator_name: z.string(),
    user_email: z.string(),
    currency: z.string(),
    data: z.record(z.string(), z.unknown()),
    discount_decimals: DiscountDecimals,
    editor: z.object({ notification_user_ids: z.record(z.string(), z.unknown()) }),
    invoicing: z.record(z.string(), z.unknown()),
    invoicing_enabled: z.boolean(),
    payment: z.record(z.string(), z.unknown()),
    tracking: z.object({ created_from_rfp: z.number().int().nullable(), created_from_template: z.string().nullable() }),
    tax_options: z.object({
      mode: z.enum(["standard", "simplified", "tax-free", "none"]),
      tax_included: z.boolean(),
      tax_label_key: z.string(),
    }),
    is_agreement: z.boolean(),
    is_only_proposal_in_series: z.boolean(),
    is_test: z.boolean(),
    pending: z.boolean(),
    pending_reason: z.string(),
    recipient_is_set: z.boolean(),
    payments_enabled: z.boolean(),
    recipient_id: z.number().int().nullable(),
    recipient_name: z.string(),
    recipient_email: z.string(),
    recipient_phone: z.string(),
    recipient_company_name: z.string(),
    recipient_sources: z.record(z.string(), z.unknown()),
    recipient_first_viewed_at: UnixTime.nullable().describe("When the recipient first opened the proposal page"),
    recipient_viewed_at: UnixTime.nullable().describe("When the recipient last opened the proposal page"),
    recipient_view_count: z.number().int().describe("How often the recipient opened the page (members' previews not counted)"),
    value_with_tax: z.number().describe("The total of the blocks in the offer: optional blocks left out do not count"),
    value_without_tax: z.number().describe("The total of the blocks in the offer: optional blocks left out do not count"),
    url: z.string().describe("The recipient's page"),
    edit_url: z.string().describe("The editor"),
    reminder_days_before: z
      .number()
      .int()
      .nullable()
      .describe("Set at send: the recipient is reminded this many days before expires_at if they have not answered; null for no reminder"),
    reminder_sent_at: UnixTime.nullable().describe("When that reminder was mailed; null until then (and when none is due)"),
    change_requests: z
      .array(ChangeRequest)
      .describe(
        'The customer\'s requests for changes to this version ("Ask for changes" on its page), oldest first, at most 20. ' +
          "Open while the proposal is active: the answer is a new version. The audit trail has them too (changes_requested).",
      ),
    source_uuid: z.uuid().nullable().describe("The proposal this version was made from"),
    accepted_proposal_uuid: z.uuid().nullable().describe("The series' accepted proposal when this version was made"),
    approval: Approval.describe(
      "Whether the company's approval rules let this draft be sent (POST /v3/proposals/{uuid}/send answers 409 APPROVAL_REQUIRED until an owner approves this version)",
    ),
  })
  .meta({ id: "Proposal" });
export type ProposalDto = z.infer<typeof Proposal>;

export const ProposalRef = z.object({ proposal: z.object({ uuid: z.uuid(), url: z.string() }) }).meta({ id: "ProposalRef" });
export const ProposalData = z.object({ data: Proposal });
export const ProposalList = z.object({ data: z.array(Proposal) });
export const DataObject = z.object({ data: z.record(z.string(), z.unknown()) });
