import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";
import { ProposalBlock, Status } from "../proposals/schemas";

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
  })
  .meta({ id: "PublicProposalAccept" });
export type AcceptBody = z.infer<typeof AcceptBody>;

/** Rejecting takes no reason: there is nowhere to keep one, and asking for it would suggest there is. */
export const RejectBody = z.strictObject({}).meta({ id: "PublicProposalReject" });

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
    description_html: z.string().describe("Escaped HTML of the markdown subset only (render-markdown.ts)"),
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
    current_version_uuid: z
      .uuid()
      .nullable()
      .describe(
        "For a replaced proposal: the series' current version (newest active, accepted or expired), when it was sent to the same recipient; else null",
      ),
  })
  .meta({ id: "PublicProposal" });
export type PublicProposal = z.infer<typeof PublicProposal>;

export const PublicProposalData = z.object({ data: PublicProposal });
