import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeLineValues,
  computeProposalValues,
  computeValues,
  currencyFractionDigits,
  formatDiscount,
  isIncluded,
  toMajorUnits,
  type PricedBlock,
  type TaxMode,
  type TaxOptions,
} from "./proposal-values";

const standard = { mode: "standard", tax_included: false } as const;
const standardIncluded = { mode: "standard", tax_included: true } as const;

describe("[PROPOSAL VALUES] one line", () => {
  it("is price × quantity less the discount, and adds the tax on top when prices are net", () => {
    expect(computeLineValues({ price: 100, quantity: 3, discount: 10, tax_rate: 25 }, standard)).toEqual({
      without_tax: 270,
      with_tax: 337.5,
    });
  });

  it("takes the tax out of the price when prices include tax", () => {
    expect(computeLineValues({ price: 125, quantity: 2, discount: null, tax_rate: 25 }, standardIncluded)).toEqual({
      without_tax: 200,
      with_tax: 250,
    });
  });

  it("treats a missing quantity as 1 and a missing price, discount or tax rate as 0", () => {
    expect(computeLineValues({ price: 40 }, standard)).toEqual({ without_tax: 40, with_tax: 40 });
    expect(computeLineValues({ price: 40, quantity: null, discount: null, tax_rate: null }, standard)).toEqual({
      without_tax: 40,
      with_tax: 40,
    });
    expect(computeLineValues({ price: null, quantity: 5, tax_rate: 25 }, standard)).toEqual({
      without_tax: 0,
      with_tax: 0,
    });
  });

  it("is nothing at a 100 % discount or a quantity of 0", () => {
    expect(computeLineValues({ price: 99.99, quantity: 4, discount: 100, tax_rate: 25 }, standard)).toEqual({
      without_tax: 0,
      with_tax: 0,
    });
    expect(computeLineValues({ price: 99.99, quantity: 0, tax_rate: 25 }, standard).with_tax).toBe(0);
  });

  it("rounds each line to cents half away from zero on the decimal as written", () => {
    // 1.005 is 1.00499999999999989... as a double; a person rounds it up.
    expect(computeLineValues({ price: 1.005 }, standard).without_tax).toBe(1.01);
    expect(computeLineValues({ price: 0.125, quantity: 3 }, standard).without_tax).toBe(0.38);
    // 19.99 × 12.5 % tax = 2.49875 -> 2.50 tax.
    expect(computeLineValues({ price: 19.99, tax_rate: 12.5 }, standard)).toEqual({
      without_tax: 19.99,
      with_tax: 22.49,
    });
    // Net of a taxed gross: 10 / 1.25 = 8; 9.99 / 1.25 = 7.992 -> 7.99.
    expect(computeLineValues({ price: 9.99, tax_rate: 25 }, standardIncluded)).toEqual({
      without_tax: 7.99,
      with_tax: 9.99,
    });
    // 33.33 % off 10 = 6.667 -> 6.67.
    expect(computeLineValues({ price: 10, discount: 33.33 }, standard).without_tax).toBe(6.67);
  });

  it("rounds negative lines (credits) symmetrically", () => {
    expect(computeLineValues({ price: -1.005 }, standard).without_tax).toBe(-1.01);
    expect(computeLineValues({ price: -10, tax_rate: 25 }, standard)).toEqual({ without_tax: -10, with_tax: -12.5 });
  });

  it("accepts numbers that print in exponent notation", () => {
    expect(computeLineValues({ price: 1e21, quantity: 1e-7 }, standard).without_tax).toBe(1e14);
    expect(computeLineValues({ price: 5e-7, quantity: 1e7 }, standard).without_tax).toBe(5);
  });

  it("refuses a discount or tax rate outside 0..100 and numbers that are not finite", () => {
    expect(() => computeLineValues({ price: 10, discount: 101 }, standard)).toThrow(/discount/);
    expect(() => computeLineValues({ price: 10, discount: -1 }, standard)).toThrow(/discount/);
    expect(() => computeLineValues({ price: 10, tax_rate: -5 }, standard)).toThrow(/tax_rate/);
    expect(() => computeLineValues({ price: 10, tax_rate: Number.NaN }, { mode: "none" })).toThrow(/tax_rate/);
    expect(() => computeLineValues({ price: Number.POSITIVE_INFINITY }, standard)).toThrow(/price/);
    expect(() => computeLineValues({ price: 1, quantity: Number.NaN }, standard)).toThrow(/quantity/);
  });
});

