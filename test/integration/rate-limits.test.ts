import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetRateLimiters } from "@/lib/api/rate-limit";
import { authoringService } from "@/lib/authoring/service";
import { pgPool } from "@/lib/db/client";
import { proposalsService } from "@/lib/proposals/service";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { expectServiceError } from "../services";

/** The Redis these machines run (docs/configuration.md, TEST_REDIS_URL). */
const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379/15";

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
    // The requests come from an address of this test's own, which no other test's requests count
    // against: the entry a trusted proxy appended (the test server appends the connection's, as the
    // hop after it, so two hops are trusted).
    const [address, another] = ["10", "172"].map((net) => `${net}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`);
    const from = { "x-forwarded-for": address };
    await withLimits(
      { API_RATE_LIMIT: "1000", API_RATE_LIMIT_PER_ADDRESS: "4", API_RATE_LIMIT_WINDOW: "60", TRUST_PROXY: "2" },
      async () => {
        for (let i = 0; i < 4; i++) expect((await authoring(server, keys[i % 2]).get("/workspaces", from)).status).toBe(200);
        const limited = await authoring(server, keys[0]).get("/workspaces", from);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        // Another address, with the same keys, is not affected.
        expect((await authoring(server, keys[0]).get("/workspaces", { "x-forwarded-for": another })).status).toBe(200);
      },
    );
  });

  it("a busy key takes its count from the database in batches, and is refused all the same after its budget", async () => {
    const { key, apiKeyId } = await seedUser();
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const pool = await pgPool();
    // Every count this process writes to the database is counted.
    let statements = 0;
    const query = pool?.query.bind(pool);
    if (pool) {
      pool.query = ((...args: Parameters<typeof pool.query>) => {
        if (String((args[0] as { text?: string }).text ?? args[0]).includes("INSERT INTO rate_limits")) statements++;
        return (query as (...a: unknown[]) => unknown)(...args);
      }) as typeof pool.query;
    }
    try {
      forgetRateLimiters();
      await withLimits({ API_RATE_LIMIT: "100", API_RATE_LIMIT_PER_ADDRESS: "100000", API_RATE_LIMIT_WINDOW: "30" }, async () => {
        const api = authoring(server, key);
        for (let i = 1; i <= 100; i++) expect((await api.get("/workspaces")).status, `request ${i}`).toBe(200);
        const refused = await api.get("/workspaces");
        expect(refused.status).toBe(429);
        expectLimitHeaders(refused.headers, 100);
        if (onPostgres) {
          // Batches of 2 for the key (the address's, of 2,000, rides along): 51 statements for 101 requests, not 101.
          expect(statements).toBe(51);
          const { rows } = await pool!.query("SELECT points FROM rate_limits WHERE key = $1", [`api_key_30s:${apiKeyId}`]);
          expect(rows[0].points).toBeGreaterThanOrEqual(101);
        }
      });
    } finally {
      if (pool && query) pool.query = query as typeof pool.query;
      forgetRateLimiters();
    }
  });

  it("requests arriving together share one batch: a hundred at once spend about a hundred points, not a batch each", async () => {
    const { key, apiKeyId } = await seedUser();
    forgetRateLimiters();
    await withLimits({ API_RATE_LIMIT: "600", API_RATE_LIMIT_PER_ADDRESS: "100000", API_RATE_LIMIT_WINDOW: "30" }, async () => {
      const api = authoring(server, key);
      const answers = await Promise.all(Array.from({ length: 100 }, () => api.get("/workspaces")));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const remaining = answers.map((a) => Number(a.headers.get("ratelimit-remaining")));
      expect(Math.min(...remaining)).toBeGreaterThanOrEqual(600 - 100 - 12);
      if (process.env.DATABASE_URL) {
        const { rows } = await (await pgPool())!.query("SELECT points FROM rate_limits WHERE key = $1", [`api_key_30s:${apiKeyId}`]);
        // Batches of 12: at most one batch's worth beyond the hundred.
        expect(rows[0].points).toBeGreaterThanOrEqual(100);
        expect(rows[0].points).toBeLessThanOrEqual(112);
      }
    });
    forgetRateLimiters();
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

  it("with REDIS_URL the counts live in Redis, shared by instances on any database", async () => {
    const { key, apiKeyId } = await seedUser();
    const redis = new Redis(REDIS_URL);
    try {
      await withLimits({ REDIS_URL, API_RATE_LIMIT: "3", API_RATE_LIMIT_PER_ADDRESS: "1000", API_RATE_LIMIT_WINDOW: "10" }, async () => {
        for (const s of [server, second, server]) {
          forgetRateLimiters(); // each request as a fresh instance: only Redis holds the count
          expect((await authoring(s, key).get("/workspaces")).status).toBe(200);
        }
        forgetRateLimiters();
        const limited = await authoring(second, key).get("/workspaces");
        expect(limited.status).toBe(429);
        expectLimitHeaders(limited.headers, 3);
        expect(Number(await redis.get(`api_key_10s:${apiKeyId}`))).toBeGreaterThan(3);
      });
    } finally {
      forgetRateLimiters();
      await redis.quit();
    }
  });

  it("Redis configured but unreachable: 503 in the service's shape, never a request let through uncounted", async () => {
    const { key } = await seedUser();
    await withLimits({ REDIS_URL: "redis://127.0.0.1:1", API_RATE_LIMIT: "3" }, async () => {
      try {
        expectServiceError(authoringService, await authoring(server, key).get("/workspaces"), "not_configured");
        expectServiceError(proposalsService, await proposals(server, key).get("/v3/companies"), "not_configured");
      } finally {
        forgetRateLimiters();
      }
    });
  });
});
