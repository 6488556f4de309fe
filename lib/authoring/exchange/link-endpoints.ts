import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { getProjectOrThrow } from "../access";
import { CourseParams } from "../courses/schemas";
import { ProjectParams } from "../projects/schemas";
import { importArchive } from "./archive/import-archive";
import { createExportLink } from "./create-export-link";
import { downloadExport } from "./download-export";
import { ExportLink, ExportLinkCreate, ExportTokenParams, ImportFromUrl } from "./link-schemas";
import { readArchiveSource } from "./read-archive-source";
import { ImportResult } from "./schemas";

// Export links and imports by URL: how an agent, which cannot hold a file, moves a course
// (docs/decisions/046-export-links.md). People use GET /courses/{id}/export and POST /projects/{id}/import.
const tag = "Course exchange";

export const createExportLinkEndpoint = defineEndpoint({
  operationId: "export_course",
  method: "POST",
  path: "/courses/{courseId}/export-link",
  tag,
  summary: "Get a download link for a course package or archive",
  description:
    "Returns {url, expires_at, format, filename}: a link to a zip of the course, valid for 15 minutes and usable any number of times until then, without credentials (the link is one). format scorm12, scorm2004 or cmi5 gives a package for an LMS (completion viewed or quiz, passing_score 0..100, by default the final quiz's own pass mark; packages hold the quiz answer key, as every SCORM quiz does); format archive gives the course archive that import_course reads, to copy the course into another project. A package of an unpublished course needs include_drafts=true (409 otherwise). Authors and admins only.",
  params: CourseParams,
  body: ExportLinkCreate,
  response: ExportLink,
  status: 200,
  errors: ["not_editable"],
  run: ({ db, caller, params, body }) => createExportLink(db, caller, params.courseId, body),
});

export const downloadExportEndpoint = defineEndpoint({
  operationId: "download_course_export",
  method: "GET",
  path: "/exports/{token}",
  tag,
  summary: "Download a course export by its link",
  description:
    "Answers the zip an export_course link names, made now with the access of the user who asked for the link. No key: the token is the credential. An altered, expired or unknown token answers 404 with a message saying which; a package of a course unpublished since answers 409.",
  params: ExportTokenParams,
  response: z.string().describe("The zip's bytes"),
  produces: "application/zip",
  status: 200,
  isPublic: true,
  errors: ["not_editable"],
  run: ({ db, params }) => downloadExport(db, params.token),
});

export const importCourseEndpoint = defineEndpoint({
  operationId: "import_course",
  method: "POST",
  path: "/projects/{projectId}/import-url",
  tag,
  summary: "Import a course archive into a project",
  description:
    "Creates a new draft course at the end of the project from a course archive and returns {course, summary: {modules, lessons, blocks, questions, quizzes, assets}}. Send exactly one of url (an export_course link of format archive, read directly, or an http(s) URL of an archive elsewhere, 50 MB at most) and file_id (the uuid of a hosted file you uploaded). The archive's questions and quizzes are created anew in the project's bank. 400 names what is wrong with the source or the archive; 413 past 50 MB.",
  params: ProjectParams,
  body: ImportFromUrl,
  response: ImportResult,
  status: 201,
  errors: ["payload_too_large"],
  load: ({ db, caller, params }) => getProjectOrThrow({ tx: db, caller, projectId: params.projectId, action: "content.write" }),
  run: async (ctx) => importArchive(ctx, ctx.params.projectId, await readArchiveSource(ctx.db, ctx.caller, ctx.body)),
});
