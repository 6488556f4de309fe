import { decode } from "next-auth/jwt";
import type { Db } from "@/lib/db/client";
import { servedOverHttps, sessionCookieName } from "@/lib/auth/cookies";
import { authSecret } from "@/lib/auth/secret";
import { sessionUser, type SessionClaims } from "@/lib/auth/session-claims";
import { digestApiKey, digestsEqual, looksLikeApiKey } from "@/lib/auth/api-key-secret";
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
};

// last_used_at is a hint, not an audit log: one write a minute per key at most.
const LAST_USED_RESOLUTION_MS = 60_000;

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0) cookies.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
  }
  if (cookies.has(name)) return cookies.get(name);
  // next-auth splits large tokens into name.0, name.1, ...
  const chunks: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
  return chunks.length ? chunks.join("") : undefined;
}

async function sessionClaims(req: Request): Promise<SessionClaims | undefined> {
  // Over https only the __Host- cookie counts: a plain-named one may have been planted over http.
  const token = readCookie(req.headers.get("cookie"), sessionCookieName(servedOverHttps(req.headers)));
  if (!token) return undefined;
  try {
    const payload = await decode({ token, secret: authSecret() });
    return payload?.sub ? payload : undefined;
  } catch {
    // A stale or forged cookie is no session.
    return undefined;
  }
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

export async function authenticate(req: Request, db: Db): Promise<Caller> {
  const header = req.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Malformed Authorization header: expected "Bearer <API key>"');
    const token = match[1];
    if (!looksLikeApiKey(token)) throw unauthorized("Invalid API key");
    const digest = digestApiKey(token);
    // Key and owner in one statement, and only what a caller needs (never the password hash).
    const key = await db.apiKey.findUnique({
      where: { keyHash: digest },
      select: {
        id: true,
        name: true,
        keyPrefix: true,
        keyHash: true,
        revokedAt: true,
        lastUsedAt: true,
        user: { select: { id: true, name: true, email: true } },
      },
    });
    if (!key || !digestsEqual(key.keyHash, digest)) throw unauthorized("Invalid API key");
    if (key.revokedAt) throw unauthorized("This API key has been revoked");
    const now = Date.now();
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } });
    }
    return {
      userId: key.user.id,
      name: key.user.name,
      email: key.user.email,
      via: "api_key",
      apiKeyId: key.id,
      apiKey: { name: key.name, prefix: key.keyPrefix },
    };
  }
  const claims = await sessionClaims(req);
  if (!claims) throw unauthorized('Sign in, or send an API key as "Authorization: Bearer <key>"');
  const user = await sessionUser(db, claims);
  if (!user) throw unauthorized("Your session has ended; sign in again");
  assertSameOrigin(req);
  return { userId: user.id, name: user.name, email: user.email, via: "session", apiKeyId: null, apiKey: null };
}
