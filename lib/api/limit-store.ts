import { Redis } from "ioredis";
import type { Pool } from "pg";
import { pgPool } from "@/lib/db/client";
import { env } from "@/lib/env";

/**
 * Where the app's request counts live (API rate limits, address limits, account mails, sign-in
 * and sign-up), so every instance counts against one budget: Redis when REDIS_URL is set,
 * otherwise the PostgreSQL the app runs on (table `rate_limits`, created by our migration),
 * otherwise, on the embedded database (one server by construction: it holds the data folder's
 * lock), this process's memory. The app owns all three and their arithmetic (docs/decisions/053);
 * lib/api/rate-limit.ts is the API the rest of the app counts through.
 *
 * Each count is a fixed window: it starts with a key's first point and ends `windowSeconds`
 * later; a point after the end starts a new count.
 */

/** A key's count: its points, and when its window ends (ms since the epoch). */
type Count = { points: number; expire: number };

type Store = {
  /** Adds each item's points to its key's count, in one round trip, and answers the counts after. */
  add(items: { key: string; points: number; windowMs: number }[], now: number): Promise<Count[]>;
  /** The keys' counts whose window has not ended, null for the others. */
  read(keys: string[], now: number): Promise<(Count | null)[]>;
  /** Sets a key's count and the end of its window (a lockout). */
  set(key: string, count: Count, now: number): Promise<void>;
  remove(key: string): Promise<void>;
};

/** One point counted against a key: how many the key has spent in its window, and when the window ends. */
export type Consumed = { consumedPoints: number; msBeforeNext: number };

export type CountItem = {
  /** The count's name (which carries the settings that change its meaning) and the key counted, `name:key`. */
  key: string;
  /** The budget: points per window. */
  points: number;
  windowSeconds: number;
  /** Once a count goes past its points, its window restarts for this long (sign-in's lockout). */
  lockoutSeconds?: number;
};

type Batch = { next: number; last: number; expire: number };

type State = {
  memory: Map<string, Count>;
  /** Points reserved by this instance from a database's counts: the next to hand out, the last, the window's end (ms). */
  batches: WeakMap<Pool, { batches: Map<string, Batch>; refills: Map<string, Promise<void>> }>;
  redisClient?: { url: string; client: Redis };
  /** Counts this instance has seen spend their budget, by key: when their window ends (ms). */
  spent: Map<string, number>;
};

// Next.js may load this module more than once in one process; the counts in memory must be one set.
const state: State = ((globalThis as { __appLimits?: State }).__appLimits ??= {
  memory: new Map(),
  batches: new WeakMap(),
  spent: new Map(),
});

/** Drops the ended entries once a map holds 10,000 (then twice as many as remain), so they do not pile up. */
function sweeper<V>(map: Map<string, V>, endOf: (value: V) => number) {
  let sweepAt = 10_000;
  return (now: number) => {
    if (map.size < sweepAt) return;
    for (const [key, value] of map) if (endOf(value) <= now) map.delete(key);
    sweepAt = Math.max(10_000, 2 * map.size);
  };
}

const sweepMemory = sweeper(state.memory, (count) => count.expire);
const sweepSpent = sweeper(state.spent, (until) => until);

const memoryStore: Store = {
  async add(items, now) {
    sweepMemory(now);
    return items.map(({ key, points, windowMs }) => {
      const count = state.memory.get(key);
      const next =
        count && count.expire > now ? { points: count.points + points, expire: count.expire } : { points, expire: now + windowMs };
      state.memory.set(key, next);
      return next;
    });
  },
  async read(keys, now) {
    return keys.map((key) => {
      const count = state.memory.get(key);
      return count && count.expire > now ? count : null;
    });
  },
  async set(key, count) {
    state.memory.set(key, count);
  },
  async remove(key) {
    state.memory.delete(key);
  },
};

