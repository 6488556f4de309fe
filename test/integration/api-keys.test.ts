import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestApiKey } from "@/lib/auth/api-key-secret";
import { authSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { createdInOrder, seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * A client signed in as the user in the browser: a session cookie, sent from the app's own origin.
 * `sv` (session version, 0 for a new user) and `signedInAt` are the claims a revocable session carries.
 */
async function browserSession(user: { id: string; name: string; email: string }) {
  const claims = { sub: user.id, name: user.name, email: user.email, sv: 0, signedInAt: Math.floor(Date.now() / 1000) };
  const token = await encode({ token: claims, secret: authSecret() });
  const headers = { cookie: `next-auth.session-token=${token}`, origin: server.url };
  const api = apiClient(server.url);
  return {
    get: (path: string) => api.get(path, headers),
    post: (path: string, body?: unknown) => api.post(path, body, headers),
  };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe("[API KEYS] POST /api-keys", () => {
  it("creates a key shown once, storing only its SHA-256 digest", async () => {
    const api = await browserSession((await seedUser()).user);
    const res = await api.post("/api/authoring/api-keys", { name: "  Import script  ", unknown: "ignored" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "id", "key", "key_prefix", "last_used_at", "name", "scope", "warning"]);
    expect(res.body.name).toBe("Import script");
    // Without a scope, a key acts as its user in everything.
    expect(res.body.scope).toBe("full");
    expect(res.body.key).toMatch(/^cak_[0-9A-Za-z]{43}$/);
    expect(res.body.key_prefix).toBe(res.body.key.slice(0, 12));
    expect(res.body.last_used_at).toBeNull();
    expect(res.body.created_at).toMatch(ISO);
    expect(res.body.warning).toMatch(/once/);

    const db = await getDb();
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.keyHash).toBe(digestApiKey(res.body.key));
    const stored = JSON.stringify(await db.$queryRaw`SELECT * FROM api_keys WHERE id = ${res.body.id}::uuid`);
    expect(stored).not.toContain(res.body.key);

    const created = apiClient(server.url, res.body.key);
    expect((await created.get("/api/authoring/api-keys")).status).toBe(200);
  });

  it("accepts a name of 200 characters and refuses empty, blank and 201-character names", async () => {
    const api = await browserSession((await seedUser()).user);
    expect((await api.post("/api/authoring/api-keys", { name: "n".repeat(200) })).status).toBe(201);
    for (const name of ["", "   ", "n".repeat(201), 42, null]) {
      const res = await api.post("/api/authoring/api-keys", { name });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details.issues[0].path).toBe("name");
    }
    const missing = await api.post("/api/authoring/api-keys", {});
    expect(missing.status).toBe(400);
    expect((await api.get("/api/authoring/api-keys")).body.api_keys).toHaveLength(2);
  });

  it("[API KEYS] a key cannot create keys: 403 forbidden, and no key is made", async () => {
    const { key, user } = await seedUser();
    const res = await apiClient(server.url, key).post("/api/authoring/api-keys", { name: "minted by a key" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.stringMatching(/browser/), code: "forbidden" });
    const db = await getDb();
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(1);
  });

  it("answers 400 invalid_json to a body that is not JSON, and writes nothing", async () => {
    const { key, user } = await seedUser();
    const api = apiClient(server.url, key);
    for (const body of ["{name:", "", "not json"]) {
      const res = await api.post("/api/authoring/api-keys", body, { "content-type": "application/json" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), code: "invalid_json" });
    }
    const db = await getDb();
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("[API KEYS] GET /api-keys", () => {
  it("lists only the caller's active keys, newest first, without the secret", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const api = apiClient(server.url, a.key);
    const browser = await browserSession(a.user);
    const second = await browser.post("/api/authoring/api-keys", { name: "second" });
    const third = await browser.post("/api/authoring/api-keys", { name: "third" });
    await createdInOrder("api_keys", [{ id: a.apiKeyId }, second.body, third.body]);
    expect((await (await browserSession(b.user)).post("/api/authoring/api-keys", { name: "not yours" })).status).toBe(201);

    const res = await api.get("/api/authoring/api-keys");
    expect(res.status).toBe(200);
    expect(res.body.api_keys.map((k: { name: string }) => k.name)).toEqual(["third", "second", "test key"]);
    for (const k of res.body.api_keys) {
      expect(Object.keys(k).sort()).toEqual(["created_at", "id", "key_prefix", "last_used_at", "name", "scope"]);
    }
    expect(JSON.stringify(res.body)).not.toContain(third.body.key);
    expect(res.body.api_keys[0].id).toBe(third.body.id);
    expect(res.body.api_keys[1].id).toBe(second.body.id);
  });

  it("records last_used_at on use, at most about once a minute", async () => {
    const { key, apiKeyId } = await seedUser();
    const api = apiClient(server.url, key);
    const first = await api.get("/api/authoring/api-keys");
    const used = first.body.api_keys.find((k: { id: string }) => k.id === apiKeyId).last_used_at;
    expect(used).toMatch(ISO);
    const again = await api.get("/api/authoring/api-keys");
    expect(again.body.api_keys.find((k: { id: string }) => k.id === apiKeyId).last_used_at).toBe(used);

    const db = await getDb();
    await db.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date(Date.now() - 61_000) } });
    const later = await api.get("/api/authoring/api-keys");
    const refreshed = later.body.api_keys.find((k: { id: string }) => k.id === apiKeyId).last_used_at;
    expect(new Date(refreshed).getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("[API KEYS] DELETE /api-keys/{keyId}", () => {
  it("revokes at once: the next request with the key is 401", async () => {
    const { key, apiKeyId, user } = await seedUser();
    const api = apiClient(server.url, key);
    const other = await (await browserSession(user)).post("/api/authoring/api-keys", { name: "spare" });
    const res = await api.delete(`/api/authoring/api-keys/${apiKeyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: apiKeyId });
    const after = await api.get("/api/authoring/api-keys");
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("unauthorized");
    const spare = apiClient(server.url, other.body.key);
    const list = await spare.get("/api/authoring/api-keys");
    expect(list.body.api_keys.map((k: { id: string }) => k.id)).toEqual([other.body.id]);
    expect((await spare.delete(`/api/authoring/api-keys/${apiKeyId}`)).status).toBe(404);
  });

  it("answers 404 for another user's key and leaves it working", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const res = await apiClient(server.url, b.key).delete(`/api/authoring/api-keys/${a.apiKeyId}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect((await apiClient(server.url, a.key).get("/api/authoring/api-keys")).status).toBe(200);
  });

  it("answers 404 for an id that is not a UUID or names no key", async () => {
    const api = apiClient(server.url, (await seedUser()).key);
    expect((await api.delete("/api/authoring/api-keys/not-a-uuid")).status).toBe(404);
    expect((await api.delete("/api/authoring/api-keys/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("[AUTH] credentials", () => {
  const cases: [string, Record<string, string>][] = [
    ["no Authorization header", {}],
    ["a Basic header", { authorization: "Basic dXNlcjpwYXNz" }],
    ["Bearer with no key", { authorization: "Bearer " }],
    ["a key of another format", { authorization: "Bearer sk_live_123" }],
    ["an unknown key", { authorization: `Bearer cak_${"a".repeat(43)}` }],
  ];
  for (const [name, headers] of cases) {
    it(`answers 401 in the service's error shape for ${name}`, async () => {
      const res = await apiClient(server.url).get("/api/authoring/api-keys", headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String), code: "unauthorized" });
    });
  }

  it("accepts the browser session cookie, and refuses a cross-site write made with it", async () => {
    const { user } = await seedUser();
    const token = await encode({
      token: { sub: user.id, name: user.name, email: user.email, sv: 0, signedInAt: Math.floor(Date.now() / 1000) },
      secret: authSecret(),
    });
    const cookie = { cookie: `next-auth.session-token=${token}` };
    const api = apiClient(server.url);
    expect((await api.get("/api/authoring/api-keys", cookie)).status).toBe(200);
    const host = new URL(server.url).host;
    const sameSite = await api.post("/api/authoring/api-keys", { name: "from the page" }, { ...cookie, origin: `http://${host}` });
    expect(sameSite.status).toBe(201);
    const crossSite = await api.post("/api/authoring/api-keys", { name: "csrf" }, { ...cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const db = await getDb();
    expect(await db.apiKey.count({ where: { userId: user.id, name: "csrf" } })).toBe(0);
  });

  it("refuses a session cookie signed with another secret", async () => {
    const { user } = await seedUser();
    const token = await encode({ token: { sub: user.id }, secret: "some-other-secret" });
    const res = await apiClient(server.url).get("/api/authoring/api-keys", { cookie: `next-auth.session-token=${token}` });
    expect(res.status).toBe(401);
  });
});

describe("[AUTH] order of checks", () => {
  it("answers 401, not 400, to a request with no key and a body that is not JSON", async () => {
    const res = await apiClient(server.url).post("/api/authoring/api-keys", "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthorized");
  });
});
