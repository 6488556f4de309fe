import { hashPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";
import { mailEmailVerification, mailSignUpAttempt } from "./account-mails";
import { insertUser } from "./create-user";
import { mayMailAccount } from "./mail-limits";
import { NEUTRAL_ANSWER_MS, takingAtLeast } from "./neutral-time";

export type SignUpInput = { email: string; password: string; name: string; next?: string };

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "P2002";

/**
 * Sign-up, answered the same for a new and a known address (docs/decisions/031). A new address
 * gets an unverified account and a verification mail. A known one changes nothing: its owner gets
 * "someone tried to sign up with your address" with a reset link, at most as often as the
 * address's mail budget allows. Either way the password is hashed and a mail is written, and the
 * answer takes at least NEUTRAL_ANSWER_MS.
 */
export async function signUp(db: Db, input: SignUpInput): Promise<void> {
  await takingAtLeast(NEUTRAL_ANSWER_MS, async () => {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const mayMail = await mayMailAccount(email);
    let owner = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
    if (!owner) {
      try {
        await db.$transaction(async (tx) => {
          const { user } = await insertUser(tx, { email, name: input.name, passwordHash }, { verified: false });
          // A new account's one verification mail goes out whatever the budget: only "Resend" counts against it.
          await mailEmailVerification(tx, user, input.next);
        });
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another sign-up with this address committed first: it is a known address now.
        owner = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, email: true } });
      }
    }
    const known = owner;
    if (mayMail) await db.$transaction((tx) => mailSignUpAttempt(tx, known));
  });
}
