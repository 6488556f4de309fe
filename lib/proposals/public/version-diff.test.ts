import { describe, expect, it } from "vitest";
import { renderDescriptionHtml } from "../markdown/render-markdown";
import {
  diffParagraphs,
  diffVersions,
  MAX_PARAGRAPH_CHARS,
  MAX_PARAGRAPHS,
  paragraphsOf,
  type DiffBlockInput,
  type DiffVersion,
} from "./version-diff";

const html = (md: string) => renderDescriptionHtml(md, {});

const product = (uuid: string, fields: Partial<DiffBlockInput> = {}): DiffBlockInput => ({
  uuid,
  type: "product-block",
  title: `Item ${uuid}`,
  price: 100,
  quantity: 1,
  discount: null,
  tax_rate: 25,
  unit: "pcs",
  optional: false,
  selected: true,
  value_without_tax: 100,
  value_with_tax: 125,
  ...fields,
});

const version = (fields: Partial<DiffVersion> = {}): DiffVersion => ({
  version: 1,
  title: "Solar roof",
  description_html: html("# Your roof\n\nWe install twelve panels."),
  currency: "EUR",
  blocks: [product("a"), product("b")],
  value_without_tax: 200,
  value_with_tax: 250,
  ...fields,
});

describe("[VERSION DIFF] blocks", () => {
  it("finds nothing between a version and its copy", () => {
    const diff = diffVersions(version(), version({ version: 2 }));
    expect(diff).toMatchObject({
      from_version: 1,
      to_version: 2,
      title: null,
      added: [],
      removed: [],
      changed: [],
      totals_changed: false,
      currency: null,
      description: [],
      more_description_changes: 0,
      has_changes: false,
    });
    expect(diff.totals).toEqual({
      before: { value_without_tax: 200, value_with_tax: 250 },
      after: { value_without_tax: 200, value_with_tax: 250 },
    });
  });

  it("matches blocks by uuid: added, removed, and changed with each field before and after", () => {
    const before = version();
    const after = version({
      version: 3,
      blocks: [
        product("b", { title: "Item B, bigger", price: 90, quantity: 4, discount: 10, value_without_tax: 324, value_with_tax: 405 }),
        product("c", { title: "Battery", price: 4000, value_without_tax: 4000, value_with_tax: 5000, optional: true }),
      ],
      value_without_tax: 4324,
      value_with_tax: 5405,
    });
    const diff = diffVersions(before, after);
    expect(diff.added).toEqual([
      {
        uuid: "c",
        type: "product-block",
        title: "Battery",
        price: 4000,
        quantity: 1,
        unit: "pcs",
        optional: true,
        selected: true,
        value_without_tax: 4000,
        value_with_tax: 5000,
      },
    ]);
    expect(diff.removed.map((b) => [b.uuid, b.title, b.value_without_tax])).toEqual([["a", "Item a", 100]]);
    expect(diff.changed).toEqual([
      {
        uuid: "b",
        type: "product-block",
        title: "Item B, bigger",
        unit: "pcs",
        renamed: { before: "Item b", after: "Item B, bigger" },
        price: { before: 100, after: 90 },
        quantity: { before: 1, after: 4 },
        discount: { before: null, after: 10 },
        amount: { before: { value_without_tax: 100, value_with_tax: 125 }, after: { value_without_tax: 324, value_with_tax: 405 } },
      },
    ]);
    expect(diff.totals_changed).toBe(true);
    expect(diff.totals.after).toEqual({ value_without_tax: 4324, value_with_tax: 5405 });
    expect(diff.has_changes).toBe(true);
  });

  it("reports an item made optional or left out, and a moved block as no change", () => {
    const before = version({ blocks: [product("a"), product("b")] });
    const after = version({
      version: 2,
      blocks: [product("b"), product("a", { optional: true, selected: false })],
      value_without_tax: 100,
      value_with_tax: 125,
    });
    const diff = diffVersions(before, after);
    expect(diff.changed).toEqual([
      expect.objectContaining({ uuid: "a", optional: { before: false, after: true }, selected: { before: true, after: false } }),
    ]);
    expect(diff.changed[0]).not.toHaveProperty("price");
    expect(diff.totals_changed).toBe(true);
  });

  it("reports the title and the currency", () => {
    const diff = diffVersions(version(), version({ version: 2, title: "Solar roof, revised", currency: "SEK" }));
    expect(diff.title).toEqual({ before: "Solar roof", after: "Solar roof, revised" });
    expect(diff.currency).toEqual({ before: "EUR", after: "SEK" });
    expect(diff.has_changes).toBe(true);
  });
});