describe("[PROPOSAL VALUES] tax modes", () => {
  const block: PricedBlock = { price: 100, quantity: 2, discount: 50, tax_rate: 25 };

  it.each<[TaxMode, boolean, number, number]>([
    ["standard", false, 100, 125],
    ["standard", true, 80, 100],
    ["simplified", false, 100, 125],
    ["simplified", true, 80, 100],
    ["tax-free", false, 100, 100],
    ["tax-free", true, 100, 100],
    ["none", false, 100, 100],
    ["none", true, 100, 100],
  ])("%s with tax_included=%s gives %d without tax and %d with tax", (mode, taxIncluded, withoutTax, withTax) => {
    expect(computeProposalValues([block], { mode, tax_included: taxIncluded })).toEqual({
      value_without_tax: withoutTax,
      value_with_tax: withTax,
    });
  });

  it("reads a missing tax_included as prices without tax", () => {
    expect(computeProposalValues([block], { mode: "standard" })).toEqual({
      value_without_tax: 100,
      value_with_tax: 125,
    });
  });
});

describe("[PROPOSAL VALUES] totals", () => {
  it("are 0 for a proposal without blocks or without prices", () => {
    expect(computeProposalValues([], standard)).toEqual({ value_without_tax: 0, value_with_tax: 0 });
    expect(computeProposalValues([{ price: null }, { price: null, quantity: 3 }], standard)).toEqual({
      value_without_tax: 0,
      value_with_tax: 0,
    });
  });

  it("mix tax rates line by line", () => {
    const blocks = [
      { price: 100, tax_rate: 25 },
      { price: 100, tax_rate: 12 },
      { price: 100, tax_rate: 6 },
      { price: 100, tax_rate: null },
    ];
    expect(computeProposalValues(blocks, standard)).toEqual({ value_without_tax: 400, value_with_tax: 443 });
  });

  it("do not drift: 0.1 + 0.2 is 0.3 and a thousand lines of 0.1 are 100", () => {
    expect(computeProposalValues([{ price: 0.1 }, { price: 0.2 }], standard).value_without_tax).toBe(0.3);
    const tenCents = Array.from({ length: 1_000 }, () => ({ price: 0.1, tax_rate: 25 }));
    // 0.1 × 1.25 = 0.125 -> 0.13 per line, so the total with tax is 130, not 125.
    expect(computeProposalValues(tenCents, standard)).toEqual({ value_without_tax: 100, value_with_tax: 130 });
  });

  it("equal the sum of the rounded lines, for many awkward lines", () => {
    const blocks = Array.from({ length: 5_000 }, (_, i) => ({
      price: ((i * 7919) % 100_000) / 1000,
      quantity: 1 + (i % 7) / 4,
      discount: (i % 9) * 3.33,
      tax_rate: [25, 12, 6, 0, 12.5][i % 5],
    }));
    let withoutCents = 0;
    let withCents = 0;
    for (const block of blocks) {
      const line = computeLineValues(block, standard);
      expect(Math.round(line.without_tax * 100) / 100).toBe(line.without_tax);
      withoutCents += Math.round(line.without_tax * 100);
      withCents += Math.round(line.with_tax * 100);
    }
    expect(computeProposalValues(blocks, standard)).toEqual({
      value_without_tax: withoutCents / 100,
      value_with_tax: withCents / 100,
    });
  });

  it("round to the currency's minor unit", () => {
    const blocks = [{ price: 100.4 }, { price: 100.4 }];
    expect(computeProposalValues(blocks, standard, 0)).toEqual({ value_without_tax: 200, value_with_tax: 200 });
    expect(computeProposalValues([{ price: 1.0005 }], standard, 3).value_without_tax).toBe(1.001);
  });

  it("stay the double nearest the exact total at the bounds (price 1e12, quantity 1e9, 500 lines), not a rounding of a rounding", () => {
    const max = { price: 1e12, quantity: 1e9, tax_rate: 25 };
    expect(computeProposalValues([max], standard)).toEqual({ value_without_tax: 1e21, value_with_tax: 1.25e21 });
    expect(JSON.stringify(computeProposalValues([max], standard))).toBe('{"value_without_tax":1e+21,"value_with_tax":1.25e+21}');
    expect(
      computeProposalValues(
        Array.from({ length: 500 }, () => max),
        standard,
      ),
    ).toEqual({ value_without_tax: 5e23, value_with_tax: 6.25e23 });
    expect(computeLineValues({ price: 999999999999.99, quantity: 1e9 }, standard).without_tax).toBe(Number("999999999999990000000"));
    expect(computeProposalValues([{ price: 1e12, quantity: 1e9 }], standard, 0).value_without_tax).toBe(1e21);
    expect(computeProposalValues([{ price: 1e12, quantity: 1e9 }], standard, 3).value_without_tax).toBe(1e21);
  });
});

