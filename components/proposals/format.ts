import type { ProposalDto, ProposalStatus } from "@/lib/client/types";
import { shownAmount } from "@/lib/proposals/public/presentation";

// One home for how amounts read, shared with the customer's page and the PDF.
export { formatMoney, localeOf, shownAmount } from "@/lib/proposals/public/presentation";

type TaxOptions = { tax_options: Pick<ProposalDto["tax_options"], "mode" | "tax_included"> };

/** The value a proposal's list row shows, and whether it includes tax. */
export function proposalValue(p: TaxOptions & Pick<ProposalDto, "value_with_tax" | "value_without_tax">) {
  const { mode, tax_included } = p.tax_options;
  const taxed = mode === "standard" || mode === "simplified";
  return { amount: shownAmount(p, p), note: taxed ? (tax_included ? "incl. tax" : "excl. tax") : "" };
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

/** A status badge's colours; its words are lib/proposals/proposals/status-labels.ts. */
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
