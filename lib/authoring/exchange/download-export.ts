import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import type { FileStream } from "@/lib/api/prebuilt";
import type { Db } from "@/lib/db/client";
import { getCourseOrThrow } from "../load";
import { exportCourse } from "./export-course";
import { readExportToken } from "./export-link-token";

/**
 * The user a link was made for, as the caller of its download: the link stands in for their key,
 * so the export is read with their access as it is now. A user who has left the course's workspace
 * (or was deleted) since gets 404, as they would with a key.
 */
async function callerOfLink(db: Db, userId: string): Promise<Caller> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true } });
  if (!user) throw notFound("Export link");
  return { userId: user.id, name: user.name, email: user.email, via: "api_key", apiKeyId: null, apiKey: null };
}

/** The export an export link names, streamed as GET /courses/{courseId}/export streams it. */
export async function downloadExport(db: Db, token: string): Promise<FileStream> {
  const claims = readExportToken(token);
  const caller = await callerOfLink(db, claims.user_id);
  // Access is checked again now, not trusted from when the link was made.
  await getCourseOrThrow({ tx: db, caller, courseId: claims.course_id, action: "content.read_drafts" });
  return exportCourse(db, caller, claims.course_id, claims.options);
}
