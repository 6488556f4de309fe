import { Redis } from "ioredis";
import type { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { pgPool } from "@/lib/db/client";
import { env } from "@/lib/env";

/**
 * Where the app's counters live (API rate limits, sign-in and sign-up throttling), so every
 * instance counts against one budget: Redis when REDIS_URL is set, otherwise the PostgreSQL the
 * app runs on (table `rate_limits`), otherwise, on the embedded database (one server by
 * construction: it holds the data folder's lock), this process's memory.
 */
export type LimiterOptions = {
  /** Names the counts; a count belongs to its settings, so the prefix should carry the ones that change its meaning. */
  keyPrefix: string;
  points: number;
  /** Seconds a count lasts. */
  duration: number;
  /** Seconds a key stays refused once it has spent its points (0: until its count expires). */
  blockDuration?: number;
};

type Batch = { next: number; last: number; expire: number };

type Store = {
  memory: Map<string, RateLimiterAbstract>;
  pools: WeakMap<Pool, Map<string, Promise<RateLimiterAbstract>>>;
  redis: Map<string, RateLimiterAbstract>;
  redisClient?: { url: string; client: Redis };
  /** Points reserved by this instance from a database's counts: the next to hand out, the last, the window's end (ms). */
  batches: WeakMap<Pool, { batches: Map<string, Batch>; refills: Map<string, Promise<void>> }>;
  /** Counts this instance has seen spend their budget, by store key: when their window ends (ms). */
  spent: Map<string, number>;
};

// Next.js may load this module more than once in one process; the limiters must be one set.
const store: Store = ((globalThis as { __appLimiters?: Store }).__appLimiters ??= {
  memory: new Map(),
  pools: new WeakMap(),
  redis: new Map(),
  batches: new WeakMap(),
  spent: new Map(),
});
// A store made by an older copy of this module (a development server's reload) lacks the newer fields.
store.spent ??= new Map();

const idOf = (o: LimiterOptions) => `${o.keyPrefix}:${o.points}:${o.duration}:${o.blockDuration ?? 0}`;

function redisClient(url: string): Redis {
  if (store.redisClient?.url !== url) {
    store.redisClient?.client.disconnect();
    // A command waits for a connection briefly, then fails: while Redis is away the caller answers 503, not a hang.
    const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: (times) => Math.min(times * 200, 2000) });
    client.on("error", () => {}); // reconnects by itself; each failed command reports its own error
    store.redisClient = { url, client };
  }
  return store.redisClient.client;
}

export async function limiterFor(options: LimiterOptions): Promise<RateLimiterAbstract> {
  const id = idOf(options);
  const redisUrl = env("REDIS_URL");
  if (redisUrl) {
    const key = `${redisUrl}|${id}`;
    let found = store.redis.get(key);
    if (!found) {
      found = new RateLimiterRedis({ ...options, storeClient: redisClient(redisUrl) });
      store.redis.set(key, found);
    }
    return found;
  }
  const pool = await pgPool();
  if (!pool) {
    let found = store.memory.get(id);
    if (!found) store.memory.set(id, (found = new RateLimiterMemory(options)));
    return found;
  }
  let byId = store.pools.get(pool);
  if (!byId) store.pools.set(pool, (byId = new Map()));
  let found = byId.get(id);
  if (!found) {
    found = new Promise<RateLimiterAbstract>((resolve, reject) => {
      // The library creates its table (IF NOT EXISTS; a concurrent creator is tolerated) before the first use.
      const created: RateLimiterAbstract = new RateLimiterPostgres(
        { ...options, storeClient: pool, storeType: "pool", tableName: "rate_limits", clearExpiredByTimeout: false },
        (error?: unknown) => (error ? reject(error) : resolve(created)),
      );
    });
    byId.set(id, found);
    const forget = byId;
    found.catch(() => forget.delete(id));
  }
  return found;
}

/** One point counted against a key: how many the key has spent in its window, and when the window ends. */
export type Consumed = { consumedPoints: number; msBeforeNext: number };

/**
 * Points an instance takes from a shared count at once, then hands out from memory: about 2 % of
 * the budget (one point, exact, for budgets under 100). A key can so spend up to that many points
 * more (or fewer) than its budget per instance and window, and a busy key costs the database one
 * statement per batch rather than one per request.
 */
const batchOf = (points: number) => Math.max(1, Math.floor(points / 50));

/**
 * Counts one point against each of several keys at once, whatever their budgets. On PostgreSQL,
 * from this instance's reserved batch (`batchOf`), and the keys whose batch is
 * spent take a new one together in one statement (the same table, keys and arithmetic as
 * rate-limiter-flexible's own upsert, so the two count together); elsewhere through the library,
 * side by side. Never refuses: the caller compares `consumedPoints` with its budget. Throws when
 * the store cannot be reached. A count it sees spend its whole budget is noted for `knownSpent`.
 */
export async function consumeEach(items: { options: LimiterOptions; key: string }[]): Promise<Consumed[]> {
  const counted = await consumeEachFromStore(items);
  counted.forEach(({ consumedPoints, msBeforeNext }, i) => {
    const { options, key } = items[i];
    if (consumedPoints >= options.points) noteSpent(`${options.keyPrefix}:${key}`, Date.now() + msBeforeNext);
  });
  return counted;
}

