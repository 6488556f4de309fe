import { z } from "zod";

export const Uuid = z.uuid();
export const DateTime = z.iso.datetime({ offset: true });

export const DeleteResult = z
  .object({ success: z.boolean(), id: z.uuid() })
  .meta({ id: "DeleteResult", description: "The item is hidden and can be restored from the trash." });

export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "Error" });

/** limit 1..500 (default 500), offset >= 0 (default 0): contract.md, Lists. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export const toIso = (d: Date) => d.toISOString();
export const toIsoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);
