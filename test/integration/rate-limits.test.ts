import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetRateLimiters } from "@/lib/api/rate-limit";
import { pgPool } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";

let server: TestServer;
let second: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  second = await startTestServer();
  // Open the database and load the routes before any window starts.
  const { key } = await seedUser();
  for (const s of [server, second]) {
    await authoring(s, key).get("/workspaces");
    await proposals(s, key).get("/v3/companies");
  }
});
afterAll(async () => {
  await server.close();
  await second.close();
});

/** Runs `fn` with low limits in a short window; the limits are read at each request. */
async function withLimits(env: Record<string, string>, fn: () => Promise<void>) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const authoring = (s: TestServer, key: string) => apiClient(`${s.url}/api/authoring`, key);
const proposals = (s: TestServer, key: string) => apiClient(`${s.url}/api/proposals`, key);

function expectLimitHeaders(headers: Headers, limit: number) {
  expect(Number(headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(headers.get("ratelimit-limit")).toBe(String(limit));
  expect(headers.get("ratelimit-remaining")).toBe("0");
  expect(Number(headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(0);
  expect(headers.get("ratelimit-policy")).toMatch(new RegExp(`^${limit};w=`));
}

describe("[RATE LIMITS] API keys and agents", () => {
  it("the N+1th request of a key answers 429 in each service's shape; another key is not affected; the next window works", async () => {
    const a = await seedUser();
    const b = await seedUser();
    await withLimits({ API_RATE_LIMIT: "3", API_RATE_LIMIT_PER_ADDRESS: "1000", API_RATE_LIMIT_WINDOW: "2" }, async () => {
      for (let i = 0; i < 3; i++) {
        const ok = await authoring(server, a.key).get("/workspaces");
        expect(ok.status).toBe(200);
        expect(ok.headers.get("ratelimit-remaining")).toBe(String(2 - i));
      }
      const limited = await authoring(server, a.key).get("/workspaces");
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: expect.stringMatching(/Too many requests/), code: "rate_limited" });
      expectLimitHeaders(limited.headers, 3);
      const limitedProposals = await proposals(server, a.key).get("/v3/companies");
      expect(limitedProposals.status).toBe(429);
      expect(limitedProposals.body).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
      expectLimitHeaders(limitedProposals.headers, 3);
      const mcp = await fetch(`${server.url}/api/authoring/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(mcp.status).toBe(429);
      expect(await mcp.json()).toMatchObject({ code: "rate_limited" });
      expectLimitHeaders(mcp.headers, 3);

      expect((await authoring(server, b.key).get("/workspaces")).status).toBe(200);

      await sleep(Number(limited.headers.get("ratelimit-reset")) * 1000 + 100);
      expect((await authoring(server, a.key).get("/workspaces")).status).toBe(200);
    });
  });

  it("an address is limited across its keys", async () => {
    const keys = [(await seedUser()).key, (await seedUser()).key];
    await withLimits({ API_RATE_LIMIT: "1000", API_RATE_LIMIT_PER_ADDRESS: "4", API_RATE_LIMIT_WINDOW: "2" }, async () => {
      // Start in a fresh window: the previous test's requests came from this address too.
      await sleep(2100);
      for (let i = 0; i < 4; i++) expect((await authoring(server, keys[i % 2]).get("/workspaces")).status).toBe(200);
      const limited = await authoring(server, keys[0]).get("/workspaces");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    });
  });

  it("two server instances on one database share a key's budget", async () => {
    // On PostgreSQL the count lives in the database: each request starts with no limiter in memory,
    // as on another instance. The embedded database belongs to one process, which holds the count.
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const instance = (s: TestServer) => {
      if (onPostgres) forgetRateLimiters();
      return s;
    };
    const { key, apiKeyId } = await seedUser();
    await withLimits({ API_RATE_LIMIT: "4", API_RATE_LIMIT_PER_ADDRESS: "1000", API_RATE_LIMIT_WINDOW: "10" }, async () => {
      for (const s of [server, second, server, second]) expect((await authoring(instance(s), key).get("/workspaces")).status).toBe(200);
      expect((await authoring(instance(second), key).get("/workspaces")).status).toBe(429);
      expect((await authoring(instance(server), key).get("/workspaces")).status).toBe(429);
      const pool = await pgPool();
      if (onPostgres) {
        const { rows } = await pool!.query("SELECT points FROM rate_limits WHERE key = $1", [`api_key_10s:${apiKeyId}`]);
        expect(rows[0].points).toBeGreaterThan(4);
      } else expect(pool).toBeUndefined();
    });
  });
});
