/**
 * How a proposal's numbers, days and totals read, wherever it is shown to its customer: the page
 * (/p/{uuid}), the editor's preview and the PDF. One home, so the PDF a customer keeps says what the
 * page said. Pure functions of the read model, importable by the browser as well as the server.
 */

import { dateTimeFormat, localeOf, numberFormat } from "@/lib/intl/formatters";

export { localeOf };

/** A sum in a currency, in the proposal's language (or the reader's, without one). */
export function formatMoney(value: number, currency: string, language?: string) {
  try {
    return numberFormat(language ? localeOf(language) : undefined, { style: "currency", currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

export function formatQuantity(value: number, language: string) {
  return numberFormat(localeOf(language), { maximumFractionDigits: 4 }).format(value);
}

type Taxed = { tax_options: { mode: string; tax_included: boolean } };

/** What a line or total shows: with tax where the proposal's prices include it (standard and simplified only). */
export function shownAmount(p: Taxed, values: { value_with_tax: number; value_without_tax: number }) {
  const { mode, tax_included } = p.tax_options;
  return tax_included && (mode === "standard" || mode === "simplified") ? values.value_with_tax : values.value_without_tax;
}

/** "15 January 2026" from UNIX seconds, the day in the company's time zone (UTC when it names none Intl knows). */
export function formatDay(unixSeconds: number, timeZone: string) {
  const date = new Date(unixSeconds * 1000);
  try {
    return dateTimeFormat("en-GB", { dateStyle: "long", timeZone }).format(date);
  } catch {
    return dateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}

/** "2026-01-15 14:03:05 UTC" from UNIX seconds: a record's times, unambiguous wherever it is read. */
export function formatUtc(unixSeconds: number) {
  return `${new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** The regional word for tax the proposal chose ("VAT", "GST"), else "tax". */
export const taxWord = (p: { tax_options: { tax_label_key: string } }) => p.tax_options.tax_label_key.trim() || "tax";

type Totalled = Taxed & {
  currency: string;
  language: string;
  value_with_tax: number;
  value_without_tax: number;
  tax_options: { mode: string; tax_included: boolean; tax_label_key: string };
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The tax shown is the difference of two amounts already rounded to cents: no float dust. */
const round = (v: number) => Math.round(v * 10000) / 10000;

/**
 * The footer's totals by tax mode (proposals-service.md): standard shows the total without and with
 * tax; simplified one total and whether prices include tax; tax-free one total and the exemption;
 * none one total and no tax words at all. The last row is the total to pay.
 */
export function totalRows(p: Totalled): { rows: [label: string, value: string][]; note: string | null } {
  const money = (v: number) => formatMoney(v, p.currency, p.language);
  const word = taxWord(p);
  const { mode, tax_included } = p.tax_options;
  if (mode === "standard") {
    return {
      rows: [
        [`Total excl. ${word}`, money(p.value_without_tax)],
        [capitalise(word), money(round(p.value_with_tax - p.value_without_tax))],
        [`Total incl. ${word}`, money(p.value_with_tax)],
      ],
      note: null,
    };
  }
  let note: string | null = null;
  if (mode === "simplified") note = tax_included ? `Prices include ${word}.` : `Prices exclude ${word}.`;
  if (mode === "tax-free") note = `Exempt from ${word}: no ${word} is charged on this offer.`;
  return { rows: [["Total", money(shownAmount(p, p))]], note };
}
