import type { Tx } from "@/lib/db/client";

/** A session ends after this long without the app being used (the cookie slides on each visit). */
export const SESSION_IDLE_SECONDS = 24 * 60 * 60;
/** And this long after sign-in, however active. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** What our session cookie carries besides next-auth's own claims. */
export type SessionClaims = { sub?: string; sv?: unknown; signedInAt?: unknown };

/** Thrown from next-auth's jwt callback: next-auth then clears the cookie and answers no session. */
export const SESSION_ENDED = "Session ended";

/**
 * The one check of a session cookie's claims, used by API authentication and by server pages
 * (through next-auth's jwt callback): the user still exists, has not signed out since (the
 * session version), and signed in less than the lifetime ago. The idle timeout is the JWT's own
 * expiry, checked when the cookie is decoded.
 */
export async function sessionUser(db: Tx, claims: SessionClaims, now = Date.now()) {
  if (!claims.sub || typeof claims.sv !== "number" || typeof claims.signedInAt !== "number") return null;
  if (now / 1000 - claims.signedInAt > SESSION_LIFETIME_SECONDS) return null;
  const user = await db.user.findUnique({
    where: { id: claims.sub },
    select: { id: true, name: true, email: true, sessionVersion: true },
  });
  if (!user || user.sessionVersion !== claims.sv) return null;
  return user;
}

/** Ends every session of the user (sign-out, and a password change when there is one). */
export async function endSessions(db: Tx, userId: string) {
  await db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
