import type { Caller } from "@/lib/api/authenticate";
import type { Db } from "@/lib/db/client";
import type { CourseSnapshot } from "./snapshot-types";

/**
 * The course as it leaves the app, read in a few statements: every lesson (`lessons: "all"`, the
 * archive and review copies) or only those learners see (`"visible"`). The caller must be allowed
 * to read drafts (authors and admins); anyone else gets 404.
 */
export async function loadCourseSnapshot(db: Db, caller: Caller, courseId: string, lessons: "all" | "visible"): Promise<CourseSnapshot> {
  void db;
  void caller;
  void courseId;
  void lessons;
  throw new Error("loadCourseSnapshot: not built yet");
}
