import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Position, Title } from "@/lib/authoring/common-schemas";
import { Lesson } from "../lessons/schemas";

export const Module = z
  .object({
    id: z.uuid(),
    course_id: z.uuid(),
    title: z.string(),
    position: z.number().int(),
    lessons: z.array(Lesson).nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "Module" });

export const ModuleCreate = z.object({ title: Title, position: Position.optional() }).meta({ id: "ModuleCreate" });
export const ModuleUpdate = atLeastOne(z.object({ title: Title.optional(), position: Position.optional() }), ["title", "position"]).meta({
  id: "ModuleUpdate",
});

export const ModuleParams = z.object({ moduleId: z.uuid() });
