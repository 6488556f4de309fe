import type { ProposalDto } from "../proposals/schemas";
import type { PublicProposal } from "./schemas";

/** What the read model alone tells of the customer's page: all but the trail and the series' current version. */
export type PublicView = Omit<PublicProposal, "current_version_uuid" | "events" | "has_acceptance_record">;

/** The read model's fields the customer's page shows. */
type Viewed = Pick<
  ProposalDto,
  | "uuid"
  | "status"
  | "archived_at"
  | "language"
  | "version"
  | "title"
  | "description_html"
  | "expires_at"
  | "status_changed_at"
  | "background_image_uuid"
  | "currency"
  | "discount_decimals"
  | "tax_options"
  | "blocks"
  | "attachments"
  | "signatures"
  | "value_without_tax"
  | "value_with_tax"
  | "company_name"
  | "company_email"
  | "company_phone"
  | "company_address"
  | "company_logo_uuid"
  | "company_timezone"
  | "contact_name"
  | "contact_email"
  | "recipient_name"
  | "recipient_company_name"
  | "change_requests"
>;

/**
 * The proposal as its customer sees it, from the read model: the server's /p/{uuid} adds the trail
 * to it (./public-proposal.ts), and the editor shows its draft through it, so the page the sales
 * person edits is the page the customer gets. Pure, for the browser as well as the server.
 */
export function toPublicView(dto: Viewed): PublicView {
  return {
    uuid: dto.uuid,
    status: dto.status,
    is_archived: dto.archived_at !== null,
    language: dto.language,
    version: dto.version,
    title: dto.title,
    description_html: dto.description_html,
    expires_at: dto.expires_at,
    status_changed_at: dto.status_changed_at,
    background_image_uuid: dto.background_image_uuid,
    currency: dto.currency,
    discount_decimals: dto.discount_decimals,
    tax_options: dto.tax_options,
    // The read model's blocks are built field by field (toProposalDto): all but the library's ids.
    blocks: dto.blocks.map(({ content_id: _contentId, ...block }) => block),
    attachments: dto.attachments.map((a) => ({ name: a.name, mime_type: a.mime_type, url: a.url })),
    // The signer's email is the recipient's own: the page has no reason to repeat it to whoever holds the link.
    signatures: dto.signatures.map((s) => ({ name: s.name, signed_at: s.signed_at })),
    value_without_tax: dto.value_without_tax,
    value_with_tax: dto.value_with_tax,
    company: {
      name: dto.company_name,
      email: dto.company_email,
      phone: dto.company_phone,
      address: dto.company_address,
      logo_uuid: dto.company_logo_uuid,
      timezone: dto.company_timezone,
    },
    sender: { name: dto.contact_name, email: dto.contact_email },
    recipient: { name: dto.recipient_name, company_name: dto.recipient_company_name },
    change_requests: dto.change_requests,
  };
}
