import { numberText, parseNumber } from "./format";
import type { BlockChange, ProposalBlockDto } from "./queries";
import type { PricedLine } from "./totals";

/** A block's fields as typed: numbers stay text until they are read, so a half-typed "1," is kept. */
export type BlockDraft = { title: string; description: string; price: string; quantity: string; discount: string };

export const toDraft = (b: ProposalBlockDto): BlockDraft => ({
  title: b.title,
  description: b.description,
  price: numberText(b.price),
  quantity: numberText(b.quantity),
  discount: numberText(b.discount),
});

/** A draft's problem, in words, or null when it can be saved. */
export function draftProblem(d: BlockDraft, isProduct: boolean): string | null {
  if (!isProduct) return null;
  const price = parseNumber(d.price);
  const quantity = parseNumber(d.quantity);
  const discount = parseNumber(d.discount);
  if (Number.isNaN(price)) return "The price is a number, such as 120 or 99.50.";
  if (quantity === null || Number.isNaN(quantity) || quantity <= 0) return "The quantity is a number above 0.";
  if (Number.isNaN(discount) || (discount !== null && discount > 100)) return "The discount is a percentage from 0 to 100.";
  return null;
}

/** The block as priced from its draft (the saved values where the draft cannot be read). */
export function pricedLine(block: ProposalBlockDto, draft: BlockDraft | undefined): PricedLine {
  const base: PricedLine = {
    uuid: block.uuid,
    type: block.type,
    price: block.price,
    quantity: block.quantity,
    discount: block.discount,
    tax_rate: block.tax_rate,
  };
  if (!draft || draftProblem(draft, block.type === "product-block")) return base;
  return { ...base, price: parseNumber(draft.price), quantity: parseNumber(draft.quantity), discount: parseNumber(draft.discount) };
}

/** What a valid draft saves: a video's title and description, a product's prices too. */
export function toChange(d: BlockDraft, isProduct: boolean): BlockChange {
  const change: BlockChange = { title: d.title, description: d.description };
  if (!isProduct) return change;
  return { ...change, price: parseNumber(d.price), quantity: parseNumber(d.quantity) ?? 1, discount: parseNumber(d.discount) };
}
