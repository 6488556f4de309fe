import { clientAddress } from "./client-address";
import { AppError } from "./errors";
import { consumeEach, forgetLimiters, type Consumed } from "./limiter-store";

/**
 * Request limits for API keys and agent (MCP) calls, per key and per client address, in a fixed
 * window. Read from the environment at each call, so a deployment (or a test) changes them
 * without a restart. Browser sessions are not limited here: the pages' own requests (autosave,
 * previews) come in bursts, and sign-in throttling guards how a session is obtained. The counts
 * are shared by every instance (lib/api/limiter-store.ts).
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
}

/**
 * Counts one request by an API key (or an agent) against its key's and its address's budget, in
 * one round trip to the store. Answers the headers to send with the response (the key's budget);
 * throws 429 when either is spent.
 */
export async function limitApiRequest(req: Request, apiKeyId: string): Promise<RateLimitHeaders> {
  const { perKey, perAddress, windowSeconds } = rateLimitConfig();
  // A count belongs to its window's length: changing the window starts new counts.
  const budgets = [
    { name: "address", points: perAddress, key: clientAddress(req.headers) },
    { name: "key", points: perKey, key: apiKeyId },
  ];
  let counted: Consumed[];
  try {
    counted = await consumeEach(
      budgets.map(({ name, points, key }) => ({
        options: { keyPrefix: `api_${name}_${windowSeconds}s`, points, duration: windowSeconds },
        key,
      })),
    );
  } catch (error) {
    console.error("[rate-limit]", error);
    throw new AppError("not_configured", "The service is not available: its rate-limit store cannot be reached.");
  }
  budgets.forEach(({ points }, i) => {
    if (counted[i].consumedPoints <= points) return;
    const headers = headersOf(points, windowSeconds, counted[i]);
    const retryAfter = Math.max(1, Math.ceil(counted[i].msBeforeNext / 1000));
    throw new RateLimitedError(`Too many requests: try again in ${retryAfter} s`, { ...headers, "retry-after": String(retryAfter) });
  });
  return headersOf(perKey, windowSeconds, counted[1]);
}
