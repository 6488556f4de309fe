import { z } from "zod";
import { DateTime } from "@/lib/api/schemas";
import { EXPORT_FORMATS, ExportQuery } from "./schemas";

/**
 * Export links and imports by URL: the agents' way to move a course (docs/decisions/046-export-links.md).
 * The options are those of GET /courses/{courseId}/export (ExportQuery), as JSON values.
 */
export const ExportLinkCreate = z
  .object({
    format: ExportQuery.shape.format,
    // The query's booleans and numbers arrive as text; here they are JSON values, described alike.
    include_drafts: z
      .boolean()
      .default(false)
      .describe(ExportQuery.shape.include_drafts.description ?? ""),
    completion: ExportQuery.shape.completion,
    passing_score: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe(ExportQuery.shape.passing_score.description ?? ""),
    image_links: z
      .boolean()
      .default(false)
      .describe(ExportQuery.shape.image_links.description ?? ""),
  })
  .meta({ id: "ExportLinkCreate" });
export type ExportLinkCreateInput = z.infer<typeof ExportLinkCreate>;

export const ExportLink = z
  .object({
    url: z
      .url()
      .describe("GET it without credentials (the link is the credential) for the zip; valid until expires_at, any number of times"),
    expires_at: DateTime,
    format: z.enum(EXPORT_FORMATS),
    filename: z.string().describe("The name the download is saved under: <course-slug>-<format>.zip"),
  })
  .meta({ id: "ExportLink" });
export type ExportLinkDto = z.infer<typeof ExportLink>;

export const ExportTokenParams = z.object({ token: z.string().max(4096) });

export const ImportFromUrl = z
  .object({
    url: z
      .string()
      .max(4096)
      .optional()
      .describe(
        "An http(s) URL of a course archive: a link export_course answered (read directly), or a file on another server (downloaded, 50 MB at most)",
      ),
    file_id: z.uuid().optional().describe("The uuid of a hosted file you uploaded (GET /api/files/{uuid}) holding a course archive"),
  })
  .refine((body) => (body.url === undefined) !== (body.file_id === undefined), {
    message: "Send exactly one of url and file_id",
  })
  .meta({ id: "CourseImportFromUrl" });
export type ImportFromUrlInput = z.infer<typeof ImportFromUrl>;