describe("[PROPOSAL VALUES] minor units to major units", () => {
  it("read the exact decimal: small, negative and beyond 2^53 minor units", () => {
    expect(toMajorUnits(30n, 2)).toBe(0.3);
    expect(toMajorUnits(5n, 2)).toBe(0.05);
    expect(toMajorUnits(-5n, 2)).toBe(-0.05);
    expect(toMajorUnits(-123456n, 3)).toBe(-123.456);
    expect(toMajorUnits(0n, 2)).toBe(0);
    expect(toMajorUnits(42n, 0)).toBe(42);
    expect(toMajorUnits(10n ** 23n, 2)).toBe(1e21);
    for (let i = 0; i < 1000; i++) {
      const minor = BigInt(Math.floor(Math.random() * 1e6)) * 10n ** BigInt(Math.floor(Math.random() * 20)) + BigInt(i);
      const text = minor.toString().padStart(3, "0");
      expect(toMajorUnits(minor, 2), text).toBe(Number(`${text.slice(0, -2)}.${text.slice(-2)}`));
    }
  });
});

describe("[PROPOSAL VALUES] currency minor units", () => {
  it("come from the currency code, with 2 for a code that is not one", () => {
    expect(currencyFractionDigits("SEK")).toBe(2);
    expect(currencyFractionDigits("JPY")).toBe(0);
    expect(currencyFractionDigits("KWD")).toBe(3);
    expect(currencyFractionDigits("not a code")).toBe(2);
  });
});

describe("[PROPOSAL VALUES] discount badge", () => {
  it("shows at most discount_decimals decimals and hides trailing zeros", () => {
    expect(formatDiscount(12.5, 0)).toBe("13");
    expect(formatDiscount(12.5, 1)).toBe("12.5");
    expect(formatDiscount(12.5, 2)).toBe("12.5");
    expect(formatDiscount(12, 2)).toBe("12");
    expect(formatDiscount(12.3456, 2)).toBe("12.35");
    expect(formatDiscount(10.04, 1)).toBe("10");
    expect(formatDiscount(0, 2)).toBe("0");
    expect(formatDiscount(100, 2)).toBe("100");
  });

  it("rounds the decimal as written, half up", () => {
    expect(formatDiscount(1.005, 2)).toBe("1.01");
    expect(formatDiscount(0.15, 1)).toBe("0.2");
  });

  it("uses the proposal's language for the decimal separator, and English for an unusable one", () => {
    expect(formatDiscount(12.5, 2, "sv")).toBe("12,5");
    expect(formatDiscount(12.5, 2, "de")).toBe("12,5");
    expect(formatDiscount(12.5, 2, "!!")).toBe("12.5");
  });

  it("refuses a discount outside 0..100", () => {
    expect(() => formatDiscount(-1, 0)).toThrow(RangeError);
    expect(() => formatDiscount(Number.NaN, 0)).toThrow(RangeError);
  });
});

