import { z } from "zod";
import { DateTime } from "@/lib/api/schemas";

export const TrashKind = z.enum(["course", "module", "lesson", "block", "question", "quiz", "category", "question_family"]);
export type TrashKindValue = z.infer<typeof TrashKind>;

export const TrashItem = z
  .object({
    kind: TrashKind,
    id: z.uuid(),
    title: z.string(),
    context: z.string().nullable().describe('Where it lived, e.g. "Course › Module"'),
    deleted_at: DateTime,
    deleted_by_name: z.string().nullable(),
  })
  .meta({ id: "TrashItem" });

export const TrashRestore = z.object({ kind: TrashKind, id: z.uuid() }).meta({ id: "TrashRestore" });

export const TrashRestoreResult = z
  .object({ success: z.literal(true), kind: TrashKind, id: z.uuid(), restored_count: z.number().int() })
  .meta({ id: "TrashRestoreResult" });
