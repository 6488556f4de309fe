/**
 * What changed between two versions of a proposal, as its customer sees them: the summary at the
 * top of /p/{uuid} when they open a newer version than the one they last looked at
 * (docs/decisions/035-buyer-choices.md). A pure function of the two versions' read models, so it
 * shows nothing the customer's page did not already show them. Imports nothing server-only: the
 * page's summary reads its types.
 */

type Amounts = { value_without_tax: number; value_with_tax: number };

/** A block as the diff reads it: the read model's (the recipient's or the API's). */
export type DiffBlockInput = Amounts & {
  uuid: string;
  type: "product-block" | "video-block";
  title: string;
  price: number | null;
  quantity: number;
  discount: number | null;
  tax_rate: number | null;
  unit: string | null;
  optional: boolean;
  selected: boolean;
};

/** One version as the diff reads it. */
export type DiffVersion = Amounts & {
  version: number;
  title: string;
  description_html: string;
  currency: string;
  blocks: readonly DiffBlockInput[];
};

export type Change<T> = { before: T; after: T };

export type BlockSummary = Amounts & {
  uuid: string;
  type: DiffBlockInput["type"];
  title: string;
  price: number | null;
  quantity: number;
  unit: string | null;
  optional: boolean;
  selected: boolean;
};

/** A block in both versions: what differs (a field is absent when it is the same). */
export type BlockChange = {
  uuid: string;
  type: DiffBlockInput["type"];
  /** As in the newer version. */
  title: string;
  unit: string | null;
  renamed?: Change<string>;
  price?: Change<number | null>;
  quantity?: Change<number>;
  discount?: Change<number | null>;
  tax_rate?: Change<number | null>;
  optional?: Change<boolean>;
  selected?: Change<boolean>;
  /** The line's amounts, when they differ. */
  amount?: Change<Amounts>;
};

/** A paragraph or heading of the description, as text: new, gone, or rewritten in place. */
export type ParagraphChange = { kind: "added" | "removed" | "changed"; before: string | null; after: string | null };

export type VersionDiff = {
  from_version: number;
  to_version: number;
  title: Change<string> | null;
  added: BlockSummary[];
  removed: BlockSummary[];
  changed: BlockChange[];
  totals: Change<Amounts>;
  /** Whether either total differs. */
  totals_changed: boolean;
  currency: Change<string> | null;
  /** The description's changed paragraphs, in order, at most MAX_PARAGRAPHS of them. */
  description: ParagraphChange[];
  /** How many more paragraph changes there are than `description` lists. */
  more_description_changes: number;
  /** Whether anything listed above differs: false when the new version changed nothing the customer sees here. */
  has_changes: boolean;
};

/** At most this many paragraph changes are listed: a summary, not the whole text. */
export const MAX_PARAGRAPHS = 12;
/** A listed paragraph is cut to this many characters. */
export const MAX_PARAGRAPH_CHARS = 600;
/** Above this many comparisons (paragraphs × paragraphs) the description is compared as one block: linear cost on hostile input. */
const MAX_COMPARISONS = 250_000;

const amounts = (x: Amounts): Amounts => ({ value_without_tax: x.value_without_tax, value_with_tax: x.value_with_tax });

const summary = (b: DiffBlockInput): BlockSummary => ({
  uuid: b.uuid,
  type: b.type,
  title: b.title,
  price: b.price,
  quantity: b.quantity,
  unit: b.unit,
  optional: b.optional,
  selected: b.selected,
  ...amounts(b),
});

function changeOf<T>(before: T, after: T): Change<T> | undefined {
  return before === after ? undefined : { before, after };
}

function blockChange(before: DiffBlockInput, after: DiffBlockInput): BlockChange | null {
  const change: BlockChange = { uuid: after.uuid, type: after.type, title: after.title, unit: after.unit };
  const fields = {
    renamed: changeOf(before.title, after.title),
    price: changeOf(before.price, after.price),
    quantity: changeOf(before.quantity, after.quantity),
    discount: changeOf(before.discount, after.discount),
    tax_rate: changeOf(before.tax_rate, after.tax_rate),
    optional: changeOf(before.optional, after.optional),
    selected: changeOf(before.selected, after.selected),
    amount:
      before.value_without_tax !== after.value_without_tax || before.value_with_tax !== after.value_with_tax
        ? { before: amounts(before), after: amounts(after) }
        : undefined,
  };
  let isChanged = false;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    Object.assign(change, { [key]: value });
    isChanged = true;
  }
  return isChanged ? change : null;
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };

