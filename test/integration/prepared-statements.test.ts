/**
 * Statements are prepared once per pooled connection (docs/decisions/020): a migration that adds a
 * column while a server runs must not break the statements its connections already prepared.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { expectStatus } from "../expect";
import { createBlock, createLesson, createTree, newUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TABLES = ["blocks", "lessons", "memberships", "api_keys", "projects"];

it("[PREPARED] reads and moves keep answering after a column is added to the tables they read", async () => {
  const { api } = await newUser(server);
  const tree = await createTree(api);
  const block = await createBlock(api, tree.lesson.id, { type: "text", content: { body: "Prepared" } });
  const second = await createLesson(api, tree.module.id, { title: "Second" });
  /** Each request a few times over, so that the pool's connections prepare and reuse their statements. */
  const requests = async () => {
    for (let i = 0; i < 6; i++) {
      const read = await api.get(`/blocks/${block.id}`);
      expectStatus(read, 200);
      expect(read.body.content).toEqual({ body: "Prepared" });
      expectStatus(await api.patch(`/lessons/${second.id}`, { position: i % 2 }), 200);
      expectStatus(await api.get(`/projects/${tree.project.id}/outline`), 200);
      expectStatus(await api.get(`/lessons/${tree.lesson.id}/blocks`), 200);
    }
  };
  await requests();
  const db = await getDb();
  try {
    for (const table of TABLES) await db.$executeRawUnsafe(`ALTER TABLE "${table}" ADD COLUMN added_later integer`);
    await requests();
  } finally {
    for (const table of TABLES) await db.$executeRawUnsafe(`ALTER TABLE "${table}" DROP COLUMN IF EXISTS added_later`);
  }
  await requests();
  // Schema changes under a running server: 18 s alone, over 30 s among CI's parallel files on a slow machine.
}, 120_000);
