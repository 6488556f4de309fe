/**
 * value_without_tax as a SQL expression: the same arithmetic as ./proposal-values.ts
 * (`computeProposalValues`, docs/decisions/006-proposal-values.md), for reports that add up many
 * proposals' values in the database instead of reading each one into the app (the pipeline, issue 42).
 *
 * Per block: amount = price × quantity × (100 − discount) / 100 in minor units, rounded half away
 * from zero (PostgreSQL's `round(numeric)`); with tax included in the price (mode standard or
 * simplified), net = amount × 100 / (100 + rate), rounded the same way. Only the blocks included
 * (`isIncluded`: not optional, or optional and not left out) count. JSON numbers are exact decimals
 * in jsonb and every step but the one division is exact numeric arithmetic; that division is an
 * exact integer quotient and remainder, as `divideRounded` does with BigInt. A test holds both equal
 * (./proposal-values-sql.test.ts).
 */
import { Prisma } from "@/lib/generated/prisma/client";

/** 10^(digits − 2) as an exact decimal literal: minor units per major unit, divided by 100 (for the discount's percent). */
function minorUnitsPerPercent(fractionDigits: number): string {
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 6) throw new RangeError("fractionDigits must be 0..6");
  return fractionDigits >= 2 ? `1${"0".repeat(fractionDigits - 2)}` : `0.${"0".repeat(1 - fractionDigits)}1`;
}

/** numerator / denominator rounded half away from zero (denominator > 0), exactly. */
const divideRoundedSql = (numerator: Prisma.Sql, denominator: Prisma.Sql) => Prisma.sql`(
  div(${numerator}, ${denominator}) + CASE
    WHEN 2 * (${numerator} - div(${numerator}, ${denominator}) * ${denominator}) >= ${denominator} THEN 1
    WHEN -2 * (${numerator} - div(${numerator}, ${denominator}) * ${denominator}) >= ${denominator} THEN -1
    ELSE 0 END)`;

/**
 * A proposal's value_without_tax in minor units of its currency (numeric, a whole number; 0 for no
 * blocks). `blocks` and `taxOptions` are the proposal's jsonb columns, `companyTaxMode` the mode its
 * company's tax_options fall back to (text), `fractionDigits` its currency's (`currencyFractionDigits`).
 */
export function valueWithoutTaxMinorSql({
  blocks,
  taxOptions,
  companyTaxMode,
  fractionDigits,
}: {
  blocks: Prisma.Sql;
  taxOptions: Prisma.Sql;
  companyTaxMode: Prisma.Sql;
  fractionDigits: number;
}): Prisma.Sql {
  const scale = Prisma.raw(`${minorUnitsPerPercent(fractionDigits)}::numeric`);
  const isTaxApplied = Prisma.sql`coalesce(${taxOptions} ->> 'mode', ${companyTaxMode}) IN ('standard', 'simplified')`;
  const isTaxIncluded = Prisma.sql`coalesce((${taxOptions} -> 'tax_included') = 'true'::jsonb, false)`;
  const amount = Prisma.sql`line.amount`;
  const hundredPlusRate = Prisma.sql`(100 + line.rate)`;
  return Prisma.sql`(
    SELECT coalesce(sum(CASE WHEN ${isTaxIncluded} THEN ${divideRoundedSql(Prisma.sql`(${amount} * 100)`, hundredPlusRate)} ELSE ${amount} END), 0)
    FROM jsonb_array_elements(${blocks}) AS b(block)
    CROSS JOIN LATERAL (
      SELECT
        round(
          coalesce((b.block ->> 'price')::numeric, 0)
          * coalesce((b.block ->> 'quantity')::numeric, 1)
          * (100 - coalesce((b.block ->> 'discount')::numeric, 0))
          * ${scale}
        ) AS amount,
        CASE WHEN ${isTaxApplied} THEN coalesce((b.block ->> 'tax_rate')::numeric, 0) ELSE 0 END AS rate
    ) AS line
    WHERE (b.block -> 'optional') IS DISTINCT FROM 'true'::jsonb OR (b.block -> 'selected') IS DISTINCT FROM 'false'::jsonb
  )`;
}
