import { createHash } from "node:crypto";
import type { z } from "zod";
import { PublicProposal } from "../public/schemas";

/**
 * What an acceptance freezes: the proposal as its recipient saw it on /p/{uuid} when they accepted
 * (the public read model: title, description, blocks with their prices, quantities, discounts and
 * the buyer's choices, totals, version, company, sender and recipient), without what changes after
 * (status, views, the audit trail). The same shape feeds every PDF, so a live proposal and an
 * accepted one are drawn by one renderer (lib/proposals/pdf).
 */
export const FrozenProposal = PublicProposal.pick({
  uuid: true,
  version: true,
  language: true,
  title: true,
  description_html: true,
  expires_at: true,
  background_image_uuid: true,
  currency: true,
  discount_decimals: true,
  tax_options: true,
  blocks: true,
  attachments: true,
  value_without_tax: true,
  value_with_tax: true,
  company: true,
  sender: true,
  recipient: true,
});
export type FrozenProposal = z.infer<typeof FrozenProposal>;

/** Names the document's shape, so a reader of a stored record knows how to read it. */
export const DOCUMENT_FORMAT = "coursewright.accepted-proposal/1";

export type FrozenDocument = { format: typeof DOCUMENT_FORMAT; proposal: FrozenProposal };

/** The proposal's fields that make the document, and nothing else the read model carries. */
export const freezeProposal = (proposal: FrozenProposal): FrozenProposal => FrozenProposal.parse(proposal);

export const sha256Hex = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * The document as stored: JSON text whose exact UTF-8 bytes the SHA-256 is of. Kept as text, not
 * as jsonb (which reorders keys and spaces), so anyone holding the text can hash it again.
 */
export function serializeDocument(proposal: FrozenProposal): { text: string; sha256: string } {
  const document: FrozenDocument = { format: DOCUMENT_FORMAT, proposal: freezeProposal(proposal) };
  const text = JSON.stringify(document);
  return { text, sha256: sha256Hex(text) };
}

/** A stored document read back. */
export const readDocument = (text: string): FrozenDocument => JSON.parse(text) as FrozenDocument;
