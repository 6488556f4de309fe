import { z } from "zod";
import { validationError } from "./errors";

/*
 * The date range of a report (issue 42): course analytics, the pipeline. Both ends are optional:
 * `to` defaults to now and `from` to DEFAULT_RANGE_DAYS before `to`. A range must run forwards,
 * lie within 2000..2100 and span at most MAX_RANGE_DAYS: an inverted or unbounded one is 400,
 * naming the field, before anything is read.
 */

export const DEFAULT_RANGE_DAYS = 365;
export const MAX_RANGE_DAYS = 3660;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const DAY_MS = 86_400_000;

/** An ISO 8601 date (the day's start, UTC) or date-time with an offset: the authoring service's way. */
export const IsoMoment = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).describe("An ISO 8601 date or date-time");

/** UNIX seconds: the proposals service's way. */
export const UnixMoment = z.coerce.number().int().describe("UNIX seconds");

export type DateRange = { from: Date; to: Date };

const toDate = (value: string | number | undefined): Date | undefined =>
  value === undefined ? undefined : typeof value === "number" ? new Date(value * 1000) : new Date(value);

/** The range a query names, with its defaults; 400 (naming `from` or `to`) when it is inverted or unbounded. */
export function dateRange(query: { from?: string | number; to?: string | number }, now = new Date()): DateRange {
  const given = { from: toDate(query.from), to: toDate(query.to) };
  for (const key of ["from", "to"] as const) {
    const value = given[key];
    if (value && (Number.isNaN(value.getTime()) || value.getTime() < EARLIEST || value.getTime() > LATEST)) {
      throw validationError([{ path: key, message: "A moment from 2000-01-01 to 2100-01-01" }]);
    }
  }
  const to = given.to ?? now;
  const from = given.from ?? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (from.getTime() >= to.getTime()) throw validationError([{ path: "from", message: "from must come before to" }]);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw validationError([{ path: "from", message: `A range of at most ${MAX_RANGE_DAYS} days` }]);
  }
  return { from, to };
}
