import type { Db } from "@/lib/db/client";
import { mailPasswordReset, renderUnsentMail } from "./account-mails";
import { limitAccountMail } from "./mail-limits";
import { NEUTRAL_ANSWER_MS, takingAtLeast } from "./neutral-time";

/**
 * "Forgot password?": a reset link to the address if it has an account, nothing otherwise, and
 * the same answer either way, in at least NEUTRAL_ANSWER_MS (an unknown address renders the mail
 * it does not send). The address's mail budget is counted first, known or not, so a 429 tells
 * nothing about it either.
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await limitAccountMail(address);
  await takingAtLeast(NEUTRAL_ANSWER_MS, async () => {
    const user = await db.user.findUnique({ where: { email: address }, select: { id: true, email: true } });
    if (user) await db.$transaction((tx) => mailPasswordReset(tx, user));
    else await renderUnsentMail(address);
  });
}
