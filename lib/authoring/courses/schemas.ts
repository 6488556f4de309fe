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

export const PUBLISH_PROBLEM_CODES = [
  "lesson_without_blocks",
  "invalid_video",
  "question_in_trash",
  "quiz_in_trash",
  "quiz_without_questions",
] as const;

export const PublishProblem = z
  .object({
    code: z.enum(PUBLISH_PROBLEM_CODES),
    message: z.string().describe("What is wrong, in a sentence for the author"),
    lesson_id: z.uuid(),
    lesson_title: z.string(),
    block_id: z.uuid().nullable().describe("The block at fault; null for a problem of the whole lesson"),
    block_position: z.number().int().nullable().describe("That block's position in the lesson (0 first)"),
    quiz_id: z.uuid().nullable().describe("The quiz to fix, for quiz_without_questions; null otherwise"),
  })
  .meta({ id: "PublishProblem" });

export const PublishChecks = z
  .object({
    course_id: z.uuid(),
    problems: z.array(PublishProblem).describe("In course order: module, lesson, block"),
    diagrams: z
      .array(
        z.object({ lesson_id: z.uuid(), lesson_title: z.string(), block_id: z.uuid(), block_position: z.number().int(), code: z.string() }),
      )
      .describe(
        "The Mermaid diagram blocks, for the caller to parse (mermaid.parse): Mermaid needs a browser, so the server does not check them",
      ),
  })
  .meta({ id: "PublishChecks" });

export type PublishChecksDto = z.infer<typeof PublishChecks>;
export type PublishProblemDto = z.infer<typeof PublishProblem>;
