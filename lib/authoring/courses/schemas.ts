import { z } from "zod";
import { atLeastOne, DateTime } from "@/lib/api/schemas";
import { Description, Position, Title } from "@/lib/authoring/common-schemas";
import { Module } from "../modules/schemas";

export const CourseSource = z
  .object({
    title: z.string().trim().min(1).max(200),
    url: z.url({ protocol: /^https?$/, message: "Must be an http or https URL" }).optional(),
    last_edited: z.iso.date({ message: "Must be a date, YYYY-MM-DD" }).optional(),
  })
  .meta({ id: "CourseSource" });

const Sources = z.array(CourseSource).max(20);

export const Course = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    title: z.string(),
    description: z.string(),
    position: z.number().int(),
    modules: z.array(Module).nullable(),
    published_at: DateTime.nullable().describe("null while a draft"),
    created_at: DateTime,
    updated_at: DateTime,
    sources: z.array(CourseSource),
  })
  .meta({ id: "Course" });

export type CourseDto = z.infer<typeof Course>;

export const CourseCreate = z
  .object({ title: Title, description: Description.optional(), sources: Sources.optional(), position: Position.optional() })
  .meta({ id: "CourseCreate" });

export const CourseUpdate = atLeastOne(
  z.object({
    title: Title.optional(),
    description: Description.optional(),
    sources: Sources.optional().describe("Replaces the whole list"),
    position: Position.optional(),
  }),
  ["title", "description", "sources", "position"],
).meta({ id: "CourseUpdate" });

export const CourseParams = z.object({ courseId: z.uuid() });
