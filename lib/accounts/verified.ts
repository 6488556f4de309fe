import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";

/**
 * What an account may do before its owner has verified the email address: everything in the app
 * except what mails other people in its name (inviting people, mailing a proposal to a customer),
 * so that an address nobody controls cannot be used to send mail. docs/decisions/031.
 */
export async function isVerified(tx: Tx, userId: string): Promise<boolean> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return Boolean(user?.emailVerifiedAt);
}

/**
 * 403 `email_not_verified` (in both error shapes, decision 033) unless the caller's email address
 * is verified: the proposals service's `forbidden` is a 401, which would tell a caller who may act
 * that they may not.
 */
export async function assertVerified(tx: Tx, userId: string, action: string): Promise<void> {
  if (!(await isVerified(tx, userId))) {
    throw new AppError(
      "email_not_verified",
      `Verify your email address before ${action}: open the link we mailed you, or press "Resend" in the banner at the top of any page for a new one`,
    );
  }
}
