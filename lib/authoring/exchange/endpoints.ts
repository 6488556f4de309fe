import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { getProjectOrThrow } from "../access";
import { CourseParams } from "../courses/schemas";
import { getCourseOrThrow } from "../load";
import { ProjectParams } from "../projects/schemas";
import { importArchive } from "./archive/import-archive";
import { exportCourse } from "./export-course";
import { ArchiveUpload, ExportQuery, ImportResult } from "./schemas";

const tag = "Course exchange";

export const exportCoursePackageEndpoint = defineEndpoint({
  operationId: "export_course_package",
  method: "GET",
  path: "/courses/{courseId}/export",
  tag,
  summary: "Download a course as a SCORM or cmi5 package, or as a course archive",
  description:
    "application/zip, streamed as it is made and downloaded as `<course-slug>-<format>.zip`. format=scorm12, scorm2004 or cmi5: a " +
    "self-contained web course for an LMS, holding the course as learners see it (its published lessons), or every lesson with " +
    "include_drafts=true; a course that is not published answers 409 unless include_drafts=true. completion=viewed|quiz and " +
    "passing_score (0..100; omitted, the final quiz's own pass mark) say when the LMS records the course complete; either way the final quiz's score goes to the LMS. " +
    "Every image is copied into the package (the app's own files, relative or on its own address, and other addresses " +
    "downloaded through the guarded fetch): one that cannot be answers 400 naming each block, its lesson and why " +
    "(details.images), unless image_links=true keeps such images as links. format=archive: the whole course (every lesson, drafts " +
    "included, with its publish state, and the questions, categories, families, quizzes and hosted images it uses) as course.json " +
    "and assets/, to import with import_course_archive (docs/course-archive.md). Authors and admins of the project only; anyone " +
    "else gets 404. A failure after the download began breaks it (the zip has no central directory).",
  params: CourseParams,
  query: ExportQuery,
  load: ({ db, caller, params }) => getCourseOrThrow({ tx: db, caller, courseId: params.courseId, action: "content.read_drafts" }),
  response: z.string().describe("The zip's bytes"),
  produces: "application/zip",
  status: 200,
  errors: ["not_editable"],
  run: ({ db, caller, params, query }) => exportCourse(db, caller, params.courseId, query),
});

export const importCourseArchiveEndpoint = defineEndpoint({
  operationId: "import_course_archive",
  method: "POST",
  path: "/projects/{projectId}/import",
  tag,
  summary: "Create a course from a course archive",
  description:
    "multipart/form-data with the archive (made by export_course_package with format=archive) in the field `file`, at most 50 MB " +
    "(413). Creates it as a new draft course at the end of the project, its lessons keeping their publish state, with new " +
    "questions, categories (one of the same name is shared), families and quizzes for those it uses, never merged into existing " +
    "ones; hosted images this server lacks are stored under their own uuid. Answers 201 {course, summary}. An archive that is not " +
    "a zip, holds unsafe paths or links, more than 10,000 entries, more than 200 MB once inflated, entries inflating over 100 " +
    "times, a newer format_version, a missing or malformed course.json, unknown block types or references to items it does not " +
    "hold answers 400 (413 for the sizes), and nothing is created. Authors and admins of the project only.",
  params: ProjectParams,
  load: ({ db, caller, params }) => getProjectOrThrow({ tx: db, caller, projectId: params.projectId, action: "content.write" }),
  body: ArchiveUpload,
  bodyKind: "multipart",
  response: ImportResult,
  status: 201,
  run: async (ctx) => importArchive(ctx, ctx.params.projectId, new Uint8Array(await ctx.body.file.arrayBuffer())),
});