function postgresStore(pool: Pool): Store {
  return {
    async add(items, now) {
      const values = items.map((_, j) => `($${3 * j + 2}, $${3 * j + 3}::int, $${3 * j + 4}::bigint)`).join(", ");
      const params: unknown[] = [now];
      for (const { key, points, windowMs } of items) params.push(key, points, now + windowMs);
      const { rows } = await pool.query<{ key: string; points: number; expire: string }>(
        `INSERT INTO rate_limits (key, points, expire) VALUES ${values}
           ON CONFLICT (key) DO UPDATE SET
             points = CASE WHEN rate_limits.expire <= $1 THEN EXCLUDED.points ELSE rate_limits.points + EXCLUDED.points END,
             expire = CASE WHEN rate_limits.expire <= $1 THEN EXCLUDED.expire ELSE rate_limits.expire END
         RETURNING key, points, expire`,
        params,
      );
      const byKey = new Map(rows.map((row) => [row.key, { points: row.points, expire: Number(row.expire) }]));
      return items.map(({ key }) => byKey.get(key)!);
    },
    async read(keys, now) {
      const { rows } = await pool.query<{ key: string; points: number; expire: string }>(
        "SELECT key, points, expire FROM rate_limits WHERE key = ANY($1::text[]) AND expire > $2",
        [keys, now],
      );
      const byKey = new Map(rows.map((row) => [row.key, { points: row.points, expire: Number(row.expire) }]));
      return keys.map((key) => byKey.get(key) ?? null);
    },
    async set(key, { points, expire }) {
      await pool.query(`UPDATE rate_limits SET points = $2, expire = $3 WHERE key = $1`, [key, points, expire]);
    },
    async remove(key) {
      await pool.query("DELETE FROM rate_limits WHERE key = $1", [key]);
    },
  };
}

/** Adds ARGV[1] points to the count KEYS[1], starting a window of ARGV[2] ms if it has none; answers the count and the ms left. */
const REDIS_ADD = `redis.call('set', KEYS[1], 0, 'PX', ARGV[2], 'NX')
local points = redis.call('incrby', KEYS[1], ARGV[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl < 0 then
  redis.call('pexpire', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {points, ttl}`;

function redisClient(url: string): Redis {
  if (state.redisClient?.url !== url) {
    state.redisClient?.client.disconnect();
    // A command waits for a connection briefly, then fails: while Redis is away the caller answers 503, not a hang.
    const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: (times) => Math.min(times * 200, 2000) });
    client.on("error", () => {}); // reconnects by itself; each failed command reports its own error
    state.redisClient = { url, client };
  }
  return state.redisClient.client;
}

