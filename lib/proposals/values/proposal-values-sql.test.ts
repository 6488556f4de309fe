import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { computeProposalValues, toMajorUnits, type PricedBlock, type TaxMode } from "./proposal-values";
import { valueWithoutTaxMinorSql } from "./proposal-values-sql";

/** A proposal as stored: its blocks, its tax_options as saved (mode may be left to the company's) and its company's mode. */
type Case = { blocks: PricedBlock[]; tax: { mode?: TaxMode; tax_included?: boolean }; companyMode: TaxMode };

/** value_without_tax of each case as the database computes it, in one statement, in major units read as the read model reads them. */
async function sqlValues(cases: Case[], fractionDigits: number): Promise<number[]> {
  const db = await getDb();
  const value = valueWithoutTaxMinorSql({
    blocks: Prisma.sql`c.doc -> 'blocks'`,
    taxOptions: Prisma.sql`c.doc -> 'tax'`,
    companyTaxMode: Prisma.sql`c.doc ->> 'companyMode'`,
    fractionDigits,
  });
  const rows = await queryRows<{ minor: string }>(
    db,
    Prisma.sql`SELECT (${value})::text AS minor FROM jsonb_array_elements(${JSON.stringify(cases)}::jsonb) WITH ORDINALITY AS c(doc, n) ORDER BY c.n`,
  );
  return rows.map((r) => toMajorUnits(BigInt(r.minor), fractionDigits));
}

/** The read model's value_without_tax (lib/proposals/proposals/read-model.ts: the company's mode fills in a missing one). */
const tsValue = (c: Case, fractionDigits: number) =>
  computeProposalValues(c.blocks, { mode: c.tax.mode ?? c.companyMode, tax_included: c.tax.tax_included ?? false }, fractionDigits)
    .value_without_tax;

const netStandard = { mode: "standard", tax_included: false } as const;
const grossStandard = { mode: "standard", tax_included: true } as const;

describe("[PROPOSAL VALUES] value_without_tax in SQL", () => {
  it("equals the read model's on awkward numbers: half cents, float noise, tiny and huge amounts, included tax", async () => {
    const cases: Case[] = [
      { blocks: [], tax: netStandard, companyMode: "standard" },
      // 1.005 rounds up, as written (a float reading would make it 1.00).
      { blocks: [{ price: 1.005 }], tax: netStandard, companyMode: "standard" },
      { blocks: [{ price: 0.1 }, { price: 0.2 }], tax: netStandard, companyMode: "standard" },
      { blocks: [{ price: 0.1 + 0.2, quantity: 3 }], tax: netStandard, companyMode: "standard" },
      { blocks: [{ price: 1e-7, quantity: 1e9 }], tax: netStandard, companyMode: "standard" },
      { blocks: [{ price: 1e12, quantity: 1e9, discount: 0.5 }], tax: netStandard, companyMode: "standard" },
      { blocks: [{ price: 19.99, quantity: 3.333, discount: 33.333 }], tax: netStandard, companyMode: "standard" },
      // Half a cent below and above, negative-free: 0.125 × 1 → 0.13; 2.675 (a float below 2.675) → 2.68.
      { blocks: [{ price: 0.125 }, { price: 2.675 }], tax: netStandard, companyMode: "standard" },
      // Taxes taken out of gross prices: 100 / 1.125, 10.01 / 1.25, 0.05 / 1.06; 1 and 3 cents / 2 (exactly half a cent: up); a 100 % discount.
      { blocks: [{ price: 100, tax_rate: 12.5 }], tax: grossStandard, companyMode: "standard" },
      {
        blocks: [
          { price: 10.01, tax_rate: 25 },
          { price: 0.03, tax_rate: 50 },
        ],
        tax: grossStandard,
        companyMode: "standard",
      },
      {
        blocks: [
          { price: 0.05, tax_rate: 6 },
          { price: 0.01, tax_rate: 100 },
          { price: 0.03, tax_rate: 100 },
          { price: 99.99, discount: 100, tax_rate: 25 },
        ],
        tax: grossStandard,
        companyMode: "standard",
      },
      { blocks: [{ price: 1e12, quantity: 1e9, tax_rate: 12.345 }], tax: { mode: "simplified", tax_included: true }, companyMode: "none" },
      // No tax applied: tax_included and the rates are ignored; the company's mode fills in a missing one.
      { blocks: [{ price: 125, tax_rate: 25 }], tax: { mode: "none", tax_included: true }, companyMode: "standard" },
      { blocks: [{ price: 125, tax_rate: 25 }], tax: { tax_included: true }, companyMode: "none" },
      { blocks: [{ price: 125, tax_rate: 25 }], tax: { tax_included: true }, companyMode: "standard" },
      { blocks: [{ price: 125, tax_rate: 25 }], tax: {}, companyMode: "simplified" },
      // Null price, quantity, discount and rate; optional blocks in and out.
      {
        blocks: [
          { price: null, quantity: 4 },
          { price: 7, quantity: null, discount: null, tax_rate: null },
        ],
        tax: netStandard,
        companyMode: "standard",
      },
      {
        blocks: [
          { price: 100, quantity: 2 },
          { price: 50, optional: true, selected: false },
          { price: 10, quantity: 3, optional: true, selected: true },
          { price: 1, optional: true },
          { price: 1000, optional: false, selected: false },
        ],
        tax: netStandard,
        companyMode: "standard",
      },
    ];
    for (const digits of [2, 0, 3]) {
      expect(await sqlValues(cases, digits), `${digits} fraction digits`).toEqual(cases.map((c) => tsValue(c, digits)));
    }
    // Spot checks that the cases say what they claim.
    expect(tsValue(cases[1], 2)).toBe(1.01);
    expect(tsValue(cases[2], 2)).toBe(0.3);
    expect(tsValue(cases[8], 2)).toBe(88.89);
  });

  it("equals the read model's for any blocks and tax options (property)", async () => {
    // Prices with up to 4 decimals (the library's precision) or any double, quantities with up to 3, discounts with up to 3.
    const price = fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 1_000_000_000 }).map((n) => n / 10_000),
      fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }),
    );
    const block = fc.record({
      price,
      quantity: fc.oneof(
        fc.constant(null),
        fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 1000),
      ),
      discount: fc.oneof(
        fc.constant(null),
        fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000),
      ),
      tax_rate: fc.oneof(fc.constant(null), fc.constantFrom(0, 6, 12, 12.5, 25, 33.333)),
      optional: fc.boolean(),
      selected: fc.boolean(),
    });
    const mode = fc.constantFrom<TaxMode>("standard", "simplified", "tax-free", "none");
    const aCase = fc.record({
      blocks: fc.array(block, { maxLength: 12 }),
      tax: fc.record({ mode, tax_included: fc.boolean() }, { requiredKeys: [] }),
      companyMode: mode,
    });
    const cases = fc.sample(aCase, { numRuns: 300, seed: 20261207 });
    for (const digits of [2, 0, 3]) {
      const expected = cases.map((c) => tsValue(c, digits));
      const actual = await sqlValues(cases, digits);
      const differing = cases.flatMap((c, i) => (actual[i] === expected[i] ? [] : [{ ...c, sql: actual[i], ts: expected[i] }]));
      expect(differing, `${digits} fraction digits`).toEqual([]);
    }
  });
});
