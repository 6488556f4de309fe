import { z } from "zod";

/** Shapes the course-authoring service shares between its resources (generic ones: lib/api/schemas.ts). */

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

export const Title = z.string().trim().min(1).max(200);
export const Description = z.string().max(2000);
export const Position = z.number().int().min(0).max(32767);
