import { cache } from "react";
import { getDb } from "@/lib/db/client";

/**
 * A project page's project with its workspace, read once per request: the project layout shows
 * them, and the lesson page passes the workspace on (whose members a comment may mention).
 * Null for none: the layout checks the caller's access (and answers not found) first.
 */
export const projectOfPage = cache(async (projectId: string) =>
  (await getDb()).project.findUnique({ where: { id: projectId }, include: { workspace: true } }),
);
