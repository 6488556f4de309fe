import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { clearCount, countAgainst, forgetRateLimiters, readCounts, type Budget } from "@/lib/api/rate-limit";
import { pgPool } from "@/lib/db/client";

/**
 * The limits API over each store it counts in (lib/api/limit-store.ts): the database's (memory on
 * the embedded database, the `rate_limits` table on PostgreSQL) and Redis. The same arithmetic on
 * all of them; the throttles' own tests (rate-limits, public-throttle, sign-up-throttle, the
 * sign-in specs) show what users see.
 */

const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379/15";
const redis = new Redis(REDIS_URL);
afterAll(() => redis.quit());
afterEach(() => {
  delete process.env.REDIS_URL;
  forgetRateLimiters();
});

const stores = [
  // The test database is PostgreSQL when TEST_DATABASE_URL names a server (test/setup-db.ts).
  { store: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "memory", use: () => delete process.env.REDIS_URL },
  { store: "Redis", use: () => (process.env.REDIS_URL = REDIS_URL) },
];

const budget = (points: number, windowSeconds: number, lockoutSeconds?: number): Budget => ({
  name: `limits_test_${randomUUID().slice(0, 8)}`,
  points,
  windowSeconds,
  lockoutSeconds,
});

describe.each(stores)("[LIMITS] counts in $store", ({ use }) => {
  it("count one point a call from the first, each key apart, the window ending when the first point's window does", async () => {
    use();
    const b = budget(3, 100);
    const counted = [];
    for (let i = 0; i < 4; i++) counted.push((await countAgainst([{ budget: b, key: "a" }]))[0]);
    expect(counted.map((c) => c.consumedPoints)).toEqual([1, 2, 3, 4]);
    for (const c of counted) {
      expect(c.msBeforeNext).toBeGreaterThan(95_000);
      expect(c.msBeforeNext).toBeLessThanOrEqual(100_000);
    }
    expect(counted[3].msBeforeNext).toBeLessThanOrEqual(counted[0].msBeforeNext);
    const [a, other] = await countAgainst([
      { budget: b, key: "a" },
      { budget: b, key: "b" },
    ]);
    expect([a.consumedPoints, other.consumedPoints]).toEqual([5, 1]);
  });

  it("start a new count once the window has ended", async () => {
    use();
    const b = budget(5, 1);
    await countAgainst([{ budget: b, key: "a" }]);
    await countAgainst([{ budget: b, key: "a" }]);
    const [before] = await readCounts([{ budget: b, key: "a" }]);
    expect(before!.consumedPoints).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, before!.msBeforeNext + 50));
    expect(await readCounts([{ budget: b, key: "a" }])).toEqual([null]);
    expect((await countAgainst([{ budget: b, key: "a" }]))[0].consumedPoints).toBe(1);
  });

  it("are read without counting and forgotten on demand", async () => {
    use();
    const b = budget(5, 100);
    expect(await readCounts([{ budget: b, key: "a" }])).toEqual([null]);
    await countAgainst([{ budget: b, key: "a" }]);
    await countAgainst([{ budget: b, key: "a" }]);
    const [read, none] = await readCounts([
      { budget: b, key: "a" },
      { budget: b, key: "b" },
    ]);
    expect(read!.consumedPoints).toBe(2);
    expect(none).toBeNull();
    expect((await readCounts([{ budget: b, key: "a" }]))[0]!.consumedPoints).toBe(2);
    await clearCount({ budget: b, key: "a" });
    expect(await readCounts([{ budget: b, key: "a" }])).toEqual([null]);
    expect((await countAgainst([{ budget: b, key: "a" }]))[0].consumedPoints).toBe(1);
  });

  it("with a lockout, the point past the budget restarts the window for the lockout, once", async () => {
    use();
    const b = budget(2, 100, 300);
    await countAgainst([{ budget: b, key: "a" }]);
    await countAgainst([{ budget: b, key: "a" }]);
    const [past] = await countAgainst([{ budget: b, key: "a" }]);
    expect(past.consumedPoints).toBe(3);
    expect(past.msBeforeNext).toBe(300_000);
    const [read] = await readCounts([{ budget: b, key: "a" }]);
    expect(read!.consumedPoints).toBe(3);
    expect(read!.msBeforeNext).toBeGreaterThan(295_000);
    // Further points count on in the lockout without starting it again.
    const [more] = await countAgainst([{ budget: b, key: "a" }]);
    expect(more.consumedPoints).toBe(4);
    expect(more.msBeforeNext).toBeLessThanOrEqual(read!.msBeforeNext);
  });

  it("are shared by instances: a fresh instance counts on from what another counted", async () => {
    use();
    const b = budget(5, 100);
    await countAgainst([{ budget: b, key: "a" }]);
    forgetRateLimiters();
    const [next] = await countAgainst([{ budget: b, key: "a" }]);
    // In memory an instance's counts are its own (the embedded database has one server).
    expect(next.consumedPoints).toBe(process.env.REDIS_URL || process.env.DATABASE_URL ? 2 : 1);
  });
});

describe("[LIMITS] counts kept before the app took the stores over from rate-limiter-flexible", () => {
  it("are counted on: an integer with a time to live in Redis, a row of the table on PostgreSQL", async () => {
    const b = budget(10, 100);
    process.env.REDIS_URL = REDIS_URL;
    await redis.set(`${b.name}_100s:a`, 4, "EX", 50);
    const [inRedis] = await countAgainst([{ budget: b, key: "a" }]);
    expect(inRedis.consumedPoints).toBe(5);
    expect(inRedis.msBeforeNext).toBeLessThanOrEqual(50_000);
    expect(await redis.get(`${b.name}_100s:a`)).toBe("5");
    delete process.env.REDIS_URL;
    const pool = await pgPool();
    if (pool) {
      await pool.query("INSERT INTO rate_limits (key, points, expire) VALUES ($1, 4, $2)", [`${b.name}_100s:a`, Date.now() + 50_000]);
      const [inTable] = await countAgainst([{ budget: b, key: "a" }]);
      expect(inTable.consumedPoints).toBe(5);
      expect(inTable.msBeforeNext).toBeLessThanOrEqual(50_000);
    } else expect(process.env.TEST_DATABASE_URL).toBeUndefined();
  });
});
