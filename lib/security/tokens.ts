import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { authSecret } from "@/lib/auth/secret";

/**
 * The app's one kit for secrets in links (docs/decisions/053):
 * - a random token, of which only the SHA-256 is stored (account links, invitations): a copy of
 *   the table opens nothing;
 * - signed claims, stored nowhere (unsubscribe and export links): base64url(JSON claims) + "." +
 *   base64url(HMAC-SHA256 with AUTH_SECRET over `purpose NUL payload`), so a link needs no table
 *   and cannot be altered. Each purpose signs with its own prefix and names itself in the claims:
 *   a token made for one purpose is never taken for another. A new AUTH_SECRET ends every one.
 */

/** A new random token: 32 bytes, base64url (`RANDOM_TOKEN_PATTERN`). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** What the database keeps of a random token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** Everything the app signs, one purpose each. */
export type SigningPurpose = "course-export" | "notification-unsubscribe";

/**
 * The HMAC of `message` for this purpose. Only for tokens whose format predates `signClaims`
 * (unsubscribe links already mailed); new tokens are `signClaims`.
 */
export const purposeSignature = (purpose: SigningPurpose, message: string) =>
  createHmac("sha256", authSecret()).update(`${purpose}\u0000${message}`).digest();

/** Whether `signed` is exactly the base64url of `expected`, compared in constant time. */
export function isSignature(signed: string, expected: Buffer): boolean {
  const given = Buffer.from(signed, "base64url");
  // base64url decoding skips characters it does not know: the token must be exactly what we wrote.
  return given.length === expected.length && given.toString("base64url") === signed && timingSafeEqual(given, expected);
}

/**
 * A token carrying these claims, signed for this purpose; the claims start with `purpose`. Claims
 * are written as given, so a test can forge one that names another purpose: `readClaims` refuses it.
 */
export function signClaims(purpose: SigningPurpose, claims: object): string {
  const payload = Buffer.from(JSON.stringify({ purpose, ...claims })).toString("base64url");
  return `${payload}.${purposeSignature(purpose, payload).toString("base64url")}`;
}

/** Whether this app signed the token for this purpose, whatever its claims say (expired or not). */
export function isSignedFor(purpose: SigningPurpose, token: string): boolean {
  const [payload, signed, ...rest] = token.split(".");
  if (!payload || !signed || rest.length) return false;
  return isSignature(signed, purposeSignature(purpose, payload));
}

/**
 * The claims of a token this app signed for this purpose, read with the purpose's schema; null for
 * anything else (malformed, altered, signed elsewhere or for another purpose, claims of another
 * shape). Expiry is the caller's: it knows what an expired link should say.
 */
export function readClaims<Schema extends z.ZodType>(purpose: SigningPurpose, token: string, schema: Schema): z.output<Schema> | null {
  if (!isSignedFor(purpose, token)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof decoded !== "object" || decoded === null || (decoded as { purpose?: unknown }).purpose !== purpose) return null;
  const claims = schema.safeParse(decoded);
  return claims.success ? claims.data : null;
}
