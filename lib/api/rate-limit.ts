import type { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { pgPool } from "@/lib/db/client";
import { clientAddress } from "./client-address";
import { AppError } from "./errors";

/**
 * Request limits for API keys and agent (MCP) calls, per key and per client address, in a fixed
 * window. Read from the environment at each call, so a deployment (or a test) changes them
 * without a restart. Browser sessions are not limited here: the pages' own requests (autosave,
 * previews) come in bursts, and sign-in throttling guards how a session is obtained.
 */
export function rateLimitConfig() {
  const positive = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    perKey: Math.floor(positive("API_RATE_LIMIT", 600)),
    perAddress: Math.floor(positive("API_RATE_LIMIT_PER_ADDRESS", 1200)),
    windowSeconds: positive("API_RATE_LIMIT_WINDOW", 60),
  };
}

type Limiter = RateLimiterAbstract;

// One set of limiters per store (the embedded database's memory, or a PostgreSQL pool) and settings.
const memoryLimiters = new Map<string, Limiter>();
let poolLimiters = new WeakMap<Pool, Map<string, Promise<Limiter>>>();

/** Limits live in PostgreSQL when the app runs on it (table `rate_limits`), so every instance counts against one budget. */
async function limiter(name: string, points: number, windowSeconds: number): Promise<Limiter> {
  const id = `${name}:${points}:${windowSeconds}`;
  // A count belongs to its window's length: changing the window starts new counts.
  const options = { keyPrefix: `api_${name}_${windowSeconds}s`, points, duration: windowSeconds };
  const pool = await pgPool();
  if (!pool) {
    let found = memoryLimiters.get(id);
    if (!found) memoryLimiters.set(id, (found = new RateLimiterMemory(options)));
    return found;
  }
  let byId = poolLimiters.get(pool);
  if (!byId) poolLimiters.set(pool, (byId = new Map()));
  let found = byId.get(id);
  if (!found) {
    found = new Promise<Limiter>((resolve, reject) => {
      // The library creates its table (IF NOT EXISTS; a concurrent creator is tolerated) before the first use.
      const created: Limiter = new RateLimiterPostgres(
        { ...options, storeClient: pool, storeType: "pool", tableName: "rate_limits", clearExpiredByTimeout: false },
        (error?: unknown) => (error ? reject(error) : resolve(created)),
      );
    });
    byId.set(id, found);
    found.catch(() => byId.delete(id));
  }
  return found;
}

/** Tests: forget this process's limiter objects, as a freshly started instance would have none. */
export function forgetRateLimiters() {
  memoryLimiters.clear();
  poolLimiters = new WeakMap();
}

export type RateLimitHeaders = Record<string, string>;

function headersOf(limit: number, windowSeconds: number, res: RateLimiterRes): RateLimitHeaders {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(Math.max(0, res.remainingPoints)),
    "ratelimit-reset": String(reset),
    "ratelimit-policy": `${limit};w=${windowSeconds}`,
  };
}

/** 429 with the headers a client needs to wait: Retry-After and the RateLimit fields. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly headers: RateLimitHeaders,
  ) {
    super("rate_limited", message);
  }
}

async function consume(name: string, points: number, windowSeconds: number, key: string): Promise<RateLimitHeaders> {
  const store = await limiter(name, points, windowSeconds);
  try {
    return headersOf(points, windowSeconds, await store.consume(key));
  } catch (rejected) {
    if (!(rejected instanceof RateLimiterRes)) throw rejected;
    const headers = headersOf(points, windowSeconds, rejected);
    const retryAfter = Math.max(1, Math.ceil(rejected.msBeforeNext / 1000));
    throw new RateLimitedError(`Too many requests: try again in ${retryAfter} s`, { ...headers, "retry-after": String(retryAfter) });
  }
}

/**
 * Counts one request by an API key (or an agent) against its key's and its address's budget.
 * Answers the headers to send with the response (the key's budget); throws 429 when either is spent.
 */
export async function limitApiRequest(req: Request, apiKeyId: string): Promise<RateLimitHeaders> {
  const { perKey, perAddress, windowSeconds } = rateLimitConfig();
  await consume("address", perAddress, windowSeconds, clientAddress(req.headers));
  return consume("key", perKey, windowSeconds, apiKeyId);
}
