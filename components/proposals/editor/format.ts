import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { reminderAtUnix } from "@/lib/proposals/proposals/reminder";
import { statusAllows, type ReadStatus } from "@/lib/proposals/proposals/status-rules";
export { formatMoney, STATUS_STYLES } from "../format";

/** A UNIX time as a short date and time in the browser's locale. */
export const formatTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A UNIX time as a date in the browser's locale. */
export const formatDate = (seconds: number) => new Date(seconds * 1000).toLocaleDateString(undefined, { dateStyle: "medium" });

/**
 * The reminder a sent proposal carries, for the editor's summary line (docs/decisions/037): when
 * it was mailed, or when it will be while the proposal is open; nothing otherwise.
 */
export function reminderNote(p: {
  status: ReadStatus;
  expires_at: number | null;
  reminder_days_before: number | null;
  reminder_sent_at: number | null;
}): string {
  if (p.reminder_sent_at !== null) return ` · Reminder mailed ${formatTime(p.reminder_sent_at)}`;
  if (!statusAllows("remind", p.status) || p.reminder_days_before === null || p.expires_at === null) return "";
  const days = p.reminder_days_before;
  return ` · Reminder on ${formatDate(reminderAtUnix(p.expires_at, days))} (${days} day${days === 1 ? "" : "s"} before)`;
}

/** The messages of the issues at `path` or below it (`recipient` also takes `recipient.email`). */
export function issueAt(issues: readonly ApiIssue[] | undefined, path: string): string | undefined {
  const found = (issues ?? []).filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
  return found.length ? found.map((issue) => issue.message).join(" ") : undefined;
}

/** A number field's text as a number: "" is null, "1,5" is 1.5, anything else NaN. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!trimmed) return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}

export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** What a failed write says to the person: its first issue, the server's message, or a generic line. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) return error.issues[0]?.message ?? error.message;
  return "Something went wrong. Try again.";
}
