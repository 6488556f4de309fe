import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { formatMoney as sharedMoney, localeOf, shownAmount } from "../format";

/** Formatting for the recipient page: in the proposal's language, days in the company's time zone. */

export const formatMoney = (value: number, p: Pick<PublicProposal, "currency" | "language">) => sharedMoney(value, p.currency, p.language);
export { shownAmount };

export function formatQuantity(value: number, language: string) {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 4 }).format(value);
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

export const fileUrl = (uuid: string) => `/api/files/${encodeURIComponent(uuid)}`;
