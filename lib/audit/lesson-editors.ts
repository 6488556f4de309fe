import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint } from "@/lib/api/endpoint";
import { DateTime, toIso } from "@/lib/api/schemas";
import { getLessonOrThrow } from "@/lib/authoring/load";
import type { Tx } from "@/lib/db/client";

/** How recent a save must be for its session to count as still editing the lesson. */
export const EDITING_WINDOW_MINUTES = 5;

export const LessonEditor = z.object({
  user_name: z.string(),
  is_same_user: z.boolean().describe("The caller, in another tab or through an API key"),
  via: z.enum(["browser", "api", "agent"]),
  last_saved_at: DateTime,
});

export const LessonEditors = z.object({
  window_minutes: z.number().int(),
  editors: z.array(LessonEditor).describe("One entry per other session that saved in the lesson within the window, latest first"),
});

type Writer = { editSession: string | null; apiKeyId: string | null; actorUserId: string };

/**
 * Which editing session made a change: the browser tab's id when it sent one, else the API key,
 * else the person (a browser write from a page that sent no tab id).
 */
const sessionOf = (w: Writer) => w.editSession ?? (w.apiKeyId ? `key:${w.apiKeyId}` : `user:${w.actorUserId}`);

/**
 * The other sessions (other authors, or the caller in another tab) that saved the lesson or one of
 * its blocks in the last few minutes; the caller's own session is left out. Only those who may
 * edit the lesson may ask: anyone else gets the lesson's 404.
 */
export async function listLessonEditors(tx: Tx, caller: Caller, lessonId: string, editSession: string | undefined) {
  await getLessonOrThrow({ tx, caller, lessonId, action: "content.write" });
  const blocks = await tx.block.findMany({ where: { lessonId }, select: { id: true } });
  const since = new Date(Date.now() - EDITING_WINDOW_MINUTES * 60_000);
  const events = await tx.auditEvent.findMany({
    where: { targetId: { in: [lessonId, ...blocks.map((b) => b.id)] }, createdAt: { gte: since } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { editSession: true, apiKeyId: true, actorUserId: true, actorName: true, via: true, createdAt: true },
  });
  const mine = sessionOf({ editSession: editSession ?? null, apiKeyId: caller.apiKeyId, actorUserId: caller.userId });
  // The caller's own browser writes that named no tab cannot be told apart from this tab's.
  const isMine = (session: string) => session === mine || session === `user:${caller.userId}`;
  const latest = new Map<string, (typeof events)[number]>();
  for (const event of events) {
    const session = sessionOf(event);
    if (!isMine(session) && !latest.has(session)) latest.set(session, event);
  }
  return {
    window_minutes: EDITING_WINDOW_MINUTES,
    editors: [...latest.values()].map((e) => ({
      user_name: e.actorName,
      is_same_user: e.actorUserId === caller.userId,
      via: e.via as "browser" | "api" | "agent",
      last_saved_at: toIso(e.createdAt),
    })),
  };
}

export const listLessonEditorsEndpoint = defineEndpoint({
  operationId: "list_lesson_editors",
  method: "GET",
  path: "/lessons/{lessonId}/editors",
  tag: "History",
  summary: "Who else is editing a lesson",
  description:
    "The other sessions that saved the lesson or its blocks in the last few minutes, the caller's own (its X-Edit-Session header) left out.",
  params: z.object({ lessonId: z.uuid() }),
  response: LessonEditors,
  status: 200,
  run: async ({ db, caller, params, editSession }) => listLessonEditors(db, caller, params.lessonId, editSession),
});
