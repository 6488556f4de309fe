import { describe, expect, it } from "vitest";
import { brokenRules, largestTotalWithoutTax, maySend, type ApprovalRules } from "./rules";

const tax = { mode: "standard" as const };
const line = (price: number, extra: Record<string, unknown> = {}) => ({ price, quantity: 1, ...extra });
const judge = (blocks: ReturnType<typeof line>[], rules: ApprovalRules) => brokenRules({ blocks, tax, fractionDigits: 2 }, rules);

describe("[APPROVALS] a company's rules", () => {
  it("break nothing when the company set none, whatever the discount or total", () => {
    expect(judge([line(1e9, { discount: 100 })], { max_discount_percent: null, max_total_without_tax: null })).toEqual([]);
  });

  it("name the largest line discount above the limit, and hold at the limit itself", () => {
    const rules = { max_discount_percent: 20, max_total_without_tax: null };
    expect(judge([line(100, { discount: 20 }), line(50, { discount: 5 })], rules)).toEqual([]);
    expect(judge([line(100, { discount: 25 }), line(50, { discount: 60 })], rules)).toEqual([
      { rule: "max_discount_percent", limit: 20, actual: 60 },
    ]);
  });

  it("name both rules, discount first, when a draft breaks both", () => {
    const reasons = judge([line(1000, { quantity: 300, discount: 50 })], { max_discount_percent: 10, max_total_without_tax: 100_000 });
    expect(reasons).toEqual([
      { rule: "max_discount_percent", limit: 10, actual: 50 },
      { rule: "max_total_without_tax", limit: 100_000, actual: 150_000 },
    ]);
  });
});

describe("[APPROVALS] the largest total the buyer can reach", () => {
  it("counts an optional line the buyer left out, and the top of a quantity range", () => {
    const blocks = [line(100, { optional: true, selected: false }), line(10, { quantity: 2, quantity_min: 1, quantity_max: 50 })];
    expect(largestTotalWithoutTax(blocks, tax, 2)).toBe(600);
    expect(judge(blocks, { max_discount_percent: null, max_total_without_tax: 500 })).toEqual([
      { rule: "max_total_without_tax", limit: 500, actual: 600 },
    ]);
  });

  it("leaves out an optional credit and takes a credit's range at its cheapest end", () => {
    const blocks = [line(1000), line(-200, { optional: true }), line(-10, { quantity: 5, quantity_min: 1, quantity_max: 10 })];
    expect(largestTotalWithoutTax(blocks, tax, 2)).toBe(990);
  });

  it("takes discounts into account, in the currency's minor units", () => {
    expect(largestTotalWithoutTax([line(10, { discount: 33.33 })], tax, 2)).toBe(6.67);
    expect(largestTotalWithoutTax([line(1001, { discount: 50 })], tax, 0)).toBe(501);
  });
});

describe("[APPROVALS] sending", () => {
  it("is allowed without a rule broken or with this version approved, and not otherwise", () => {
    expect(["not_needed", "approved"].map((status) => maySend({ status }))).toEqual([true, true]);
    expect(["required", "requested", "declined"].map((status) => maySend({ status }))).toEqual([false, false, false]);
  });
});
