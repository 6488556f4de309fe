/**
 * value_without_tax and value_with_tax of a proposal, and the discount badge's text.
 * The formula and its rounding are docs/decisions/006-proposal-values.md.
 *
 * Amounts are computed on exact decimals (the digits the number was written with, as BigInt) and
 * rounded once per line to the currency's minor unit, half away from zero; totals are sums of those
 * integers. So 0.1 + 0.2 is 0.3, 1.005 rounds to 1.01 as a person would round it, and a thousand
 * lines add up to exactly the sum of the amounts shown on them.
 *
 * An optional block the buyer left out (`optional` and not `selected`) keeps its own line values,
 * what it would cost, but counts nothing towards the totals (docs/decisions/035-buyer-choices.md).
 */

import { localeOf, numberFormat } from "@/lib/intl/formatters";

export type TaxMode = "standard" | "simplified" | "tax-free" | "none";

export type TaxOptions = { mode: TaxMode; tax_included?: boolean };

export type PricedBlock = {
  /** Price of one unit (library price or the block's override); null counts as nothing to pay. */
  price: number | null;
  /** Defaults to 1. */
  quantity?: number | null;
  /** Percentage 0..100; null is none. */
  discount?: number | null;
  /** Percentage, e.g. 25; null is 0. */
  tax_rate?: number | null;
  /** The buyer may leave it out (decision 035); absent is false. */
  optional?: boolean | null;
  /** Whether an optional block is in the offer; absent is true. Ignored unless optional. */
  selected?: boolean | null;
};

export type LineValues = { without_tax: number; with_tax: number };

export type ProposalValues = { value_without_tax: number; value_with_tax: number };

// An exact decimal: units × 10^-scale (12.345 -> 12345n, 3).
type Decimal = { units: bigint; scale: number };

function toDecimal(value: number, field: string): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`${field} must be a finite number`);
  // String() gives the shortest digits that read back as the same number: what the user typed.
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`${field} is not a decimal number`);
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  const scale = fraction.length - Number(exponent);
  const units = BigInt(`${sign}${whole}${fraction}`);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/** numerator / denominator rounded half away from zero; denominator > 0. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder >= denominator) return quotient + 1n;
  if (-twiceRemainder >= denominator) return quotient - 1n;
  return quotient;
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

function checkRange(value: number, field: string, min: number, max: number) {
  if (!(value >= min && value <= max)) throw new RangeError(`${field} must be between ${min} and ${max}`);
}

/** Whether the price as written carries tax that value_without_tax must take out. */
function isTaxApplied(mode: TaxMode): boolean {
  return mode === "standard" || mode === "simplified";
}

/**
 * One block's net and gross amount in minor units of the currency (cents for fractionDigits 2).
 * Exposed for the proposal footer, so lines and totals come from the same arithmetic.
 */
export function lineMinorUnits(block: PricedBlock, tax: TaxOptions, fractionDigits = 2) {
  const price = toDecimal(block.price ?? 0, "price");
  const quantity = toDecimal(block.quantity ?? 1, "quantity");
  const discountValue = block.discount ?? 0;
  checkRange(discountValue, "discount", 0, 100);
  const discount = toDecimal(discountValue, "discount");
  checkRange(block.tax_rate ?? 0, "tax_rate", 0, 100);
  const rate = toDecimal(isTaxApplied(tax.mode) ? (block.tax_rate ?? 0) : 0, "tax_rate");

  // price × quantity × (100 − discount) / 100, with every factor brought to an integer.
  const remaining = 100n * pow10(discount.scale) - discount.units;
  const numerator = price.units * quantity.units * remaining * pow10(fractionDigits);
  const denominator = pow10(price.scale + quantity.scale + discount.scale) * 100n;
  const amount = divideRounded(numerator, denominator);

  const hundred = 100n * pow10(rate.scale);
  if (tax.tax_included) {
    // The price already holds the tax: net = gross × 100 / (100 + rate).
    return { withoutTax: divideRounded(amount * hundred, hundred + rate.units), withTax: amount };
  }
  return { withoutTax: amount, withTax: amount + divideRounded(amount * rate.units, hundred) };
}

/**
 * Minor units as a number of major units: the double nearest the exact decimal (30n -> 0.3). Read
 * from the decimal's digits, not divided: above 2^53 minor units, Number() rounds once and the
 * division again (1e12 × 1e9 read 999999999999999900000 instead of 1e21).
 */
export function toMajorUnits(minorUnits: bigint, fractionDigits: number): number {
  if (fractionDigits === 0) return Number(minorUnits);
  const sign = minorUnits < 0n ? "-" : "";
  const digits = (minorUnits < 0n ? -minorUnits : minorUnits).toString().padStart(fractionDigits + 1, "0");
  return Number(`${sign}${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`);
}

export function computeLineValues(block: PricedBlock, tax: TaxOptions, fractionDigits = 2): LineValues {
  const { withoutTax, withTax } = lineMinorUnits(block, tax, fractionDigits);
  return { without_tax: toMajorUnits(withoutTax, fractionDigits), with_tax: toMajorUnits(withTax, fractionDigits) };
}

/** Whether a block counts towards the totals: every block but an optional one the buyer left out. */
export const isIncluded = (block: Pick<PricedBlock, "optional" | "selected">): boolean => !block.optional || block.selected !== false;

/** The read model's value_without_tax and value_with_tax: sums of the rounded lines of the blocks included. */
export function computeProposalValues(blocks: readonly PricedBlock[], tax: TaxOptions, fractionDigits = 2): ProposalValues {
  return computeValues(blocks, tax, fractionDigits).total;
}

/**
 * Each line's values and the proposal's, from one pass of the arithmetic over the blocks. Every
 * line is priced; the totals add the lines of the blocks included (`isIncluded`).
 */
export function computeValues(
  blocks: readonly PricedBlock[],
  tax: TaxOptions,
  fractionDigits = 2,
): { lines: LineValues[]; total: ProposalValues } {
  let withoutTax = 0n;
  let withTax = 0n;
  const lines = blocks.map((block) => {
    const line = lineMinorUnits(block, tax, fractionDigits);
    if (isIncluded(block)) {
      withoutTax += line.withoutTax;
      withTax += line.withTax;
    }
    return { without_tax: toMajorUnits(line.withoutTax, fractionDigits), with_tax: toMajorUnits(line.withTax, fractionDigits) };
  });
  return {
    lines,
    total: { value_without_tax: toMajorUnits(withoutTax, fractionDigits), value_with_tax: toMajorUnits(withTax, fractionDigits) },
  };
}

const fractionDigitsByCurrency = new Map<string, number>();

/** Digits of the currency's minor unit (SEK 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export function currencyFractionDigits(currency: string): number {
  let digits = fractionDigitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // Bounded: proposals carry their company's currency, and a company's is one of ISO 4217's codes.
    if (fractionDigitsByCurrency.size < 1000) fractionDigitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * The number on a discount badge: at most `decimals` decimals (the company's discount_decimals),
 * trailing zeros hidden, in the proposal's language ("12.5" in en, "12,5" in sv). The badge adds
 * its own "%" or minus sign. Only the display is rounded: values use the discount as stored.
 */
export function formatDiscount(discount: number, decimals: 0 | 1 | 2, language = "en"): string {
  checkRange(discount, "discount", 0, 100);
  // A malformed language tag reads as English rather than failing a whole proposal.
  return numberFormat(localeOf(language), {
    minimumFractionDigits: 0,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(discount);
}
