/**
 * 503 on every course-tree endpoint while the database cannot be reached (contract.md, 503).
 * In a file of its own: it closes and reopens the file's database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../http-server";
import { withEnv } from "../with-env";
import { newUser } from "../factories";
import { call, topLevelEndpoints, treeEndpoints } from "./authoring-tree-helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[AVAILABILITY] database unreachable", () => {
  it("answers 503 not_configured on every endpoint of the course tree, without leaking the cause", async () => {
    const { api } = await newUser(server);
    const id = "00000000-0000-4000-8000-000000000001";
    const endpoints = [
      ...topLevelEndpoints,
      ...treeEndpoints({ projectId: id, deletedProjectId: id, courseId: id, moduleId: id, lessonId: id, blockId: id }),
    ];
    await withEnv({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nowhere" }, async () => {
      for (const c of endpoints) {
        const res = await call(api, c);
        expect(res.status, `${c.method.toUpperCase()} ${c.path}`).toBe(503);
        expect(res.body).toEqual({ error: expect.any(String), code: "not_configured" });
        expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|nowhere/);
      }
    });
    // Once the database is back, the service answers again.
    const after = await newUser(server);
    expect((await after.api.get("/workspaces")).status).toBe(200);
  });
});
