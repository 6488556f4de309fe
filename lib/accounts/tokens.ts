import type { Tx } from "@/lib/db/client";
import type { UserTokenPurpose } from "@/lib/generated/prisma/client";
import { RANDOM_TOKEN_PATTERN } from "@/lib/security/token-format";
import { hashToken, randomToken } from "@/lib/security/tokens";

export type { UserTokenPurpose };

/**
 * How long a mailed link works (docs/decisions/031): a password reset hands the account over, so
 * an hour; a verification only proves the address, and people open such mails days later.
 */
export const TOKEN_LIFETIME_SECONDS: Record<UserTokenPurpose, number> = {
  password_reset: 60 * 60,
  email_verification: 7 * 24 * 60 * 60,
};

/** What the database keeps of a token (lib/security/tokens.ts): its SHA-256, so a copy of the table opens no account. */
export { hashToken };

export type IssuedToken = { token: string; expiresAt: Date };

/**
 * A new single-use token for the user, in the caller's transaction (the one that enqueues the mail
 * carrying it). The user's older unused tokens of the same purpose stop working: only the newest
 * mail's link opens anything.
 */
export async function issueToken(tx: Tx, userId: string, purpose: UserTokenPurpose, now = new Date()): Promise<IssuedToken> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_SECONDS[purpose] * 1000);
  await tx.userToken.deleteMany({ where: { userId, purpose, usedAt: null } });
  await tx.userToken.create({ data: { userId, purpose, tokenHash: hashToken(token), expiresAt } });
  return { token, expiresAt };
}

export type TokenState =
  | { state: "valid"; userId: string }
  | { state: "used"; userId: string }
  | { state: "expired"; userId: string }
  /** Malformed, altered, replaced by a newer one, or never issued. */
  | { state: "unknown" };

/** What a link's token is now, without using it: the pages say which of these it is. */
export async function tokenState(tx: Tx, token: string, purpose: UserTokenPurpose, now = new Date()): Promise<TokenState> {
  if (!RANDOM_TOKEN_PATTERN.test(token)) return { state: "unknown" };
  const row = await tx.userToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.purpose !== purpose) return { state: "unknown" };
  if (row.usedAt) return { state: "used", userId: row.userId };
  if (row.expiresAt <= now) return { state: "expired", userId: row.userId };
  return { state: "valid", userId: row.userId };
}

/**
 * Uses a token: one conditional UPDATE sets `used_at` if the token is unused and unexpired, in the
 * caller's transaction (with the change the token allows). Of two uses at once, the second's UPDATE
 * waits for the first's row lock and then finds `used_at` set: only one gets the user's id.
 * Null when the token opens nothing.
 */
export async function consumeToken(tx: Tx, token: string, purpose: UserTokenPurpose, now = new Date()): Promise<string | null> {
  if (!RANDOM_TOKEN_PATTERN.test(token)) return null;
  const used = await tx.userToken.updateManyAndReturn({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { userId: true },
  });
  return used[0]?.userId ?? null;
}
