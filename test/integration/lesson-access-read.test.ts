import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import type { Action } from "@/lib/authoring/access";
import { getLessonOrThrow, lessonAccessFor } from "@/lib/authoring/load";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { callerOf, createTree, newUser, seedTeam, type Member } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

// A lesson write with an API key reads the lesson's access in the key lookup's statement
// (`lessonAccessFor`); a session or an agent tool reads it with getLessonOrThrow. The two must
// refuse and allow the same callers, for every state a lesson and its ancestors can be in.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Outcome = "404" | { module_id: string; project_id: string };

async function bySql(member: Member, lessonId: string, action: Action): Promise<Outcome> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ read: string | null }[]>`
    SELECT (${lessonAccessFor(lessonId, Prisma.sql`${member.user.id}::uuid`, action)})::text AS read`;
  return row.read === null ? "404" : JSON.parse(row.read);
}

async function byLoader(member: Member, lessonId: string, action: Action): Promise<Outcome> {
  const db = await getDb();
  try {
    const { lesson, access } = await getLessonOrThrow({ tx: db, caller: callerOf(member), lessonId, action });
    return { module_id: lesson.moduleId, project_id: access.projectId };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return "404";
    throw error;
  }
}

it("[ACCESS] the key lookup's lesson read allows and refuses exactly what getLessonOrThrow does, for every role, action and lesson state", async () => {
  const team = await seedTeam(server);
  const outsider = await newUser(server);
  const db = await getDb();
  const stamp = (table: string, column: "published_at" | "deleted_at", id: string) =>
    db.$executeRawUnsafe(`UPDATE "${table}" SET ${column} = now() WHERE id = $1::uuid`, id);

  // One tree (a project of its own) per state, in the team's workspace.
  const states = ["published", "lesson draft", "course draft", "lesson deleted", "module deleted", "course deleted", "project deleted"];
  const lessons = new Map<string, string>();
  for (const state of states) {
    const tree = await createTree(team.admin.api, { name: state, workspace_id: team.workspace.id });
    if (state !== "course draft") await stamp("courses", "published_at", tree.course.id);
    if (state !== "lesson draft") await stamp("lessons", "published_at", tree.lesson.id);
    if (state === "lesson deleted") await stamp("lessons", "deleted_at", tree.lesson.id);
    if (state === "module deleted") await stamp("modules", "deleted_at", tree.module.id);
    if (state === "course deleted") await stamp("courses", "deleted_at", tree.course.id);
    if (state === "project deleted") await stamp("projects", "deleted_at", tree.project.id);
    lessons.set(state, tree.lesson.id);
  }
  lessons.set("unknown", randomUUID());

  const callers: [string, Member][] = [
    ["admin", team.admin],
    ["author", team.author],
    ["learner", team.learner],
    ["outsider", outsider],
  ];
  const actions: Action[] = ["content.read", "content.write", "content.publish", "quiz.submit"];
  const allowed = new Map<string, number>();
  for (const [who, member] of callers) {
    for (const [state, lessonId] of lessons) {
      for (const action of actions) {
        const expected = await byLoader(member, lessonId, action);
        expect(await bySql(member, lessonId, action), `${who}, ${state}, ${action}`).toEqual(expected);
        if (expected !== "404") allowed.set(`${who} ${action}`, (allowed.get(`${who} ${action}`) ?? 0) + 1);
      }
    }
  }
  // The matrix is not trivially all-404: writers reach both undeleted lessons, a learner only the
  // published one and never to write, an outsider nothing.
  expect(Object.fromEntries(allowed)).toEqual({
    "admin content.read": 3,
    "admin content.write": 3,
    "admin content.publish": 3,
    "admin quiz.submit": 3,
    "author content.read": 3,
    "author content.write": 3,
    "author content.publish": 3,
    "author quiz.submit": 3,
    "learner content.read": 1,
    "learner quiz.submit": 1,
  });
});

it("[ACCESS] with a key, a block insert and a lesson drag refuse a learner and an outsider with 404, and change nothing", async () => {
  const team = await seedTeam(server);
  const outsider = await newUser(server);
  const tree = await createTree(team.admin.api, { name: "Drag", workspace_id: team.workspace.id });
  const db = await getDb();
  await db.$executeRaw`UPDATE courses SET published_at = now() WHERE id = ${tree.course.id}::uuid`;
  await db.$executeRaw`UPDATE lessons SET published_at = now() WHERE id = ${tree.lesson.id}::uuid`;
  const second = (await team.admin.api.post(`/modules/${tree.module.id}/lessons`, { title: "Second" })).body;

  for (const member of [team.learner, outsider]) {
    const insert = await member.api.post(`/lessons/${tree.lesson.id}/blocks`, { type: "text", content: { body: "no" } });
    expect(insert.status).toBe(404);
    expect(insert.body.code).toBe("not_found");
    expect(insert.body.error).toMatch(/Lesson/);
    const drag = await member.api.patch(`/lessons/${second.id}`, { position: 0 });
    expect(drag.status).toBe(404);
    expect(drag.body.error).toMatch(/Lesson/);
  }
  const blocks = (await team.admin.api.get(`/lessons/${tree.lesson.id}/blocks`)).body.blocks;
  expect(blocks.map((b: { id: string }) => b.id)).toEqual([tree.block.id]);
  const order = (await team.admin.api.get(`/modules/${tree.module.id}/lessons`)).body.lessons;
  expect(order.map((l: { id: string }) => l.id)).toEqual([tree.lesson.id, second.id]);

  // The author does both, with the same key path.
  const inserted = await team.author.api.post(`/lessons/${tree.lesson.id}/blocks`, { type: "text", position: 0, content: { body: "yes" } });
  expect(inserted.status).toBe(201);
  expect(inserted.body.position).toBe(0);
  const dragged = await team.author.api.patch(`/lessons/${second.id}`, { position: 0 });
  expect(dragged.status).toBe(200);
  expect(dragged.body.position).toBe(0);
});
