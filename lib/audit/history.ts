import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint } from "@/lib/api/endpoint";
import { notFound } from "@/lib/api/errors";
import { DateTime, toIso } from "@/lib/api/schemas";
import { getProjectOrThrow } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";

/** The project an item of the course tree or question bank belongs to, whatever its kind. */
async function projectOf(tx: Tx, id: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ project_id: string }[]>`
    SELECT id::text AS project_id FROM projects WHERE id = ${id}::uuid
    UNION ALL SELECT project_id::text FROM courses WHERE id = ${id}::uuid
    UNION ALL SELECT c.project_id::text FROM modules m JOIN courses c ON c.id = m.course_id WHERE m.id = ${id}::uuid
    UNION ALL SELECT c.project_id::text FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id WHERE l.id = ${id}::uuid
    UNION ALL SELECT c.project_id::text FROM blocks b JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id
      JOIN courses c ON c.id = m.course_id WHERE b.id = ${id}::uuid
    UNION ALL SELECT project_id::text FROM categories WHERE id = ${id}::uuid
    UNION ALL SELECT project_id::text FROM question_families WHERE id = ${id}::uuid
    UNION ALL SELECT project_id::text FROM questions WHERE id = ${id}::uuid
    UNION ALL SELECT project_id::text FROM quizzes WHERE id = ${id}::uuid
    LIMIT 1`;
  return rows[0]?.project_id ?? null;
}

export const HistoryEntry = z.object({
  id: z.uuid(),
  operation: z.string().describe("The operation, e.g. update_course"),
  via: z.enum(["browser", "api", "agent"]).describe("A person in the app, an API client, or an AI agent through the tools"),
  actor_name: z.string(),
  api_key_name: z.string().nullable(),
  api_key_prefix: z.string().nullable(),
  created_at: DateTime,
});

/** Who changed an item, when, and how (the browser, the API, or the agent tools), newest first. */
export async function getItemHistory(tx: Tx, caller: Caller, targetId: string) {
  const projectId = await projectOf(tx, targetId);
  if (!projectId) throw notFound("Item");
  await getProjectOrThrow({ tx, caller, projectId, action: "content.read_drafts", what: "Item" });
  const events = await tx.auditEvent.findMany({ where: { targetId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 200 });
  return events.map((e) => ({
    id: e.id,
    operation: e.operation,
    via: e.via as "browser" | "api" | "agent",
    actor_name: e.actorName,
    api_key_name: e.apiKeyName,
    api_key_prefix: e.apiKeyPrefix,
    created_at: toIso(e.createdAt),
  }));
}

export const itemHistoryEndpoint = defineEndpoint({
  operationId: "get_item_history",
  method: "GET",
  path: "/history/{targetId}",
  tag: "History",
  summary: "Read an item's change history",
  description:
    "Every change to a project, course, module, lesson, block, category, family, question or quiz: who, when, and through which interface.",
  params: z.object({ targetId: z.uuid() }),
  response: z.object({ history: z.array(HistoryEntry) }),
  status: 200,
  run: async ({ db, caller, params }) => ({ history: await getItemHistory(db, caller, params.targetId) }),
});
