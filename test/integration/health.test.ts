import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, seedMemoryDatabases } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { withEnv } from "../with-env";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[HEALTH] GET /api/health", () => {
  afterEach(() => closeDb());

  it("answers 200 ok when the database answers", async () => {
    const res = await apiClient(server.url).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 when PostgreSQL is unreachable, and every API answers 503 not_configured", async () => {
    const { key } = await seedUser();
    await withEnv({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nowhere" }, async () => {
      const health = await apiClient(server.url).get("/api/health");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: "unavailable", database: "unreachable" });
      const api = await apiClient(server.url, key).get("/api/authoring/api-keys");
      expect(api.status).toBe(503);
      expect(api.body.code).toBe("not_configured");
      expect(JSON.stringify(api.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    });
  });

  it("answers 503 migrations_pending when start-up migration is off and the database is behind", async () => {
    // A database made from nothing, not from the tests' migrated copy (test/setup-db.ts).
    const seed = seedMemoryDatabases(undefined);
    try {
      await withEnv({ DATABASE_URL: undefined, DATA_DIR: "memory://", MIGRATE_ON_START: "0" }, async () => {
        const health = await apiClient(server.url).get("/api/health");
        expect(health.status).toBe(503);
        expect(health.body.database).toBe("migrations_pending");
        const signup = await apiClient(server.url).post("/api/account/signup", {
          email: "pending@example.test",
          password: "tidy-lantern-orbit",
          name: "P",
        });
        expect(signup.status).toBe(503);
        expect(signup.body.code).toBe("not_configured");
      });
    } finally {
      seedMemoryDatabases(seed);
    }
  }, 120_000); // A fresh embedded database's initdb is ~10 s of CPU: beside CI's browser specs it took over 30 s.
});

describe("[ACCOUNT] POST /api/account/signup", () => {
  // Sign-up answers 202 check_inbox without the user's id for a new and a known address alike
  // (issue 26, docs/decisions/031); it answered 201 with the id before. Sign-up's mails and its
  // answer to a known address: test/integration/sign-up-verification.test.ts.
  it("creates a user with a personal workspace where the user is admin", async () => {
    const api = apiClient(server.url);
    const res = await api.post("/api/account/signup", { email: " New.User@Example.TEST ", password: "tidy-lantern-orbit", name: "New" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "check_inbox" });
    const { getDb } = await import("@/lib/db/client");
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email: "new.user@example.test" } });
    expect(user.name).toBe("New");
    const membership = await db.membership.findFirstOrThrow({ where: { userId: user.id }, include: { workspace: true } });
    expect(membership.role).toBe("admin");
    expect(membership.workspace.kind).toBe("personal");
    expect(membership.workspace.ownerId).toBe(user.id);
  });

  it("answers a taken email (any case) as a new one without a second account; refuses a short password and a bad email, writing nothing", async () => {
    const api = apiClient(server.url);
    const email = `dup-${Date.now()}@example.test`;
    const first = await api.post("/api/account/signup", { email, password: "tidy-lantern-orbit", name: "A" });
    const dup = await api.post("/api/account/signup", { email: email.toUpperCase(), password: "tidy-lantern-orbit", name: "B" });
    // Formerly 400 conflict: a taken email is no longer told apart (docs/decisions/031).
    expect([dup.status, dup.body]).toEqual([first.status, first.body]);
    const bad = await api.post("/api/account/signup", { email: "nope", password: "short", name: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(["email", "name", "password"]);
    const { getDb } = await import("@/lib/db/client");
    const db = await getDb();
    expect(await db.user.count({ where: { email: { in: [email, "nope"] } } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).name).toBe("A");
  });
});