describe("[VERSION DIFF] the description", () => {
  it("reads paragraphs and headings as text: line breaks kept, tags gone, entities read back", () => {
    expect(paragraphsOf(html("# Hello *you*\n\nLine one\nline <two> & 'three'\n\n<left aligned"))).toEqual([
      "Hello you",
      "Line one\nline <two> & 'three'",
      "left aligned",
    ]);
    expect(paragraphsOf("")).toEqual([]);
  });

  it("reads each list item as a paragraph of its own, so a rewritten item is one change", () => {
    expect(paragraphsOf(html("Included:\n- Twelve **panels**\n- Rails\n\n3. Survey"))).toEqual([
      "Included:",
      "Twelve panels",
      "Rails",
      "Survey",
    ]);
    expect(diffParagraphs(html("- Twelve panels\n- Rails\n- Fitting"), html("- Fourteen panels\n- Rails\n- Fitting\n- A battery"))).toEqual(
      [
        { kind: "changed", before: "Twelve panels", after: "Fourteen panels" },
        { kind: "added", before: null, after: "A battery" },
      ],
    );
  });

  it("lists rewritten, added and removed paragraphs in order, not the unchanged ones", () => {
    const before = html("# Offer\n\nTwelve panels.\n\nDelivery in May.\n\nPayment in 30 days.");
    const after = html("# Offer\n\nFourteen panels.\n\nDelivery in May.\n\nA battery is included.\n\nPayment in 30 days.");
    expect(diffParagraphs(before, after)).toEqual([
      { kind: "changed", before: "Twelve panels.", after: "Fourteen panels." },
      { kind: "added", before: null, after: "A battery is included." },
    ]);
    expect(diffParagraphs(after, before)).toEqual([
      { kind: "changed", before: "Fourteen panels.", after: "Twelve panels." },
      { kind: "removed", before: "A battery is included.", after: null },
    ]);
    expect(diffParagraphs(before, before)).toEqual([]);
    expect(diffParagraphs("", html("New text."))).toEqual([{ kind: "added", before: null, after: "New text." }]);
  });

  it("keeps the summary short: at most MAX_PARAGRAPHS listed, the rest counted, long paragraphs cut", () => {
    const many = (prefix: string) => html(Array.from({ length: MAX_PARAGRAPHS + 5 }, (_, i) => `${prefix} ${i}`).join("\n\n"));
    const diff = diffVersions(version({ description_html: many("old") }), version({ version: 2, description_html: many("new") }));
    expect(diff.description).toHaveLength(MAX_PARAGRAPHS);
    expect(diff.more_description_changes).toBe(5);
    const long = diffParagraphs(html("short"), html("x".repeat(5000)));
    expect(long[0].after).toHaveLength(MAX_PARAGRAPH_CHARS);
    expect(long[0].after!.endsWith("…")).toBe(true);
  });

  it("stays fast on hostile input: 40,000 paragraphs each side", () => {
    const a = html(Array.from({ length: 40_000 }, (_, i) => `a${i}`).join("\n\n"));
    const b = html(Array.from({ length: 40_000 }, (_, i) => `b${i}`).join("\n\n"));
    const started = performance.now();
    const changes = diffParagraphs(a, b);
    // Compared whole, the table would be 1.6e9 cells: it could not even be allocated.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(changes).toHaveLength(40_000);
    expect(changes.every((c) => c.kind === "changed")).toBe(true);
  });
});
