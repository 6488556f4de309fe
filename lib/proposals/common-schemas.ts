import { z } from "zod";

/** Shapes the proposals service shares between its resources (generic ones: lib/api/schemas.ts). */

/** A numeric id in a JSON body: a positive integer within PostgreSQL's int range. */
export const Id = z.number().int().min(1).max(2147483647);

/** Two ASCII letters, any case, stored lower case (contract.md, Decisions on shown endpoints). */
export const Language = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "Two letters, e.g. en, sv or de")
  .transform((s) => s.toLowerCase());

/** A boolean in a query string: true/false (1/0 too); anything else is a validation error. */
export const QueryBoolean = z.enum(["true", "false", "1", "0"], { message: "true or false" }).transform((v) => v === "true" || v === "1");

/** One id or comma-separated ids in a query string: "12" or "12,13". */
export const QueryIdList = z
  .string()
  .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, "One id or comma-separated ids, e.g. 12,13")
  .transform((s) => [...new Set(s.split(",").map((part) => Number(part.trim())))])
  .refine((ids) => ids.every((id) => id >= 1 && id <= 2147483647), "Ids are positive integers");

/** A numeric id in a query string. */
export const QueryId = z.coerce.number().int().min(1).max(2147483647);

/** `{data: T}`: how this service wraps its answers. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Where a hosted file of the service is served (images, PDFs): public by its unguessable uuid. */
export const assetUrl = (uuid: string) => `/api/files/${uuid}`;