/** Noted counts are swept of the ended ones once there are this many (then twice as many as remain), so they do not pile up. */
let sweepAt = 10_000;

function noteSpent(fullKey: string, until: number) {
  if (store.spent.size >= sweepAt) {
    const now = Date.now();
    for (const [key, end] of store.spent) if (end <= now) store.spent.delete(key);
    sweepAt = Math.max(10_000, 2 * store.spent.size);
  }
  store.spent.set(fullKey, until);
}

/**
 * Milliseconds until the window ends of a count this instance has seen spend its whole budget
 * (through `consumeEach`), or 0: a check that costs no round trip, for refusing a request before
 * doing any work for it. Exact on one instance; with several, each learns that a count is spent
 * the next time it counts a point against it.
 */
export function knownSpent(options: LimiterOptions, key: string): number {
  const fullKey = `${options.keyPrefix}:${key}`;
  const until = store.spent.get(fullKey);
  if (until === undefined) return 0;
  const ms = until - Date.now();
  if (ms > 0) return ms;
  store.spent.delete(fullKey);
  return 0;
}

async function consumeEachFromStore(items: { options: LimiterOptions; key: string }[]): Promise<Consumed[]> {
  const pool = env("REDIS_URL") ? undefined : await pgPool();
  if (!pool) {
    return Promise.all(
      items.map(async ({ options, key }) => {
        try {
          return await (await limiterFor(options)).consume(key);
        } catch (rejected) {
          if (rejected instanceof RateLimiterRes) return rejected;
          throw rejected;
        }
      }),
    ).then((all) => all.map(({ consumedPoints, msBeforeNext }) => ({ consumedPoints, msBeforeNext })));
  }
  const keys = items.map(({ options, key }) => `${options.keyPrefix}:${key}`);
  // Batches belong to the database they were taken from.
  let ours = store.batches.get(pool);
  if (!ours) store.batches.set(pool, (ours = { batches: new Map(), refills: new Map() }));
  const { batches, refills } = ours;
  const fromBatch = (key: string): Consumed | undefined => {
    const now = Date.now();
    const batch = batches.get(key);
    if (!batch || batch.expire <= now || batch.next > batch.last) return undefined;
    return { consumedPoints: batch.next++, msBeforeNext: batch.expire - now };
  };
  const results: (Consumed | undefined)[] = keys.map(() => undefined);
  for (;;) {
    keys.forEach((key, i) => (results[i] ??= fromBatch(key)));
    const missing = items.map((item, i) => ({ ...item, fullKey: keys[i] })).filter((_, i) => results[i] === undefined);
    if (missing.length === 0) return results as Consumed[];
    // Requests arriving together wait for one refill and share it, rather than each taking a batch.
    const underWay = missing.map(({ fullKey }) => refills.get(fullKey)).filter((refill) => refill !== undefined);
    if (underWay.length) {
      await Promise.all(underWay);
      continue;
    }
    const refill = takeBatches(pool, batches, missing);
    const settled = refill.then(
      () => {},
      () => {},
    );
    for (const { fullKey } of missing) refills.set(fullKey, settled);
    try {
      await refill;
    } finally {
      for (const { fullKey } of missing) refills.delete(fullKey);
    }
  }
}

/** Takes a new batch for each key from the database, in one statement. */
async function takeBatches(pool: Pool, batches: Map<string, Batch>, keys: { options: LimiterOptions; fullKey: string }[]) {
  // The library creates the table before a limiter's first use: one after the other, as two
  // CREATE TABLE IF NOT EXISTS at once can fail ("type rate_limits already exists").
  for (const { options } of keys) await limiterFor(options);
  const now = Date.now();
  const values = keys.map((_, j) => `($${3 * j + 2}, $${3 * j + 3}::int, $${3 * j + 4}::bigint)`).join(", ");
  const params: unknown[] = [now];
  for (const { options, fullKey } of keys) params.push(fullKey, batchOf(options.points), now + options.duration * 1000);
  const { rows } = await pool.query<{ key: string; points: number; expire: string | null }>(
    `INSERT INTO rate_limits VALUES ${values}
       ON CONFLICT(key) DO UPDATE SET
         points = CASE WHEN rate_limits.expire <= $1 THEN EXCLUDED.points ELSE rate_limits.points + EXCLUDED.points END,
         expire = CASE WHEN rate_limits.expire <= $1 THEN EXCLUDED.expire ELSE rate_limits.expire END
     RETURNING key, points, expire`,
    params,
  );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const { options, fullKey } of keys) {
    const row = byKey.get(fullKey)!;
    const expire = row.expire === null ? now + options.duration * 1000 : Number(row.expire);
    // This instance now holds the points up to the count the database answered.
    batches.set(fullKey, { next: row.points - batchOf(options.points) + 1, last: row.points, expire });
  }
}

/**
 * Tests: forget this process's limiter objects and in-memory counts, as a freshly started
 * instance would. Counts kept in PostgreSQL or Redis stay, as they do across a restart.
 */
export function forgetLimiters() {
  store.memory.clear();
  store.batches = new WeakMap();
  store.pools = new WeakMap();
  store.redis.clear();
  store.spent.clear();
}
