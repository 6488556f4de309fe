import type { CourseSnapshot } from "../snapshot-types";
import type { PackageOptions } from "./write-package";

/** A file the manifest step adds to the package (imsmanifest.xml and its schemas, or cmi5.xml). */
export type PackageFile = { name: string; text: string };

/**
 * The package's manifest for its standard: imsmanifest.xml listing every file (SCORM 1.2, SCORM
 * 2004 4th edition), or cmi5.xml with one AU (cmi5). `files` are the package's other files.
 */
export function packageManifests(snapshot: CourseSnapshot, options: PackageOptions, files: string[]): PackageFile[] {
  void snapshot;
  void options;
  void files;
  return [];
}
