import { validationError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import { endSessions } from "@/lib/auth/session-claims";
import { recordSignInSuccess } from "@/lib/auth/throttle";
import type { Db } from "@/lib/db/client";
import { EMAIL_AS_PASSWORD, isPasswordLikeEmail } from "./password-policy";
import { consumeToken, tokenState, type TokenState } from "./tokens";

const LINK_REFUSED: Record<Exclude<TokenState["state"], "valid">, string> = {
  used: "This link was already used. Ask for a new one.",
  expired: "This link has expired. Ask for a new one.",
  unknown: "This link is not valid (a newer one may have replaced it). Ask for a new one.",
};

/** 400 on `token`, saying why the link opens nothing. */
export const linkRefused = (state: Exclude<TokenState["state"], "valid">) =>
  validationError([{ path: "token", message: LINK_REFUSED[state] }]);

/**
 * Sets a new password with a reset link's token. The token is used in the transaction that
 * changes the password, so a link works once however often it is sent at the same time; the
 * same transaction ends every session of the account (sessionVersion) and marks the address
 * verified (the person read the mail). Then the account's sign-in lockout is cleared. Answers the
 * account's address, to sign in with.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<{ email: string }> {
  // Checked before the password is hashed, so a dead link costs no hashing and says why it is dead.
  const state = await tokenState(db, input.token, "password_reset");
  if (state.state !== "valid") throw linkRefused(state.state);
  const { email } = await db.user.findUniqueOrThrow({ where: { id: state.userId }, select: { email: true } });
  if (isPasswordLikeEmail(input.password, email)) throw validationError([{ path: "password", message: EMAIL_AS_PASSWORD }]);
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, "password_reset");
    // Used or expired since the check above (another tab, the same link twice at once).
    if (!userId) {
      const now = (await tokenState(tx, input.token, "password_reset")).state;
      throw linkRefused(now === "valid" ? "used" : now);
    }
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { emailVerifiedAt: true } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() } });
    await endSessions(tx, userId);
  });
  await recordSignInSuccess(email);
  return { email };
}
