import { z } from "zod";

/** Schemas and converters every service uses; each service's own shapes live beside its resources. */

export const Uuid = z.uuid();
export const DateTime = z.iso.datetime({ offset: true });

/** limit 1..500 (default 500), offset >= 0 (default 0): contract.md, Lists. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500).describe("Page size, 1..500"),
  offset: z.coerce.number().int().min(0).default(0).describe("Rows to skip"),
});
export type Page = z.infer<typeof PageQuery>;

/** `{<items>, has_more, limit, offset}`: every list answers this shape. */
export function pageOf<T extends z.ZodType>(itemsKey: string, item: T) {
  return z.object({
    [itemsKey]: z.array(item),
    has_more: z.boolean(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}

/** Takes one page from rows fetched with `take: limit + 1`. */
export function paged<T>(rows: T[], page: Page): { items: T[]; has_more: boolean; limit: number; offset: number } {
  return { items: rows.slice(0, page.limit), has_more: rows.length > page.limit, limit: page.limit, offset: page.offset };
}

/** PATCH bodies must carry at least one of the fields they can change. */
export function atLeastOne<T extends z.ZodObject>(schema: T, fields: string[]) {
  return schema.refine((value) => fields.some((f) => (value as Record<string, unknown>)[f] !== undefined), {
    message: `Send at least one of: ${fields.join(", ")}`,
  });
}

export const toIso = (d: Date) => d.toISOString();
export const toIsoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** UNIX seconds, the proposals service's timestamps, as answered. */
export const UnixTime = z.number().int().nonnegative();

/** The first second a UNIX-time input may not name: 2100-01-01T00:00:00Z. */
export const UNIX_TIME_INPUT_END = 4_102_444_800;

/**
 * A UNIX time a client sends: bounded, because PostgreSQL stores dates JavaScript cannot read back
 * (year 10000 reads as an invalid Date) and JavaScript refuses some PostgreSQL can store.
 */
export const UnixTimeInput = z
  .number()
  .int()
  .min(0)
  .max(UNIX_TIME_INPUT_END - 1, { message: `Expected UNIX seconds before 2100-01-01 (at most ${UNIX_TIME_INPUT_END - 1})` });

export const toUnix = (d: Date) => Math.floor(d.getTime() / 1000);
/** A date a stored row holds, or null: one JavaScript cannot represent (written before inputs were bounded) reads as none. */
export const toUnixOrNull = (d: Date | null | undefined) => (d && !Number.isNaN(d.getTime()) ? toUnix(d) : null);

/** A positive integer id as it arrives in a path or a query string ("12"), within PostgreSQL's int range. */
export const NumericId = z.coerce.number().int().min(1).max(2147483647);
