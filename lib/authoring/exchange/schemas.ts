import { z } from "zod";
import { Course } from "../courses/schemas";

/**
 * Courses that leave the app (docs/decisions/044-course-packages-and-archives.md): SCORM 1.2,
 * SCORM 2004 4th edition and cmi5 packages for an LMS, and the course archive that moves a course
 * between projects.
 */
export const EXPORT_FORMATS = ["scorm12", "scorm2004", "cmi5", "archive"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type PackageFormat = Exclude<ExportFormat, "archive">;

/** Query booleans: "true" and "false" only, so a typo is a 400 rather than a silent default. */
const QueryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");

export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).describe("scorm12, scorm2004 or cmi5 (a package for an LMS), or archive (to import elsewhere)"),
  include_drafts: QueryBoolean.default(false).describe(
    "Packages: true takes every lesson, drafts included (a review copy); by default only what learners see. The archive always holds every lesson.",
  ),
  completion: z
    .enum(["viewed", "quiz"])
    .default("viewed")
    .describe(
      "Packages: viewed = complete when every lesson was opened; quiz = passed or failed by the course's final quiz block. Either way the final quiz's score goes to the LMS.",
    ),
  passing_score: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .optional()
    .describe(
      "Packages with completion=quiz: the percentage that passes, 0..100; omitted, the final quiz's own pass mark (its pass_percentage)",
    ),
  image_links: QueryBoolean.default(false).describe(
    "Packages: an image that cannot be copied into the package (an address that cannot be downloaded, a file this app no longer has) refuses the export with 400 naming each block, because an LMS often cannot reach other servers; true keeps such images as links instead.",
  ),
});
export type ExportOptions = z.infer<typeof ExportQuery>;

/** What an import created. */
export const ImportSummary = z.object({
  modules: z.number().int(),
  lessons: z.number().int(),
  blocks: z.number().int(),
  questions: z.number().int(),
  quizzes: z.number().int(),
  assets: z.number().int(),
});

export const ImportResult = z.object({ course: Course, summary: ImportSummary }).meta({ id: "CourseImportResult" });
export type ImportResultDto = z.infer<typeof ImportResult>;

/** The largest archive an import accepts: the multipart body limit of the course-authoring service. */
export const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;

/** POST /projects/{projectId}/import: the archive as a multipart upload. */
export const ArchiveUpload = z
  .strictObject({
    file: z
      .file({ message: "Send the course archive in a multipart field named file" })
      .min(1, "The file is empty")
      .describe("A course archive (.zip) made by format=archive, at most 50 MB"),
  })
  .meta({ id: "CourseArchiveUpload" });
