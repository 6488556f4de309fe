import { quantityRangeIssues } from "@/lib/proposals/proposals/block-choices";
import { numberText, parseNumber } from "./format";
import type { BlockChange, ProposalBlockDto } from "./queries";

/**
 * A block's fields as typed: numbers stay text until they are read, so a half-typed "1," is kept.
 * The buyer's choices (docs/decisions/035): whether the customer may leave the block out, whether it
 * is in, and the range of quantities they may choose (both empty: fixed).
 */
export type BlockDraft = {
  title: string;
  description: string;
  price: string;
  quantity: string;
  discount: string;
  optional: boolean;
  selected: boolean;
  quantityMin: string;
  quantityMax: string;
};

export const toDraft = (b: ProposalBlockDto): BlockDraft => ({
  title: b.title,
  description: b.description,
  price: numberText(b.price),
  quantity: numberText(b.quantity),
  discount: numberText(b.discount),
  optional: b.optional,
  selected: b.selected,
  quantityMin: numberText(b.quantity_min),
  quantityMax: numberText(b.quantity_max),
});

/** A draft's problem, in words, or null when it can be saved. */
export function draftProblem(d: BlockDraft, isProduct: boolean): string | null {
  if (!isProduct) return null;
  const price = parseNumber(d.price);
  const quantity = parseNumber(d.quantity);
  const discount = parseNumber(d.discount);
  const min = parseNumber(d.quantityMin);
  const max = parseNumber(d.quantityMax);
  if (Number.isNaN(price)) return "The price is a number, such as 120 or 99.50.";
  if (quantity === null || Number.isNaN(quantity) || quantity <= 0) return "The quantity is a number above 0.";
  if (Number.isNaN(discount) || (discount !== null && discount > 100)) return "The discount is a percentage from 0 to 100.";
  if (Number.isNaN(min) || Number.isNaN(max) || (min !== null && min <= 0) || (max !== null && max <= 0)) {
    return "The customer's minimum and maximum are numbers above 0.";
  }
  if (quantityRangeIssues({ quantity, quantity_min: min, quantity_max: max }).length) {
    return (min === null) !== (max === null)
      ? "Give both the customer's minimum and maximum, or leave both empty for a fixed quantity."
      : "The quantity lies from the customer's minimum to their maximum.";
  }
  return null;
}

/**
 * The block as its draft reads: the typed title and description, and the typed numbers and choices
 * when they can be read (the saved ones until then). What the page shows while the person types.
 */
export function draftedBlock(block: ProposalBlockDto, draft: BlockDraft | undefined): ProposalBlockDto {
  if (!draft) return block;
  const isProduct = block.type === "product-block";
  const texts = { ...block, title: draft.title, description: draft.description };
  if (!isProduct || draftProblem(draft, isProduct)) return texts;
  const change = toChange(draft, isProduct);
  return {
    ...texts,
    price: change.price ?? null,
    quantity: change.quantity ?? block.quantity,
    discount: change.discount ?? null,
    optional: change.optional ?? block.optional,
    selected: change.selected ?? block.selected,
    quantity_min: change.quantity_min ?? null,
    quantity_max: change.quantity_max ?? null,
  };
}

/** What a valid draft saves: a video's title and description, a product's prices and choices too. */
export function toChange(d: BlockDraft, isProduct: boolean): BlockChange {
  const change: BlockChange = { title: d.title, description: d.description };
  if (!isProduct) return change;
  return {
    ...change,
    price: parseNumber(d.price),
    quantity: parseNumber(d.quantity) ?? 1,
    discount: parseNumber(d.discount),
    optional: d.optional,
    selected: d.optional ? d.selected : true,
    quantity_min: parseNumber(d.quantityMin),
    quantity_max: parseNumber(d.quantityMax),
  };
}
