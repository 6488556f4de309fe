import type { ZipFile } from "yazl";
import type { CourseSnapshot } from "../snapshot-types";
import type { ExportOptions, PackageFormat } from "../schemas";

/** An image a package copies in: its bytes and type, or null when it cannot be had (the package then links to it). */
export type ImageSource = (url: string) => Promise<{ bytes: Uint8Array; mimeType: string } | null>;

export type PackageOptions = Omit<ExportOptions, "format"> & { format: PackageFormat };

/**
 * Writes a SCORM 1.2, SCORM 2004 or cmi5 package of the course into `zip` (the caller ends it):
 * a self-contained web course, its runtime and its manifest. `snapshot` holds only the lessons the
 * package takes (learners' view, or every lesson with include_drafts).
 */
export async function writePackage(zip: ZipFile, snapshot: CourseSnapshot, options: PackageOptions, images: ImageSource): Promise<void> {
  void zip;
  void snapshot;
  void options;
  void images;
  throw new Error("writePackage: not built yet");
}
