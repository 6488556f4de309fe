/**
 * The buyer's choices on a block (docs/decisions/035-buyer-choices.md): whether an optional block is
 * included, and the quantity within the range the sales staff allow. The API refuses by these rules
 * (./blocks.ts, ./edit-block.ts, ../public/save-choices.ts) and the editor and the recipient page
 * offer their controls by them, so this module imports nothing server-only.
 */

/** A block's choice fields as stored and read. `selected` only means something on an optional block. */
export type BlockChoices = {
  optional: boolean;
  selected: boolean;
  quantity: number;
  /** Both null: the quantity is fixed. Both numbers: the buyer may choose from min to max. */
  quantity_min: number | null;
  quantity_max: number | null;
};

/** A block as stored before buyer choices existed reads as a fixed, always included block. */
export function choicesOf(block: {
  optional?: boolean | null;
  selected?: boolean | null;
  quantity: number;
  quantity_min?: number | null;
  quantity_max?: number | null;
}): BlockChoices {
  const optional = block.optional === true;
  return {
    optional,
    // A block that is not optional is always in the offer, whatever was sent.
    selected: optional ? block.selected !== false : true,
    quantity: block.quantity,
    quantity_min: block.quantity_min ?? null,
    quantity_max: block.quantity_max ?? null,
  };
}

/** The quantities the buyer may choose from, or null when the quantity is fixed. */
export function quantityRange(block: Pick<BlockChoices, "quantity_min" | "quantity_max">): { min: number; max: number } | null {
  if (block.quantity_min === null || block.quantity_max === null) return null;
  return { min: block.quantity_min, max: block.quantity_max };
}

/** Whether the customer has anything to choose on this proposal: an optional block or a quantity range. */
export const hasChoices = (proposal: { blocks: Pick<BlockChoices, "optional" | "quantity_min" | "quantity_max">[] }) =>
  proposal.blocks.some((b) => b.optional || quantityRange(b) !== null);

export type ChoiceIssue = { field: "quantity" | "quantity_min" | "quantity_max"; message: string };

const show = (n: number) => String(n);

/**
 * What is wrong with a block's quantity and range. A field left `undefined` is not known yet (a
 * PATCH that names an existing block and leaves it out keeps the stored value): only what the known
 * fields decide is reported, so the schema can check a request alone and the service the merged block.
 */
export function quantityRangeIssues(block: {
  quantity?: number;
  quantity_min?: number | null;
  quantity_max?: number | null;
}): ChoiceIssue[] {
  const { quantity, quantity_min: min, quantity_max: max } = block;
  const issues: ChoiceIssue[] = [];
  if (min !== undefined && max !== undefined && (min === null) !== (max === null)) {
    const missing = min === null ? "quantity_min" : "quantity_max";
    issues.push({
      field: missing,
      message: "A quantity range has both ends: send quantity_min and quantity_max, or null for both to fix the quantity",
    });
    return issues;
  }
  if (typeof min === "number" && typeof max === "number" && min > max) {
    issues.push({ field: "quantity_min", message: `quantity_min (${show(min)}) is above quantity_max (${show(max)})` });
    return issues;
  }
  if (quantity !== undefined && typeof min === "number" && quantity < min) {
    issues.push({ field: "quantity", message: `The quantity (${show(quantity)}) is below quantity_min (${show(min)})` });
  }
  if (quantity !== undefined && typeof max === "number" && quantity > max) {
    issues.push({ field: "quantity", message: `The quantity (${show(quantity)}) is above quantity_max (${show(max)})` });
  }
  return issues;
}

/** The buyer's change to one block, as the recipient page sends it. */
export type BuyerChoice = { selected?: boolean; quantity?: number };

/**
 * Why the buyer may not make this choice on this block, in words the page can show, with the field
 * it is about; null when they may. `title` names the block in the message.
 */
export function buyerChoiceProblem(
  block: BlockChoices & { title: string },
  choice: BuyerChoice,
): { field: "selected" | "quantity"; message: string } | null {
  const name = block.title.trim() ? `“${block.title.trim()}”` : "This item";
  if (choice.selected === false && !block.optional) {
    return { field: "selected", message: `${name} is part of the offer and cannot be left out` };
  }
  if (choice.quantity !== undefined && choice.quantity !== block.quantity) {
    const range = quantityRange(block);
    if (!range) return { field: "quantity", message: `The quantity of ${name} is fixed at ${show(block.quantity)}` };
    if (choice.quantity < range.min || choice.quantity > range.max) {
      return { field: "quantity", message: `Choose a quantity of ${name} from ${show(range.min)} to ${show(range.max)}` };
    }
  }
  return null;
}

/** What one save changed on one block: the event's detail and the page's record. */
export type ChoiceChange = {
  uuid: string;
  title: string;
  selected?: { from: boolean; to: boolean };
  quantity?: { from: number; to: number };
};

type ChoiceBlock = {
  uuid: string;
  title: string;
  quantity: number;
  optional?: boolean | null;
  selected?: boolean | null;
  quantity_min?: number | null;
  quantity_max?: number | null;
};

/**
 * The blocks with the buyer's choices applied, what changed, and the issues (paths as the request
 * names them: `blocks.<i>.uuid`, `.selected`, `.quantity`). With any issue nothing is to be applied.
 * A choice equal to the block's current one changes nothing and is not reported.
 */
export function applyBuyerChoices<B extends ChoiceBlock>(
  blocks: readonly B[],
  choices: readonly (BuyerChoice & { uuid: string })[],
): { blocks: B[]; changes: ChoiceChange[]; issues: { path: string; message: string }[] } {
  const index = new Map(blocks.map((block, i) => [block.uuid, i]));
  const next = [...blocks];
  const changes: ChoiceChange[] = [];
  const issues: { path: string; message: string }[] = [];
  choices.forEach((choice, i) => {
    const at = index.get(choice.uuid);
    if (at === undefined) {
      issues.push({ path: `blocks.${i}.uuid`, message: "No item with this uuid in this proposal: reload the page" });
      return;
    }
    const block = next[at];
    const current = choicesOf(block);
    const problem = buyerChoiceProblem({ ...current, title: block.title }, choice);
    if (problem) {
      issues.push({ path: `blocks.${i}.${problem.field}`, message: problem.message });
      return;
    }
    const change: ChoiceChange = { uuid: block.uuid, title: block.title };
    const selected = current.optional && choice.selected !== undefined ? choice.selected : current.selected;
    const quantity = choice.quantity ?? current.quantity;
    if (selected !== current.selected) change.selected = { from: current.selected, to: selected };
    if (quantity !== current.quantity) change.quantity = { from: current.quantity, to: quantity };
    if (!change.selected && !change.quantity) return;
    next[at] = { ...block, selected, quantity };
    changes.push(change);
  });
  return { blocks: next, changes, issues };
}