/**
 * The description's paragraphs, headings and list items as text. description_html is
 * render-markdown.ts's output: one block per line, and one line per list item (the list's own
 * opening and closing lines hold no text), tags only of its own (every "<" of the text is
 * escaped), so removing tags and reading the five entities back gives the text exactly. Only the
 * text is compared: a line that turns into a list item with the same words is no change.
 */
export function paragraphsOf(descriptionHtml: string): string[] {
  return descriptionHtml
    .split("\n")
    .map((html) =>
      html
        .replace(/<br>/g, "\n")
        .replace(/<[^>]*>/g, "")
        .replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]),
    )
    .filter((text) => text.trim() !== "");
}

/** Longest common subsequence of two lists of paragraphs: the pairs of indexes kept, in order. */
function commonParagraphs(a: readonly string[], b: readonly string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: the LCS of a[i..] and b[j..], one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[at(i, j)] = a[i] === b[j] ? lengths[at(i + 1, j + 1)] + 1 : Math.max(lengths[at(i + 1, j)], lengths[at(i, j + 1)]);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (lengths[at(i + 1, j)] >= lengths[at(i, j + 1)]) i++;
    else j++;
  }
  return pairs;
}

const cut = (text: string) => (text.length > MAX_PARAGRAPH_CHARS ? `${text.slice(0, MAX_PARAGRAPH_CHARS - 1).trimEnd()}…` : text);

/**
 * The paragraphs that differ, in order: within each stretch between paragraphs both versions keep,
 * the removed and the added are paired up as rewritten ("changed"), the rest added or removed.
 */
export function diffParagraphs(beforeHtml: string, afterHtml: string): ParagraphChange[] {
  const a = paragraphsOf(beforeHtml);
  const b = paragraphsOf(afterHtml);
  // The same beginning and end are common to both, whatever lies between: compared without the table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  const kept = midA.length * midB.length <= MAX_COMPARISONS ? commonParagraphs(midA, midB) : [];

  const changes: ParagraphChange[] = [];
  const stretch = (removed: string[], added: string[]) => {
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) changes.push({ kind: "changed", before: cut(removed[k]), after: cut(added[k]) });
    for (const text of removed.slice(paired)) changes.push({ kind: "removed", before: cut(text), after: null });
    for (const text of added.slice(paired)) changes.push({ kind: "added", before: null, after: cut(text) });
  };
  let i = 0;
  let j = 0;
  for (const [ki, kj] of [...kept, [midA.length, midB.length] as [number, number]]) {
    stretch(midA.slice(i, ki), midB.slice(j, kj));
    i = ki + 1;
    j = kj + 1;
  }
  return changes;
}

/** What changed from `before` (the version the customer last viewed) to `after` (the one they opened). */
export function diffVersions(before: DiffVersion, after: DiffVersion): VersionDiff {
  const old = new Map(before.blocks.map((b) => [b.uuid, b]));
  const kept = new Set(after.blocks.map((b) => b.uuid));
  const added: BlockSummary[] = [];
  const changed: BlockChange[] = [];
  for (const block of after.blocks) {
    const previous = old.get(block.uuid);
    if (!previous) added.push(summary(block));
    else {
      const change = blockChange(previous, block);
      if (change) changed.push(change);
    }
  }
  const removed = before.blocks.filter((b) => !kept.has(b.uuid)).map(summary);
  const paragraphs = diffParagraphs(before.description_html, after.description_html);
  const totals = { before: amounts(before), after: amounts(after) };
  const totalsChanged =
    totals.before.value_without_tax !== totals.after.value_without_tax || totals.before.value_with_tax !== totals.after.value_with_tax;
  const title = changeOf(before.title, after.title) ?? null;
  const currency = changeOf(before.currency, after.currency) ?? null;
  return {
    from_version: before.version,
    to_version: after.version,
    title,
    added,
    removed,
    changed,
    totals,
    totals_changed: totalsChanged,
    currency,
    description: paragraphs.slice(0, MAX_PARAGRAPHS),
    more_description_changes: Math.max(0, paragraphs.length - MAX_PARAGRAPHS),
    has_changes:
      title !== null || currency !== null || totalsChanged || paragraphs.length > 0 || added.length + removed.length + changed.length > 0,
  };
}
