import { DbUnavailableError } from "@/lib/db/client";
import { env } from "@/lib/env";
import { clientAddress } from "./client-address";
import { AppError } from "./errors";
import { clear, countEach, forgetLimits, knownSpent as knownSpentKey, readEach, type Consumed } from "./limit-store";

/**
 * The app's one limits API: budgets counted per key (an API key, a client address, an account)
 * in a fixed window, in the store every instance shares (lib/api/limit-store.ts). API keys and
 * agents, recipients' pages and answers, failed keys (./address-limits.ts), account mails, sign-in
 * and sign-up (lib/auth/throttle.ts) all count through it.
 *
 * API keys and agent (MCP) calls are limited per key and per client address. Read from the
 * environment at each call, so a deployment (or a test) changes them without a restart. Browser
 * sessions are not limited here: the pages' own requests (autosave, previews) come in bursts, and
 * sign-in throttling guards how a session is obtained.
 */
export function rateLimitConfig() {
  return {
    perKey: env("API_RATE_LIMIT"),
    perAddress: env("API_RATE_LIMIT_PER_ADDRESS"),
    windowSeconds: env("API_RATE_LIMIT_WINDOW"),
  };
}

export type { Consumed };

/** Tests: forget this process's counts and batches, as a freshly started instance would have none. */
export const forgetRateLimiters = forgetLimits;

export type RateLimitHeaders = Record<string, string>;

function headersOf(limit: number, windowSeconds: number, res: Consumed): RateLimitHeaders {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(Math.max(0, limit - res.consumedPoints)),
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

  /** Seconds to wait, as Retry-After says. */
  get retryAfter(): number {
    return Number(this.headers["retry-after"]);
  }
}

/** So many points per window for each key (an API key, an address), its counts named by `name`. */
export type Budget = {
  name: string;
  points: number;
  windowSeconds: number;
  /** Once a key goes past its points, it stays spent this long from then (sign-in's lockout). Such counts are exact. */
  lockoutSeconds?: number;
};

export type Counted = { budget: Budget; key: string };

// A count belongs to its window's length: changing the window starts new counts.
const storeKey = ({ budget, key }: Counted) => `${budget.name}_${budget.windowSeconds}s:${key}`;

/** The 429 for a budget spent, `msBeforeNext` before its window ends. */
export function tooManyRequests(budget: Budget, spent: Consumed, message = "Too many requests"): RateLimitedError {
  const retryAfter = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
  const headers = headersOf(budget.points, budget.windowSeconds, spent);
  return new RateLimitedError(`${message}: try again in ${retryAfter} s`, { ...headers, "retry-after": String(retryAfter) });
}

/** Runs a call to the store; 503 when it cannot be reached, so nothing goes uncounted. */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // The database not being ready yet is said by GET /api/health; anything else is worth a log line.
    if (!(error instanceof DbUnavailableError)) console.error("[rate-limit]", error);
    throw new AppError("not_configured", "The service is not available: its rate-limit store cannot be reached.");
  }
}

/**
 * Counts one point against each budget's key, in one round trip to the store, and answers the
 * counts; 503 when the store cannot be reached.
 */
export async function countAgainst(items: Counted[]): Promise<Consumed[]> {
  return reaching(() =>
    countEach(
      items.map((item) => ({
        key: storeKey(item),
        points: item.budget.points,
        windowSeconds: item.budget.windowSeconds,
        lockoutSeconds: item.budget.lockoutSeconds,
      })),
    ),
  );
}

/** The same, and 429 for the first budget spent past its points. */
export async function limitEach(items: Counted[]): Promise<Consumed[]> {
  const counted = await countAgainst(items);
  items.forEach(({ budget }, i) => {
    if (counted[i].consumedPoints > budget.points) throw tooManyRequests(budget, counted[i]);
  });
  return counted;
}

/** Each budget's count of its key now, without counting (null when it has none in its window); 503 when the store cannot be reached. */
export async function readCounts(items: Counted[]): Promise<(Consumed | null)[]> {
  return reaching(() => readEach(items.map(storeKey)));
}

/** Forgets a key's count of a budget (a right password clears the account's failures). */
export async function clearCount(item: Counted): Promise<void> {
  await reaching(() => clear(storeKey(item)));
}

/**
 * Milliseconds until the window ends of a count this instance has seen spend its budget, or 0:
 * no round trip, for refusing a request before doing any work for it (lib/api/limit-store.ts).
 */
export const knownSpent = (item: Counted) => knownSpentKey(storeKey(item));

/**
 * Counts one request by an API key (or an agent) against its key's and its address's budget, in
 * one round trip to the store. Answers the headers to send with the response (the key's budget);
 * throws 429 when either is spent.
 */
export async function limitApiRequest(req: Request, apiKeyId: string): Promise<RateLimitHeaders> {
  const { perKey, perAddress, windowSeconds } = rateLimitConfig();
  const counted = await limitEach([
    { budget: { name: "api_address", points: perAddress, windowSeconds }, key: clientAddress(req.headers) },
    { budget: { name: "api_key", points: perKey, windowSeconds }, key: apiKeyId },
  ]);
  return headersOf(perKey, windowSeconds, counted[1]);
}
