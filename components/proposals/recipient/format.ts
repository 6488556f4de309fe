import type { PublicProposal } from "@/lib/proposals/public/schemas";

/** Formatting for the recipient page: in the proposal's language, days in the company's time zone. */

function locale(language: string) {
  try {
    return Intl.NumberFormat.supportedLocalesOf([language])[0] ?? "en";
  } catch {
    return "en";
  }
}

export function formatMoney(value: number, p: Pick<PublicProposal, "currency" | "language">) {
  try {
    return new Intl.NumberFormat(locale(p.language), { style: "currency", currency: p.currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${p.currency}`;
  }
}

export function formatQuantity(value: number, language: string) {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: 4 }).format(value);
}

/** "15 January 2026" from UNIX seconds. */
export function formatDay(unixSeconds: number, p: Pick<PublicProposal, "company">) {
  const date = new Date(unixSeconds * 1000);
  try {
    return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: p.company.timezone }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}

/** The regional word for tax the proposal chose ("VAT", "GST"), else "tax". */
export const taxWord = (p: Pick<PublicProposal, "tax_options">) => p.tax_options.tax_label_key.trim() || "tax";

/** What a line or total shows: priced with tax where the proposal's prices include it (standard and simplified). */
export function shownAmount(p: Pick<PublicProposal, "tax_options">, values: { value_with_tax: number; value_without_tax: number }) {
  const { mode, tax_included } = p.tax_options;
  return tax_included && (mode === "standard" || mode === "simplified") ? values.value_with_tax : values.value_without_tax;
}

export const fileUrl = (uuid: string) => `/api/files/${encodeURIComponent(uuid)}`;
