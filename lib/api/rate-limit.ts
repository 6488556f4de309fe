import { env } from "@/lib/env";
import { clientAddress } from "./client-address";
import { AppError } from "./errors";
import { consumeEach, forgetLimiters, type Consumed, type LimiterOptions } from "./limiter-store";

/**
 * Request limits for API keys and agent (MCP) calls, per key and per client address, in a fixed
 * window. Read from the environment at each call, so a deployment (or a test) changes them
 * without a restart. Browser sessions are not limited here: the pages' own requests (autosave,
 * previews) come in bursts, and sign-in throttling guards how a session is obtained. The counts
 * are shared by every instance (lib/api/limiter-store.ts).
 */
export function rateLimitConfig() {
  return {
    perKey: env("API_RATE_LIMIT"),
    perAddress: env("API_RATE_LIMIT_PER_ADDRESS"),
    windowSeconds: env("API_RATE_LIMIT_WINDOW"),
  };
}

/** Tests: forget this process's limiter objects, as a freshly started instance would have none. */
export const forgetRateLimiters = forgetLimiters;

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
export type Budget = { name: string; points: number; windowSeconds: number };

// A count belongs to its window's length: changing the window starts new counts.
export const limiterOptions = ({ name, points, windowSeconds }: Budget): LimiterOptions => ({
  keyPrefix: `${name}_${windowSeconds}s`,
  points,
  duration: windowSeconds,
});

/** The 429 for a budget spent, `msBeforeNext` before its window ends. */
export function tooManyRequests(budget: Budget, spent: Consumed, message = "Too many requests"): RateLimitedError {
  const retryAfter = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
  const headers = headersOf(budget.points, budget.windowSeconds, spent);
  return new RateLimitedError(`${message}: try again in ${retryAfter} s`, { ...headers, "retry-after": String(retryAfter) });
}

export type Counted = { budget: Budget; key: string };

/**
 * Counts one point against each budget's key, in one round trip to the store, and answers the
 * counts; 503 when the store cannot be reached, so nothing goes uncounted.
 */
export async function countAgainst(items: Counted[]): Promise<Consumed[]> {
  try {
    return await consumeEach(items.map(({ budget, key }) => ({ options: limiterOptions(budget), key })));
  } catch (error) {
    console.error("[rate-limit]", error);
    throw new AppError("not_configured", "The service is not available: its rate-limit store cannot be reached.");
  }
}

/** The same, and 429 for the first budget spent past its points. */
export async function limitEach(items: Counted[]): Promise<Consumed[]> {
  const counted = await countAgainst(items);
  items.forEach(({ budget }, i) => {
    if (counted[i].consumedPoints > budget.points) throw tooManyRequests(budget, counted[i]);
  });
  return counted;
}

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
