import { describe, expect, it } from "vitest";
import { applyBuyerChoices, buyerChoiceProblem, choicesOf, hasChoices, quantityRange, quantityRangeIssues } from "./block-choices";

const block = (fields: Partial<Parameters<typeof choicesOf>[0]> & { uuid?: string; title?: string } = {}) => ({
  uuid: fields.uuid ?? "b1",
  title: fields.title ?? "Battery",
  quantity: 2,
  optional: false,
  selected: true,
  quantity_min: null,
  quantity_max: null,
  ...fields,
});

describe("[BUYER CHOICES] a block's choice fields", () => {
  it("read a block stored before they existed as fixed and included", () => {
    expect(choicesOf({ quantity: 3 })).toEqual({ optional: false, selected: true, quantity: 3, quantity_min: null, quantity_max: null });
  });

  it("keep a block that is not optional in the offer, whatever `selected` says", () => {
    expect(choicesOf({ quantity: 1, optional: false, selected: false }).selected).toBe(true);
    expect(choicesOf({ quantity: 1, optional: true, selected: false }).selected).toBe(false);
    expect(choicesOf({ quantity: 1, optional: true }).selected).toBe(true);
  });

  it("have a range only with both ends", () => {
    expect(quantityRange({ quantity_min: 1, quantity_max: 5 })).toEqual({ min: 1, max: 5 });
    expect(quantityRange({ quantity_min: null, quantity_max: null })).toBeNull();
    expect(quantityRange({ quantity_min: 1, quantity_max: null })).toBeNull();
  });

  it("give the customer something to choose with one optional block or one quantity range (the page then ships the choosing offer)", () => {
    const fixed = { optional: false, quantity_min: null, quantity_max: null };
    expect(hasChoices({ blocks: [fixed, fixed] })).toBe(false);
    expect(hasChoices({ blocks: [fixed, { ...fixed, optional: true }] })).toBe(true);
    expect(hasChoices({ blocks: [{ ...fixed, quantity_min: 1, quantity_max: 4 }] })).toBe(true);
    expect(hasChoices({ blocks: [{ ...fixed, quantity_min: 1 }] })).toBe(false);
    expect(hasChoices({ blocks: [] })).toBe(false);
  });
});

describe("[BUYER CHOICES] quantity ranges", () => {
  it("accept a fixed quantity, and a range holding the quantity (ends included)", () => {
    expect(quantityRangeIssues({ quantity: 3, quantity_min: null, quantity_max: null })).toEqual([]);
    expect(quantityRangeIssues({ quantity: 1, quantity_min: 1, quantity_max: 10 })).toEqual([]);
    expect(quantityRangeIssues({ quantity: 10, quantity_min: 1, quantity_max: 10 })).toEqual([]);
    expect(quantityRangeIssues({ quantity: 2.5, quantity_min: 0.5, quantity_max: 2.5 })).toEqual([]);
  });

  it("refuse one end without the other, naming the missing one", () => {
    expect(quantityRangeIssues({ quantity: 1, quantity_min: 1, quantity_max: null })).toEqual([
      { field: "quantity_max", message: expect.stringMatching(/both ends/) },
    ]);
    expect(quantityRangeIssues({ quantity: 1, quantity_min: null, quantity_max: 4 })).toEqual([
      { field: "quantity_min", message: expect.stringMatching(/both ends/) },
    ]);
  });

  it("refuse a minimum above the maximum, and a quantity outside the range", () => {
    expect(quantityRangeIssues({ quantity: 3, quantity_min: 5, quantity_max: 2 })).toEqual([
      { field: "quantity_min", message: "quantity_min (5) is above quantity_max (2)" },
    ]);
    expect(quantityRangeIssues({ quantity: 1, quantity_min: 2, quantity_max: 5 })).toEqual([
      { field: "quantity", message: "The quantity (1) is below quantity_min (2)" },
    ]);
    expect(quantityRangeIssues({ quantity: 6, quantity_min: 2, quantity_max: 5 })).toEqual([
      { field: "quantity", message: "The quantity (6) is above quantity_max (5)" },
    ]);
  });

  it("judge only what is known: a field left undefined is the stored one, checked later", () => {
    expect(quantityRangeIssues({ quantity_min: 5 })).toEqual([]);
    expect(quantityRangeIssues({ quantity: 20 })).toEqual([]);
    expect(quantityRangeIssues({ quantity: 20, quantity_max: 10 })).toHaveLength(1);
    expect(quantityRangeIssues({ quantity_min: 5, quantity_max: 2 })).toHaveLength(1);
  });
});

describe("[BUYER CHOICES] the buyer's choice on a block", () => {
  it("may leave out or take back an optional block, and choose a quantity in range", () => {
    const option = choicesOf(block({ optional: true, quantity_min: 1, quantity_max: 5 }));
    expect(buyerChoiceProblem({ ...option, title: "Battery" }, { selected: false })).toBeNull();
    expect(buyerChoiceProblem({ ...option, title: "Battery" }, { selected: true, quantity: 5 })).toBeNull();
  });

  it("may not leave out a block that is not optional, nor change a fixed quantity, nor leave the range", () => {
    const fixed = { ...choicesOf(block()), title: "Panel" };
    expect(buyerChoiceProblem(fixed, { selected: false })).toEqual({
      field: "selected",
      message: "“Panel” is part of the offer and cannot be left out",
    });
    // Keeping it in, and the same quantity, are no change at all.
    expect(buyerChoiceProblem(fixed, { selected: true, quantity: 2 })).toBeNull();
    expect(buyerChoiceProblem(fixed, { quantity: 3 })).toEqual({ field: "quantity", message: "The quantity of “Panel” is fixed at 2" });
    const ranged = { ...choicesOf(block({ quantity_min: 1, quantity_max: 4 })), title: "" };
    expect(buyerChoiceProblem(ranged, { quantity: 5 })).toEqual({
      field: "quantity",
      message: "Choose a quantity of This item from 1 to 4",
    });
    expect(buyerChoiceProblem(ranged, { quantity: 0.5 })?.field).toBe("quantity");
  });

  it("applies choices in order and reports only what changed, leaving the input as it was", () => {
    const blocks = [
      block({ uuid: "a", title: "Panel", quantity_min: 1, quantity_max: 10 }),
      block({ uuid: "b", title: "Battery", optional: true }),
    ];
    const before = structuredClone(blocks);
    const result = applyBuyerChoices(blocks, [
      { uuid: "a", quantity: 4 },
      { uuid: "b", selected: false, quantity: 2 },
    ]);
    expect(result.issues).toEqual([]);
    expect(result.changes).toEqual([
      { uuid: "a", title: "Panel", quantity: { from: 2, to: 4 } },
      { uuid: "b", title: "Battery", selected: { from: true, to: false } },
    ]);
    expect(result.blocks.map((b) => [b.quantity, b.selected])).toEqual([
      [4, true],
      [2, false],
    ]);
    expect(blocks).toEqual(before);
    expect(applyBuyerChoices(blocks, [{ uuid: "a", quantity: 2 }]).changes).toEqual([]);
  });

  it("names each bad choice by its place in the request", () => {
    const blocks = [block({ uuid: "a" }), block({ uuid: "b", optional: true, quantity_min: 1, quantity_max: 3 })];
    const { issues } = applyBuyerChoices(blocks, [
      { uuid: "zzz", selected: true },
      { uuid: "a", selected: false },
      { uuid: "b", quantity: 9 },
    ]);
    expect(issues.map((i) => i.path)).toEqual(["blocks.0.uuid", "blocks.1.selected", "blocks.2.quantity"]);
  });
});
