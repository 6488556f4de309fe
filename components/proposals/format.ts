import type { ProposalDto, ProposalStatus } from "@/lib/client/types";

/** A sum in a currency, in the reader's locale. */
export function formatMoney(value: number, currency: string) {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/**
 * The value a proposal's reader sees: with tax when its tax options say prices include tax,
 * else without (tax-free and none never add tax).
 */
export function proposalValue(p: Pick<ProposalDto, "tax_options" | "value_with_tax" | "value_without_tax">) {
  const { mode, tax_included } = p.tax_options;
  const withTax = tax_included && (mode === "standard" || mode === "simplified");
  return {
    amount: withTax ? p.value_with_tax : p.value_without_tax,
    note: mode === "standard" || mode === "simplified" ? (withTax ? "incl. tax" : "excl. tax") : "",
  };
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86400],
  ["month", 30 * 86400],
  ["week", 7 * 86400],
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
];

/** "2 hours ago", "yesterday", "just now" from UNIX seconds. */
export function timeAgo(unixSeconds: number, now = Date.now()) {
  const seconds = Math.round(unixSeconds - now / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

export const STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  template: "Template",
  active: "Active",
  accepted: "Accepted",
  rejected: "Rejected",
  expired: "Expired",
  replaced: "Replaced",
  withdrawn: "Withdrawn",
};

export const STATUS_STYLES: Record<ProposalStatus, string> = {
  draft: "bg-slate-100 text-slate-700",
  template: "bg-violet-50 text-violet-700",
  active: "bg-sky-50 text-sky-700",
  accepted: "bg-emerald-50 text-emerald-700",
  rejected: "bg-red-50 text-red-700",
  expired: "bg-amber-50 text-amber-800",
  replaced: "bg-slate-100 text-slate-500",
  withdrawn: "bg-slate-100 text-slate-500",
};

/** A content item's title in the preferred language, else its first one. */
export function titleIn(byLanguage: Record<string, string>, language = "en") {
  return byLanguage[language] || Object.values(byLanguage).find(Boolean) || "Untitled";
}
