import type { Db } from "@/lib/db/client";
import { mailEmailVerification } from "./account-mails";
import { limitAccountMail } from "./mail-limits";
import { consumeToken, tokenState } from "./tokens";

export type VerifyOutcome =
  /** The address is verified now, or already was (a mail scanner may have opened the link first). */
  { result: "verified"; userId: string } | { result: "expired" | "unknown" };

/**
 * Verifies an address with a verification link's token, used in the same transaction. A link
 * used before, of an account that is verified, is answered as verified: link checkers in mail
 * systems open links before their reader does.
 */
export async function verifyEmail(db: Db, token: string): Promise<VerifyOutcome> {
  return db.$transaction(async (tx) => {
    const userId = await consumeToken(tx, token, "email_verification");
    if (userId) {
      await tx.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: new Date() } });
      return { result: "verified", userId };
    }
    const state = await tokenState(tx, token, "email_verification");
    if (state.state === "unknown") return { result: "unknown" };
    const user = await tx.user.findUnique({ where: { id: state.userId }, select: { emailVerifiedAt: true } });
    if (user?.emailVerifiedAt) return { result: "verified", userId: state.userId };
    return { result: state.state === "used" ? "unknown" : "expired" };
  });
}

/**
 * "Resend" in the banner: a new verification link to the signed-in user's address, unless it is
 * verified already (then nothing is sent, and the answer is the same). Counted against the
 * address's mail budget: 429 when spent.
 */
export async function resendVerification(db: Db, userId: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true } });
  if (user.emailVerifiedAt) return;
  await limitAccountMail(user.email);
  await db.$transaction((tx) => mailEmailVerification(tx, user));
}
