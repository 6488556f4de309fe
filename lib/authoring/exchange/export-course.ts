import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { Caller } from "@/lib/api/authenticate";
import { AppError } from "@/lib/api/errors";
import { FileStream } from "@/lib/api/prebuilt";
import type { Db } from "@/lib/db/client";
import { writeArchive } from "./archive/write-archive";
import { exportFilename } from "./export-filename";
import { packageImages } from "./package/package-images";
import { finalQuizPassMark, writePackage } from "./package/write-package";
import type { ExportOptions } from "./schemas";
import { loadCourseSnapshot } from "./snapshot";
import { zipToWebStream } from "./zip";

/** A package holds what learners see: of a course that is not published, only a review copy (include_drafts). */
export const refusesUnpublished = (publishedAt: Date | string | null, options: ExportOptions) =>
  publishedAt === null && options.format !== "archive" && !options.include_drafts;

export const unpublishedError = () =>
  new AppError(
    "not_editable",
    "This course is not published, so learners see none of it: publish it, or export with include_drafts=true for a review copy",
  );

/**
 * A course as a zip, streamed as it is written: a SCORM 1.2, SCORM 2004 or cmi5 package, or the
 * course archive. Authors and admins of the course's project only (anyone else: 404). A package
 * of an unpublished course without include_drafts is refused (409), and one whose images cannot
 * all be copied in is refused (400) unless image_links=true (./package/package-images.ts).
 */
export async function exportCourse(db: Db, caller: Caller, courseId: string, options: ExportOptions): Promise<FileStream> {
  const { format } = options;
  const everyLesson = format === "archive" || options.include_drafts;
  // Everything that can refuse (404, 409) happens before the first byte: after it, only a broken download can.
  const snapshot = await loadCourseSnapshot(db, caller, courseId, everyLesson ? "all" : "visible");
  if (refusesUnpublished(snapshot.course.published_at, options)) throw unpublishedError();
  const images = format === "archive" ? null : await packageImages(db, snapshot, options.image_links);
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => {
    console.error(`[export] course ${courseId} as ${format} failed part-way`, error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  const stream = zipToWebStream(zip);
  void (async () => {
    if (format === "archive") await writeArchive(db, zip, snapshot);
    else
      await writePackage(
        zip,
        snapshot,
        { ...options, format, passing_score: options.passing_score ?? finalQuizPassMark(snapshot) },
        images!,
      );
    zip.end();
  })().catch(fail);
  return new FileStream(stream, "application/zip", exportFilename(snapshot.course.title, format));
}
