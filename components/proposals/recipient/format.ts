import { dateTimeFormat } from "@/lib/intl/formatters";
import { formatMoney as sharedMoney, formatDay as dayIn, formatQuantity, shownAmount, taxWord } from "@/lib/proposals/public/presentation";
import type { PublicProposal } from "@/lib/proposals/public/schemas";

/** Formatting for the recipient page: in the proposal's language, days in the company's time zone (lib/proposals/public/presentation.ts). */

export const formatMoney = (value: number, p: Pick<PublicProposal, "currency" | "language">) => sharedMoney(value, p.currency, p.language);
export { formatQuantity, shownAmount, taxWord };

/** "15 January 2026" from UNIX seconds. */
export const formatDay = (unixSeconds: number, p: Pick<PublicProposal, "company">) => dayIn(unixSeconds, p.company.timezone);

/** "15 January 2026, 14:03" from UNIX seconds, in the company's time zone: when something happened. */
export function formatTime(unixSeconds: number, p: Pick<PublicProposal, "company">) {
  const options = { dateStyle: "long", timeStyle: "short" } as const;
  const date = new Date(unixSeconds * 1000);
  try {
    return dateTimeFormat("en-GB", { ...options, timeZone: p.company.timezone }).format(date);
  } catch {
    return dateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(date);
  }
}

export const fileUrl = (uuid: string) => `/api/files/${encodeURIComponent(uuid)}`;
