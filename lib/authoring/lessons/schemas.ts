import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Position, Title } from "@/lib/authoring/common-schemas";
import { Block } from "../blocks/schemas";

export const Lesson = z
  .object({
    id: z.uuid(),
    module_id: z.uuid(),
    title: z.string(),
    position: z.number().int(),
    blocks: z.array(Block).nullable(),
    published_at: DateTime.nullable().describe("null while a draft"),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "Lesson" });

export const LessonCreate = z.object({ title: Title, position: Position.optional() }).meta({ id: "LessonCreate" });

export const LessonUpdate = atLeastOne(
  z.object({
    title: Title.optional(),
    position: Position.optional(),
    module_id: z.uuid().optional().describe("Move the lesson to another module of the same course"),
  }),
  ["title", "position", "module_id"],
).meta({ id: "LessonUpdate" });

export const LessonParams = z.object({ lessonId: z.uuid() });
