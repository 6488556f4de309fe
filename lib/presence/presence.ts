import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint } from "@/lib/api/endpoint";
import { AppError, notFound } from "@/lib/api/errors";
import { getLessonOrThrow } from "@/lib/authoring/load";
import type { Db, Tx } from "@/lib/db/client";
import { isProposalVisible } from "@/lib/proposals/proposals/get-proposal";

/*
 * Who else has a lesson or a proposal open, and in which block (issue 41, docs/decisions/061).
 * Each browser tab of a signed-in person is a row, refreshed by its event stream
 * (app/api/presence/stream) every few seconds and dropped when the stream ends; a row not seen for
 * PRESENCE_TTL_MS is gone. Rows live in the database, so two app instances see each other's.
 */

/** A tab not seen for this long has left (its stream refreshes every STREAM_TICK_MS). */
export const PRESENCE_TTL_MS = 15_000;
/** How often a stream refreshes its tab, and looks for others and for saved changes. */
export const STREAM_TICK_MS = 1_500;

export const PresenceTarget = z.object({
  kind: z.enum(["lesson", "proposal"]),
  id: z.uuid(),
});
export type PresenceTarget = z.infer<typeof PresenceTarget>;

const targetKey = (t: PresenceTarget) => `${t.kind}:${t.id}`;

export const Present = z.object({
  user_name: z.string(),
  is_you: z.boolean().describe("The caller, in another tab"),
  block_id: z.string().nullable().describe("The block (lesson) or block uuid (proposal) they are in, if any"),
});
export type Present = z.infer<typeof Present>;

/** Only a person in the browser is present, on what they may edit: anyone else gets the item's 404. */
export async function assertMayBePresent(tx: Tx, caller: Caller, target: PresenceTarget) {
  if (caller.via !== "session") throw new AppError("forbidden", "Presence is for people in the browser, not API keys");
  if (target.kind === "lesson") await getLessonOrThrow({ tx, caller, lessonId: target.id, action: "content.write" });
  else if (!(await isProposalVisible({ tx, caller, uuid: target.id }))) throw notFound("Proposal");
}

export async function touchPresence(db: Db | Tx, caller: Caller, session: string, target: PresenceTarget, blockId?: string | null) {
  const key = targetKey(target);
  await db.presenceSession.upsert({
    where: { userId_sessionId: { userId: caller.userId, sessionId: session } },
    create: { userId: caller.userId, sessionId: session, userName: caller.name, target: key, blockId: blockId ?? null, seenAt: new Date() },
    // A tab that moved to another item starts there without a block; the stream's refresh keeps the block it has.
    update: { userName: caller.name, target: key, seenAt: new Date(), ...(blockId !== undefined ? { blockId } : {}) },
  });
}

export async function leavePresence(db: Db | Tx, caller: Caller, session: string) {
  await db.presenceSession.deleteMany({ where: { userId: caller.userId, sessionId: session } });
}

/** The other tabs on the item, seen lately, by name (the caller's own other tabs say so), oldest arrival first. */
export async function othersPresent(db: Db | Tx, caller: Caller, session: string, target: PresenceTarget): Promise<Present[]> {
  const rows = await db.presenceSession.findMany({
    where: {
      target: targetKey(target),
      seenAt: { gt: new Date(Date.now() - PRESENCE_TTL_MS) },
      NOT: { userId: caller.userId, sessionId: session },
    },
    orderBy: [{ userName: "asc" }, { sessionId: "asc" }],
  });
  return rows.map((row) => ({ user_name: row.userName, is_you: row.userId === caller.userId, block_id: row.blockId }));
}

/**
 * What a save anywhere changes: for a lesson, its own and its blocks' latest `updated_at` (a block
 * moved in or out, deleted or restored counts too); for a proposal, its `updated_at`. Compared,
 * not read: a stream sends `changed` when it differs from the one before.
 */
export async function versionOf(db: Db | Tx, target: PresenceTarget): Promise<string> {
  if (target.kind === "lesson") {
    const [row] = await db.$queryRaw<{ v: Date | null; n: bigint }[]>`
      SELECT GREATEST((SELECT updated_at FROM lessons WHERE id = ${target.id}::uuid),
                      (SELECT max(updated_at) FROM blocks WHERE lesson_id = ${target.id}::uuid)) AS v,
             (SELECT count(*) FROM blocks WHERE lesson_id = ${target.id}::uuid AND deleted_at IS NULL) AS n`;
    return `${row?.v?.toISOString() ?? ""}/${row?.n ?? 0}`;
  }
  const row = await db.proposal.findUnique({ where: { id: target.id }, select: { updatedAt: true } });
  return row?.updatedAt.toISOString() ?? "";
}

export const UpdatePresenceBody = z.object({
  session: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "The tab's edit session id"),
  target: PresenceTarget,
  block_id: z.string().max(64).nullable().optional().describe("The block the person is in now; null when none"),
});

export const updatePresenceEndpoint = defineEndpoint({
  operationId: "update_presence",
  method: "PUT",
  path: "/presence",
  tag: "Presence",
  summary: "Say which block this tab is in",
  description:
    "Body {session, target: {kind: lesson|proposal, id}, block_id?}. Marks the tab present on the item (one it may edit), in that block. " +
    "Answers who else is there. The tab's event stream (GET /api/presence/stream) keeps it present and tells it of others and of saves.",
  body: UpdatePresenceBody,
  response: z.object({ others: z.array(Present) }),
  status: 200,
  errors: ["forbidden"],
  run: async ({ db, caller, body }) => {
    await assertMayBePresent(db, caller, body.target);
    await touchPresence(db, caller, body.session, body.target, body.block_id ?? null);
    return { others: await othersPresent(db, caller, body.session, body.target) };
  },
});
