import { randomUUID } from "node:crypto";
import { getDb, type Db } from "@/lib/db/client";
import { limitAddress, type AddressLimit } from "./address-limits";
import { authenticateWith, type Caller, type ReadWithKey } from "./authenticate";
import { clientAddress } from "./client-address";
import { unauthorized } from "./errors";
import { limitApiRequest, RateLimitedError, type RateLimitHeaders } from "./rate-limit";
import { toAppError } from "./run-endpoint";
import { serviceError, type Service } from "./service";

/**
 * What a request must pass before its own work begins. Every way in states its rules here: the
 * REST routes (from their endpoint), the agent tools (an API key only) and the benchmark's floors.
 */
export type AdmissionRules<B = undefined> = {
  /** Open to anyone: nobody is looked up (sign-up, a recipient's answer). */
  isPublic?: boolean;
  /** Counted per client address before anything else: a public endpoint has no key to count against. */
  addressLimit?: AddressLimit;
  /** Only an API key gets in (the agent tools): no browser session, and a 401 says `WWW-Authenticate: Bearer`. */
  isKeyOnly?: boolean;
  /**
   * Whether a request with an API key counts against the key's budget (lib/api/rate-limit.ts).
   * Always, but for the benchmark's key-lookup floor, which measures the lookup alone (bench/README.md).
   */
  isKeyLimited?: boolean;
  /** The endpoint's read that rides with the key lookup (lib/api/authenticate.ts `ReadWithKey`). */
  readWithKey?: ReadWithKey;
  /** Reads the body as part of getting in: a body too large or unreadable is refused like the rest. */
  readBody?: (req: Request) => Promise<B>;
};

export type Admitted<B = undefined, C extends Caller | null = Caller | null> = {
  /** Names the request in its answer (X-Request-Id) and in the log of a failure. */
  requestId: string;
  db: Db;
  /** Null only when the rules say public. */
  caller: C;
  /** What `readWithKey` read with the key; undefined when it did not run. */
  prefetched?: string | null;
  /** The key's RateLimit headers, for the answer: none for a session or a public request. */
  limitHeaders: RateLimitHeaders;
  /** What `readBody` read. */
  body: B;
};

/** A JSON answer naming its request, never cached. */
export function jsonResponse(status: number, body: unknown, requestId: string, extra: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
      ...extra,
    },
  });
}

/** Anything thrown, answered in the service's error shape: a 429 with Retry-After and the RateLimit headers. */
export function errorResponse(service: Service, error: unknown, requestId: string): Response {
  const { status, body } = serviceError(service, toAppError(error, requestId));
  return jsonResponse(status, body, requestId, error instanceof RateLimitedError ? error.headers : {});
}

/**
 * Lets a request in, or answers it: the database, the address's limit, who is asking (a request
 * without a valid key is 401 whatever its body), the key's rate limit, then the body if the rules
 * read it. Every refusal is in the service's error shape with a request id.
 */
export function admit<B = undefined>(
  req: Request,
  service: Service,
  rules?: AdmissionRules<B> & { isPublic?: false },
): Promise<Admitted<B, Caller> | Response>;
export function admit<B = undefined>(req: Request, service: Service, rules: AdmissionRules<B>): Promise<Admitted<B> | Response>;
export async function admit<B = undefined>(req: Request, service: Service, rules: AdmissionRules<B> = {}): Promise<Admitted<B> | Response> {
  const requestId = randomUUID();
  try {
    const db = await getDb();
    if (rules.addressLimit) await limitAddress(rules.addressLimit, clientAddress(req.headers));
    let caller: Caller | null = null;
    let prefetched: string | null | undefined;
    if (!rules.isPublic) {
      if (rules.isKeyOnly && !req.headers.get("authorization")) throw unauthorized('Send an API key as "Authorization: Bearer <key>"');
      ({ caller, read: prefetched } = await authenticateWith(req, db, rules.readWithKey));
    }
    const keyId = rules.isKeyLimited === false ? null : caller?.apiKeyId;
    const limitHeaders = keyId ? await limitApiRequest(req, keyId) : {};
    const body = rules.readBody ? await rules.readBody(req) : (undefined as B);
    return { requestId, db, caller, prefetched, limitHeaders, body };
  } catch (error) {
    const response = errorResponse(service, error, requestId);
    if (rules.isKeyOnly && response.status === 401) response.headers.set("www-authenticate", "Bearer");
    return response;
  }
}
