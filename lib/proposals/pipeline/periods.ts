import type { DateRange } from "@/lib/api/date-range";
import type { PipelineInterval } from "./schemas";

const DAY_MS = 86_400_000;

/** The start of the ISO week (Monday 00:00 UTC) or the UTC month holding `moment`: PostgreSQL's date_trunc(interval, moment, 'UTC'). */
export function periodStart(moment: Date, interval: PipelineInterval): Date {
  if (interval === "month") return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), 1));
  const day = Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: (day + 6) % 7.
  return new Date(day - ((moment.getUTCDay() + 6) % 7) * DAY_MS);
}

const nextPeriod = (start: Date, interval: PipelineInterval) =>
  interval === "month" ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)) : new Date(start.getTime() + 7 * DAY_MS);

/** The starts of every period a moment of [from, to) can fall in, oldest first: the first holds `from`. */
export function periodsOf(range: DateRange, interval: PipelineInterval): Date[] {
  const starts: Date[] = [];
  for (let start = periodStart(range.from, interval); start < range.to; start = nextPeriod(start, interval)) starts.push(start);
  return starts;
}