/** Sends a pipeline's commands in one round trip; throws the first command's error. */
async function answers(pipeline: ReturnType<Redis["pipeline"]>): Promise<unknown[]> {
  const results = (await pipeline.exec()) ?? [];
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

function redisStore(client: Redis): Store {
  return {
    async add(items, now) {
      const pipeline = client.pipeline();
      for (const { key, points, windowMs } of items) pipeline.eval(REDIS_ADD, 1, key, points, windowMs);
      return (await answers(pipeline)).map((answer) => {
        const [points, ttl] = answer as [number, number];
        return { points: Number(points), expire: now + Number(ttl) };
      });
    },
    async read(keys, now) {
      const pipeline = client.pipeline();
      for (const key of keys) pipeline.get(key).pttl(key);
      const all = await answers(pipeline);
      return keys.map((_, i) => {
        const [points, ttl] = [all[2 * i] as string | null, Number(all[2 * i + 1])];
        return points === null || ttl <= 0 ? null : { points: Number(points), expire: now + ttl };
      });
    },
    async set(key, { points, expire }, now) {
      await client.set(key, points, "PX", Math.max(1, expire - now));
    },
    async remove(key) {
      await client.del(key);
    },
  };
}

/** The store the counts live in now (REDIS_URL is read at each call), and the database's batches when it is PostgreSQL. */
async function currentStore(): Promise<{ store: Store; pool?: Pool }> {
  const redisUrl = env("REDIS_URL");
  if (redisUrl) return { store: redisStore(redisClient(redisUrl)) };
  const pool = await pgPool();
  return pool ? { store: postgresStore(pool), pool } : { store: memoryStore };
}

/**
 * Points an instance takes from a database's count at once, then hands out from memory: about 2 %
 * of the budget (one point, exact, for budgets under 100). A key can so spend up to that many
 * points more (or fewer) than its budget per instance and window, and a busy key costs the
 * database one statement per batch rather than one per request. A count with a lockout is read
 * back before each sign-in, so it is taken one point at a time.
 */
const batchOf = ({ points, lockoutSeconds }: CountItem) => (lockoutSeconds ? 1 : Math.max(1, Math.floor(points / 50)));

/**
 * Counts one point against each item's key, in one round trip to the store (on PostgreSQL, from
 * this instance's reserved batches, the keys whose batch is spent taking new ones together).
 * Never refuses: the caller compares `consumedPoints` with its budget. Throws when the store
 * cannot be reached. A count it sees spend its whole budget is noted for `knownSpent`; one that
 * goes past its points with a lockout is locked out from now.
 */
export async function countEach(items: CountItem[]): Promise<Consumed[]> {
  const { store, pool } = await currentStore();
  const counted = pool ? await countInBatches(store, pool, items) : await countOneByOne(store, items);
  for (const [i, item] of items.entries()) {
    const { consumedPoints } = counted[i];
    if (item.lockoutSeconds && consumedPoints > item.points && consumedPoints - 1 <= item.points) {
      const lockoutMs = item.lockoutSeconds * 1000;
      await store.set(item.key, { points: consumedPoints, expire: Date.now() + lockoutMs }, Date.now());
      counted[i] = { consumedPoints, msBeforeNext: lockoutMs };
    }
    if (consumedPoints >= item.points) noteSpent(item.key, Date.now() + counted[i].msBeforeNext);
  }
  return counted;
}

/** One point for each key, straight to the store (Redis, memory). */
async function countOneByOne(store: Store, items: CountItem[]): Promise<Consumed[]> {
  const now = Date.now();
  const counts = await store.add(
    items.map(({ key, windowSeconds }) => ({ key, points: 1, windowMs: windowSeconds * 1000 })),
    now,
  );
  return counts.map(({ points, expire }) => ({ consumedPoints: points, msBeforeNext: Math.max(0, expire - now) }));
}

async function countInBatches(store: Store, pool: Pool, items: CountItem[]): Promise<Consumed[]> {
  // Batches belong to the database they were taken from.
  let ours = state.batches.get(pool);
  if (!ours) state.batches.set(pool, (ours = { batches: new Map(), refills: new Map() }));
  const { batches, refills } = ours;
  const fromBatch = (key: string): Consumed | undefined => {
    const now = Date.now();
    const batch = batches.get(key);
    if (!batch || batch.expire <= now || batch.next > batch.last) return undefined;
    return { consumedPoints: batch.next++, msBeforeNext: batch.expire - now };
  };
  const results: (Consumed | undefined)[] = items.map(() => undefined);
  for (;;) {
    items.forEach(({ key }, i) => (results[i] ??= fromBatch(key)));
    const missing = items.filter((_, i) => results[i] === undefined);
    if (missing.length === 0) return results as Consumed[];
    // Requests arriving together wait for one refill and share it, rather than each taking a batch.
    const underWay = missing.map(({ key }) => refills.get(key)).filter((refill) => refill !== undefined);
    if (underWay.length) {
      await Promise.all(underWay);
      continue;
    }
    const refill = takeBatches(store, batches, missing);
    const settled = refill.then(
      () => {},
      () => {},
    );
    for (const { key } of missing) refills.set(key, settled);
    try {
      await refill;
    } finally {
      for (const { key } of missing) refills.delete(key);
    }
  }
}

/** Takes a new batch for each item's key from the database, in one statement. */
async function takeBatches(store: Store, batches: Map<string, Batch>, items: CountItem[]) {
  const now = Date.now();
  const counts = await store.add(
    items.map((item) => ({ key: item.key, points: batchOf(item), windowMs: item.windowSeconds * 1000 })),
    now,
  );
  items.forEach((item, i) => {
    // This instance now holds the points up to the count the database answered.
    batches.set(item.key, { next: counts[i].points - batchOf(item) + 1, last: counts[i].points, expire: counts[i].expire });
  });
}

/** The keys' counts now, without counting; null for a key with none in its window. Exact for counts with a lockout. */
export async function readEach(keys: string[]): Promise<(Consumed | null)[]> {
  const { store } = await currentStore();
  const now = Date.now();
  return (await store.read(keys, now)).map((count) =>
    count ? { consumedPoints: count.points, msBeforeNext: Math.max(0, count.expire - now) } : null,
  );
}

/** Forgets a key's count, in the store and in this instance. */
export async function clear(key: string): Promise<void> {
  const { store, pool } = await currentStore();
  await store.remove(key);
  if (pool) state.batches.get(pool)?.batches.delete(key);
  state.spent.delete(key);
}

function noteSpent(key: string, until: number) {
  sweepSpent(Date.now());
  state.spent.set(key, until);
}

/**
 * Milliseconds until the window ends of a count this instance has seen spend its whole budget
 * (through `countEach`), or 0: a check that costs no round trip, for refusing a request before
 * doing any work for it. Exact on one instance; with several, each learns that a count is spent
 * the next time it counts a point against it.
 */
export function knownSpent(key: string): number {
  const until = state.spent.get(key);
  if (until === undefined) return 0;
  const ms = until - Date.now();
  if (ms > 0) return ms;
  state.spent.delete(key);
  return 0;
}

/**
 * Tests: forget this process's batches and in-memory counts, as a freshly started instance would.
 * Counts kept in PostgreSQL or Redis stay, as they do across a restart.
 */
export function forgetLimits() {
  state.memory.clear();
  state.batches = new WeakMap();
  state.spent.clear();
}
