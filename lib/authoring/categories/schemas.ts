import { z } from "zod";
import { DateTime } from "@/lib/api/schemas";

export const Category = z.object({ id: z.uuid(), project_id: z.uuid(), name: z.string(), updated_at: DateTime }).meta({ id: "Category" });

export const CategoryWrite = z
  .object({ name: z.string().trim().min(1).max(120).describe("Unique among the project's categories") })
  .meta({ id: "CategoryWrite" });

export const CategoryParams = z.object({ categoryId: z.uuid() });