describe("[PROPOSAL VALUES] optional blocks the buyer left out", () => {
  const taxOptions = fc.constantFrom<TaxOptions>(
    { mode: "standard", tax_included: false },
    { mode: "standard", tax_included: true },
    { mode: "simplified", tax_included: true },
    { mode: "tax-free" },
    { mode: "none" },
  );
  // Prices and quantities as people type them: up to 2 and 3 decimals.
  const block = fc.record({
    price: fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
    ),
    quantity: fc.integer({ min: 1, max: 100_000 }).map((n) => n / 1000),
    discount: fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    ),
    tax_rate: fc.oneof(fc.constant(null), fc.constantFrom(0, 6, 12, 12.5, 25)),
    optional: fc.boolean(),
    selected: fc.boolean(),
  });

  it("count nothing towards the totals but keep their own line values", () => {
    const blocks: PricedBlock[] = [
      { price: 100, quantity: 2, tax_rate: 25 },
      { price: 50, quantity: 1, tax_rate: 25, optional: true, selected: false },
      { price: 10, quantity: 3, tax_rate: 25, optional: true, selected: true },
    ];
    const { lines, total } = computeValues(blocks, standard);
    expect(lines[1]).toEqual({ without_tax: 50, with_tax: 62.5 });
    expect(total).toEqual({ value_without_tax: 230, value_with_tax: 287.5 });
    expect(computeProposalValues(blocks, standard)).toEqual(total);
  });

  it("a block that is not optional always counts, whatever `selected` says; an optional one counts unless `selected` is false", () => {
    expect(isIncluded({})).toBe(true);
    expect(isIncluded({ optional: false, selected: false })).toBe(true);
    expect(isIncluded({ optional: true })).toBe(true);
    expect(isIncluded({ optional: true, selected: null })).toBe(true);
    expect(isIncluded({ optional: true, selected: true })).toBe(true);
    expect(isIncluded({ optional: true, selected: false })).toBe(false);
    expect(computeProposalValues([{ price: 10, selected: false }], standard).value_without_tax).toBe(10);
  });

  it("the totals are the sums of the included lines, for any blocks and tax options (property)", () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 30 }), taxOptions, (blocks, tax) => {
        const { lines, total } = computeValues(blocks, tax);
        const cents = (n: number) => Math.round(n * 100);
        let without = 0;
        let withTax = 0;
        lines.forEach((line, i) => {
          expect(line).toEqual(computeLineValues(blocks[i], tax));
          if (isIncluded(blocks[i])) {
            without += cents(line.without_tax);
            withTax += cents(line.with_tax);
          }
        });
        expect(cents(total.value_without_tax)).toBe(without);
        expect(cents(total.value_with_tax)).toBe(withTax);
      }),
      { numRuns: 300 },
    );
  });

  it("leaving an option out lowers the totals by exactly its line, and taking it back restores them (property)", () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 20 }), fc.nat(), taxOptions, (blocks, pick, tax) => {
        const at = pick % blocks.length;
        const withIt = blocks.map((b, i) => (i === at ? { ...b, optional: true, selected: true } : b));
        const withoutIt = blocks.map((b, i) => (i === at ? { ...b, optional: true, selected: false } : b));
        const line = computeLineValues(blocks[at], tax);
        const a = computeProposalValues(withIt, tax);
        const b = computeProposalValues(withoutIt, tax);
        expect(Math.round((a.value_without_tax - b.value_without_tax) * 100)).toBe(Math.round(line.without_tax * 100));
        expect(Math.round((a.value_with_tax - b.value_with_tax) * 100)).toBe(Math.round(line.with_tax * 100));
      }),
      { numRuns: 300 },
    );
  });
});
