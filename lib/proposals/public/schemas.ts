import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";
import { CONSENT, CONSENT_REQUIRED } from "../acceptance/consent";
import { ProposalEventDto } from "../events/schemas";
import { ChangeRequest, DescriptionHtml, ProposalBlock, Status } from "../proposals/schemas";
import { MAX_CHANGE_REQUEST_MESSAGE } from "./change-request-rules";

/**
 * What the recipient's page (/p/{uuid}) and its two public endpoints speak. The uuid is the only
 * secret, so this is a closed list of what a customer is shown: no data keys, no editor or
 * tracking fields, no creator, no internal ids. The sender is the contact person, as on the page.
 */

export const PublicProposalParams = z.object({ uuid: z.uuid() });

export const AcceptBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, "Type your name to accept")
      .max(200, "A name is at most 200 characters")
      .describe("The recipient's name, typed as their signature"),
    consent: z
      .literal(true, { error: CONSENT_REQUIRED })
      .describe(`true: the recipient ticked "${CONSENT.text}". The server stores its own copy of that text, with its version`),
  })
  .meta({ id: "PublicProposalAccept" });
export type AcceptBody = z.infer<typeof AcceptBody>;

/** The most blocks one save of choices names: a proposal holds at most 500. */
const MAX_CHOICES = 500;

export const ChoicesBody = z
  .strictObject({
    blocks: z
      .array(
        z
          .strictObject({
            uuid: z.uuid().describe("A block of this proposal"),
            selected: z.boolean().optional().describe("Include (true) or leave out (false) an optional block"),
            quantity: z
              .number()
              .gt(0, "Choose a quantity above 0")
              .max(1e9)
              .optional()
              .describe("Within the block's quantity_min..quantity_max"),
          })
          .refine((choice) => choice.selected !== undefined || choice.quantity !== undefined, {
            message: "Send selected, quantity or both",
          }),
      )
      .min(1, "Send at least one block's choice")
      .max(MAX_CHOICES)
      .superRefine((choices, ctx) => {
        const seen = new Set<string>();
        choices.forEach((choice, index) => {
          if (seen.has(choice.uuid)) ctx.addIssue({ code: "custom", path: [index, "uuid"], message: "This block is listed twice" });
          seen.add(choice.uuid);
        });
      })
      .describe("Only the blocks whose choice changes; each names what changes"),
  })
  .meta({ id: "PublicProposalChoices" });
export type ChoicesBody = z.infer<typeof ChoicesBody>;

/** Rejecting takes no reason: there is nowhere to keep one, and asking for it would suggest there is. */
export const RejectBody = z.strictObject({}).meta({ id: "PublicProposalReject" });

/** "Ask for changes": the customer's message to the sales staff (docs/decisions/037). */
export const ChangeRequestBody = z
  .strictObject({
    message: z
      .string()
      .trim()
      .min(1, "Write what you would like changed")
      .max(MAX_CHANGE_REQUEST_MESSAGE, `A message is at most ${MAX_CHANGE_REQUEST_MESSAGE.toLocaleString("en")} characters`)
      .describe("What the customer would like changed, as typed (line breaks kept)"),
    name: z.string().trim().max(200, "A name is at most 200 characters").optional().describe("Who asks, if they want to say"),
  })
  .meta({ id: "PublicChangeRequest" });
export type ChangeRequestBody = z.infer<typeof ChangeRequestBody>;

export const ChangeRequestData = z.object({ data: ChangeRequest });
export type ChangeRequestData = z.infer<typeof ChangeRequestData>;

/** A block as its recipient sees it: the read model's, without the library's ids. */
export const PublicBlock = ProposalBlock.omit({ content_id: true });
export type PublicBlock = z.infer<typeof PublicBlock>;

export const PublicProposal = z
  .object({
    uuid: z.uuid(),
    status: Status.describe("As read: an active proposal past expires_at is expired"),
    is_archived: z.boolean(),
    language: z.string(),
    version: z.number().int(),
    title: z.string(),
    description_html: DescriptionHtml,
    expires_at: UnixTime.nullable(),
    status_changed_at: UnixTime,
    background_image_uuid: z.string().nullable(),
    currency: z.string(),
    discount_decimals: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    tax_options: z.object({
      mode: z.enum(["standard", "simplified", "tax-free", "none"]),
      tax_included: z.boolean(),
      tax_label_key: z.string(),
    }),
    blocks: z.array(PublicBlock),
    attachments: z.array(z.object({ name: z.string(), mime_type: z.string(), url: z.string() })),
    signatures: z.array(z.object({ name: z.string(), signed_at: UnixTime })),
    value_without_tax: z.number(),
    value_with_tax: z.number(),
    company: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      address: z.string(),
      logo_uuid: z.string().nullable(),
      timezone: z.string().describe("Dates on the page are the company's days"),
    }),
    sender: z.object({ name: z.string(), email: z.string() }).describe("The contact person"),
    recipient: z.object({ name: z.string(), company_name: z.string() }),
    change_requests: z
      .array(ChangeRequest)
      .describe('What was asked for with "Ask for changes" on this version\'s page, oldest first (at most 20)'),
    current_version_uuid: z
      .uuid()
      .nullable()
      .describe(
        "For a replaced proposal: the series' current version (newest active, accepted or expired), when it was sent to the same recipient; else null",
      ),
    events: z
      .array(ProposalEventDto)
      .describe("The audit trail, oldest first, as the recipient may see it: members are the sender, without their names or details"),
    has_acceptance_record: z
      .boolean()
      .describe("Accepted here with a signature: the PDF is the acceptance record (the proposal as accepted, and its certificate)"),
  })
  .meta({ id: "PublicProposal" });
export type PublicProposal = z.infer<typeof PublicProposal>;

export const PublicProposalData = z.object({ data: PublicProposal });
