import { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { digestApiKey, digestsEqual, looksLikeApiKey } from "@/lib/auth/api-key-secret";
import { servedOverHttps, sessionCookieName } from "@/lib/auth/cookies";
import { authSecret } from "@/lib/auth/secret";
import { sessionUser, type SessionClaims } from "@/lib/auth/session-claims";
import { queryRows, type Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { countKeyFailure, refuseKeysPastFailures } from "./address-limits";
import { clientAddress } from "./client-address";
import { AppError, unauthorized } from "./errors";

export type Caller = {
  userId: string;
  name: string;
  email: string;
  /** How the request proved who it is: a person in the browser, or a client with an API key. */
  via: "session" | "api_key";
  apiKeyId: string | null;
  /** The key's name and prefix, for the audit trail. */
  apiKey: { name: string; prefix: string } | null;
  /**
   * A key restricted to `suggest`: it reads, comments and suggests, and every other write answers
   * 403 `forbidden_scope` (lib/api/run-endpoint.ts, docs/decisions/060). Absent for a full key and a person.
   */
  suggestOnly?: boolean;
};

// last_used_at is a hint, not an audit log: one write a minute per key at most.
const LAST_USED_RESOLUTION_MS = 60_000;

async function sessionClaims(req: Request): Promise<SessionClaims | undefined> {
  // Over https only the __Host- cookie counts: a plain-named one may have been planted over http.
  // getToken joins a token next-auth split into name.0, name.1, … and reads a stale or forged
  // cookie as no session. It is only asked when there is no Authorization header (a key caller is
  // decided above), so its fallback of reading a Bearer token as a session never applies.
  const payload = await getToken({
    req: req instanceof NextRequest ? req : new NextRequest(req.url, { headers: req.headers }),
    cookieName: sessionCookieName(servedOverHttps(req.headers)),
    secret: authSecret(),
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  });
  return payload?.sub ? payload : undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Cookies ride along on cross-site requests; a state change by session must come from our own pages. */
function assertSameOrigin(req: Request) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw new AppError("forbidden", "Cross-site request refused");
  if (origin) {
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (!host || originHost !== host) throw new AppError("forbidden", "Cross-site request refused");
  }
}

/**
 * A read sent in the same statement as the API-key lookup, for a hot single read whose whole
 * request is then one round trip: SQL for one text value (or NULL), given SQL that names the key
 * owner's user id. It runs only for a key that exists and is not revoked.
 */
export type ReadWithKey = (userId: Prisma.Sql) => Prisma.Sql;

type KeyRow = {
  id: string;
  name: string;
  key_prefix: string;
  key_hash: string;
  revoked_at: Date | null;
  last_used_at: Date | null;
  scope: "full" | "suggest";
  user_id: string;
  user_name: string;
  email: string;
  read: string | null;
};

async function keyCaller(db: Db, header: string, read?: ReadWithKey): Promise<{ caller: Caller; read?: string | null }> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('Malformed Authorization header: expected "Bearer <API key>"');
  const token = match[1];
  if (!looksLikeApiKey(token)) throw unauthorized("Invalid API key");
  const digest = digestApiKey(token);
  // Key and owner in one statement, and only what a caller needs (never the password hash).
  const [key] = await queryRows<KeyRow>(
    db,
    Prisma.sql`
    SELECT k.id, k.name, k.key_prefix, k.key_hash, k.revoked_at, k.last_used_at, k.scope::text AS scope, u.id AS user_id, u.name AS user_name, u.email,
      ${read ? Prisma.sql`CASE WHEN k.revoked_at IS NULL THEN (${read(Prisma.raw("u.id"))}) END` : Prisma.sql`NULL`}::text AS read
    FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ${digest}`,
  );
  if (!key || !digestsEqual(key.key_hash, digest)) throw unauthorized("Invalid API key");
  if (key.revoked_at) throw unauthorized("This API key has been revoked");
  const now = Date.now();
  if (!key.last_used_at || now - key.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } });
  }
  const caller: Caller = {
    userId: key.user_id,
    name: key.user_name,
    email: key.email,
    via: "api_key",
    apiKeyId: key.id,
    apiKey: { name: key.name, prefix: key.key_prefix },
    ...(key.scope === "suggest" ? { suggestOnly: true } : {}),
  };
  return { caller, read: read ? key.read : undefined };
}

/**
 * A key caller, unless the request's address has spent its budget of failed keys (429, the key
 * not looked up). A malformed header, an unknown or a revoked key counts against that budget.
 */
async function keyCallerFrom(req: Request, db: Db, header: string, read?: ReadWithKey): Promise<{ caller: Caller; read?: string | null }> {
  const address = clientAddress(req.headers);
  refuseKeysPastFailures(address);
  try {
    return await keyCaller(db, header, read);
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthorized") await countKeyFailure(address);
    throw error;
  }
}

/**
 * Who is asking: an API key (Authorization: Bearer) or the browser's session. With `read`, a key
 * caller's lookup also answers that read (`read` in the result; undefined for a session caller,
 * whose request reads the usual way).
 */
export async function authenticateWith(req: Request, db: Db, read?: ReadWithKey): Promise<{ caller: Caller; read?: string | null }> {
  const header = req.headers.get("authorization");
  if (header !== null) return keyCallerFrom(req, db, header, read);
  const claims = await sessionClaims(req);
  if (!claims) throw unauthorized('Sign in, or send an API key as "Authorization: Bearer <key>"');
  const user = await sessionUser(db, claims);
  if (!user) throw unauthorized("Your session has ended; sign in again");
  assertSameOrigin(req);
  return { caller: { userId: user.id, name: user.name, email: user.email, via: "session", apiKeyId: null, apiKey: null } };
}
