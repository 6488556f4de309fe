/**
 * A block insert, a block move and a lesson move are one statement each, which reads the siblings in its
 * snapshot and takes the parent's row at the version that snapshot shows (lib/authoring/positions.ts).
 * Writers in one process take turns before they begin; these tests play the writer the turns do not
 * see (another instance of the app): it holds the parent's row, changes the siblings and commits
 * while the request waits. The request must then run again on the new siblings: positions stay
 * 0..n-1, the row lands where it was asked to, and it is recorded once.
 * On the embedded database, which has one connection, the two simply run one after the other.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { expectContiguous } from "../expect";
import { createBlock, createLesson, createTree, newUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `sql` in a transaction as another instance would, starting `request` once it holds the parent, and committing a moment later. */
async function whileAnotherWriterHolds<T>(statements: (tx: any) => Promise<unknown>, request: () => Promise<T>): Promise<T> {
  const db = await getDb();
  let answer: Promise<T> | undefined;
  await db.$transaction(async (tx) => {
    await statements(tx);
    answer = request();
    await pause(300);
  });
  return answer!;
}

async function auditEvents(operation: string, targetId: string) {
  const db = await getDb();
  return db.auditEvent.count({ where: { operation, targetId } });
}

it("[RACES] a block insert that meets another writer's change to the lesson's blocks runs again after it", async () => {
  const { api } = await newUser(server);
  const { lesson } = await createTree(api);
  for (let i = 1; i < 4; i++) await createBlock(api, lesson.id, { type: "text", content: { body: `b${i}` } });

  const res = await whileAnotherWriterHolds(
    async (tx) => {
      // What every write among siblings does first, then a block put first.
      await tx.$executeRaw`UPDATE lessons SET children_version = children_version + 1 WHERE id = ${lesson.id}::uuid`;
      await tx.$executeRaw`UPDATE blocks SET position = position + 1 WHERE lesson_id = ${lesson.id}::uuid AND deleted_at IS NULL`;
      await tx.$executeRaw`INSERT INTO blocks (id, lesson_id, type, position, content, created_at, updated_at)
        VALUES (gen_random_uuid(), ${lesson.id}::uuid, 'text', 0, '{"body":"other"}'::jsonb, now(), now())`;
    },
    () => api.post(`/lessons/${lesson.id}/blocks`, { type: "text", position: 2, content: { body: "mine" } }),
  );
  expect(res.status).toBe(201);
  expect(res.body.position).toBe(2);

  const { blocks } = (await api.get(`/lessons/${lesson.id}/blocks`)).body;
  expectContiguous(blocks);
  expect(blocks.map((b: { content: { body: string } }) => b.content.body)).toEqual(["other", "Hello", "mine", "b1", "b2", "b3"]);
  expect(blocks[2]).toEqual(res.body);
  expect(await auditEvents("create_block", res.body.id)).toBe(1);
});

it("[RACES] a lesson move that meets another writer's change to the module's lessons runs again after it", async () => {
  const { api } = await newUser(server);
  const tree = await createTree(api);
  const lessons = [tree.lesson];
  for (let i = 1; i < 5; i++) lessons.push(await createLesson(api, tree.module.id, { title: `L${i}` }));
  const moving = lessons[4];

  const res = await whileAnotherWriterHolds(
    async (tx) => {
      // Another writer moves the first lesson to the end.
      await tx.$executeRaw`UPDATE modules SET children_version = children_version + 1 WHERE id = ${tree.module.id}::uuid`;
      await tx.$executeRaw`UPDATE lessons SET position = position - 1 WHERE module_id = ${tree.module.id}::uuid AND position > 0`;
      await tx.$executeRaw`UPDATE lessons SET position = 4 WHERE id = ${lessons[0].id}::uuid`;
    },
    () => api.patch(`/lessons/${moving.id}`, { position: 1 }),
  );
  expect(res.status).toBe(200);
  expect(res.body.position).toBe(1);

  const { lessons: after } = (await api.get(`/modules/${tree.module.id}/lessons`)).body;
  expectContiguous(after);
  expect(after.map((l: { id: string }) => l.id)).toEqual([lessons[1], moving, lessons[2], lessons[3], lessons[0]].map((l) => l.id));
  expect(await auditEvents("update_lesson", moving.id)).toBe(1);
});

it("[RACES] a block move that meets another writer's change to the lesson's blocks runs again after it, and answers as the list reads it", async () => {
  const { api } = await newUser(server);
  const { lesson, block: first } = await createTree(api);
  const others = [];
  for (let i = 1; i < 5; i++) others.push(await createBlock(api, lesson.id, { type: "text", content: { body: `b${i}` } }));
  const moving = others[3];

  const res = await whileAnotherWriterHolds(
    async (tx) => {
      // Another writer deletes the first block and closes the gap.
      await tx.$executeRaw`UPDATE lessons SET children_version = children_version + 1 WHERE id = ${lesson.id}::uuid`;
      await tx.$executeRaw`UPDATE blocks SET deleted_at = now() WHERE id = ${first.id}::uuid`;
      await tx.$executeRaw`UPDATE blocks SET position = position - 1 WHERE lesson_id = ${lesson.id}::uuid AND deleted_at IS NULL`;
    },
    () => api.patch(`/blocks/${moving.id}`, { position: 0 }),
  );
  expect(res.status).toBe(200);
  expect(res.body.position).toBe(0);

  const { blocks } = (await api.get(`/lessons/${lesson.id}/blocks`)).body;
  expectContiguous(blocks);
  expect(blocks.map((b: { id: string }) => b.id)).toEqual([moving, others[0], others[1], others[2]].map((b) => b.id));
  expect(blocks[0]).toEqual(res.body);
  expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(moving.updated_at));
  expect(await auditEvents("update_block", moving.id)).toBe(1);
});

it("[RACES] a block insert into a lesson another writer deletes meanwhile answers 404 and writes nothing", async () => {
  const { api } = await newUser(server);
  const { lesson } = await createTree(api);

  const res = await whileAnotherWriterHolds(
    (tx) => tx.$executeRaw`UPDATE lessons SET deleted_at = now(), children_version = children_version + 1 WHERE id = ${lesson.id}::uuid`,
    () => api.post(`/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "too late" } }),
  );
  expect(res.status).toBe(404);
  const db = await getDb();
  expect(await db.block.count({ where: { lessonId: lesson.id } })).toBe(1);
  // No event names a block that does not exist.
  const blockIds = (await db.block.findMany({ select: { id: true } })).map((b) => b.id);
  expect(await db.auditEvent.count({ where: { operation: "create_block", targetId: { notIn: blockIds } } })).toBe(0);
});
