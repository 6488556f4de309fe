import type { ApiIssue } from "@/lib/client/api";
import type { ProposalDto } from "./queries";

/** An amount in the proposal's currency and language. */
export function formatMoney(amount: number, currency: string, language: string) {
  try {
    return new Intl.NumberFormat(language || "en", { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A UNIX time as a short date and time in the browser's locale. */
export const formatTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export const STATUS_LABELS: Record<ProposalDto["status"], string> = {
  draft: "Draft",
  template: "Template",
  active: "Sent",
  accepted: "Accepted",
  replaced: "Replaced",
  expired: "Expired",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

export const STATUS_STYLES: Record<ProposalDto["status"], string> = {
  draft: "bg-slate-100 text-slate-700",
  template: "bg-violet-100 text-violet-800",
  active: "bg-brand-100 text-brand-700",
  accepted: "bg-emerald-100 text-emerald-800",
  replaced: "bg-amber-100 text-amber-800",
  expired: "bg-orange-100 text-orange-800",
  rejected: "bg-red-100 text-red-800",
  withdrawn: "bg-slate-200 text-slate-600",
};

/** The messages of the issues at `path` or below it (`recipient` also takes `recipient.email`). */
export function issueAt(issues: readonly ApiIssue[] | undefined, path: string): string | undefined {
  const found = (issues ?? []).filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
  return found.length ? found.map((issue) => issue.message).join(" ") : undefined;
}

/** A YouTube video's id from its usual urls, or null for any other url. */
export function youtubeId(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, "");
    if (host === "youtu.be") return u.pathname.slice(1).split("/")[0] || null;
    if (host === "youtube.com" || host === "youtube-nocookie.com") {
      if (u.pathname === "/watch") return u.searchParams.get("v");
      const match = /^\/(?:embed|shorts|live)\/([\w-]+)/.exec(u.pathname);
      return match ? match[1] : null;
    }
  } catch {}
  return null;
}

/** A number field's text as a number: "" is null, "1,5" is 1.5, anything else NaN. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!trimmed) return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}

export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
