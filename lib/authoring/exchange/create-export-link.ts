import type { Caller } from "@/lib/api/authenticate";
import type { Db } from "@/lib/db/client";
import { appLink } from "@/lib/mail/app-url";
import { getCourseOrThrow } from "../load";
import { refusesUnpublished, unpublishedError } from "./export-course";
import { exportFilename } from "./export-filename";
import { exportTokenFor } from "./export-link-token";
import type { ExportLinkDto } from "./link-schemas";
import type { ExportOptions } from "./schemas";

/** Where an export link points: GET /api/authoring/exports/{token}. */
export const EXPORT_LINK_PATH = "/api/authoring/exports/";

/**
 * A download link for an export of the course, valid for 15 minutes: the same file GET
 * /courses/{courseId}/export would answer the caller now. Authors and admins only (anyone else:
 * 404); the export is made when the link is opened, so the file holds the course as it is then.
 */
export async function createExportLink(db: Db, caller: Caller, courseId: string, options: ExportOptions): Promise<ExportLinkDto> {
  const { course } = await getCourseOrThrow({ tx: db, caller, courseId, action: "content.read_drafts" });
  if (refusesUnpublished(course.publishedAt, options)) throw unpublishedError();
  const { token, expiresAt } = exportTokenFor(course.id, caller.userId, options);
  return {
    url: appLink(`${EXPORT_LINK_PATH}${token}`),
    expires_at: expiresAt.toISOString(),
    format: options.format,
    filename: exportFilename(course.title, options.format),
  };
}
