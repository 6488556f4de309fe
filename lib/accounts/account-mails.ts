import type { Tx } from "@/lib/db/client";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail } from "@/lib/mail/outbox";
import { renderMail } from "@/lib/mail/render";
import { emailVerificationMail } from "@/lib/mail/templates/email-verification";
import { passwordResetMail } from "@/lib/mail/templates/password-reset";
import { signUpAttemptMail } from "@/lib/mail/templates/sign-up-attempt";
import { issueToken, TOKEN_LIFETIME_SECONDS } from "./tokens";

/** Who an account mail goes to. */
export type Addressee = { id: string; email: string };

/**
 * The three mails about an account, each with a fresh single-use link, written to the outbox in
 * the caller's transaction: if the action rolls back, so do the token and the mail.
 */

export async function mailPasswordReset(tx: Tx, user: Addressee): Promise<void> {
  const { token } = await issueToken(tx, user.id, "password_reset");
  await enqueueMail(tx, {
    kind: "password_reset",
    to: user.email,
    content: passwordResetMail({
      email: user.email,
      link: appLink("/reset-password", { token }),
      validForSeconds: TOKEN_LIFETIME_SECONDS.password_reset,
    }),
  });
}

/** `next`: where the link leads once the address is confirmed (the page sign-up was asked from). */
export async function mailEmailVerification(tx: Tx, user: Addressee, next?: string): Promise<void> {
  const { token } = await issueToken(tx, user.id, "email_verification");
  await enqueueMail(tx, {
    kind: "email_verification",
    to: user.email,
    content: emailVerificationMail({
      email: user.email,
      link: appLink("/verify-email", { token, ...(next ? { next } : {}) }),
      validForSeconds: TOKEN_LIFETIME_SECONDS.email_verification,
    }),
  });
}

export async function mailSignUpAttempt(tx: Tx, user: Addressee): Promise<void> {
  const { token } = await issueToken(tx, user.id, "password_reset");
  await enqueueMail(tx, {
    kind: "sign_up_attempt",
    to: user.email,
    content: signUpAttemptMail({
      email: user.email,
      resetLink: appLink("/reset-password", { token }),
      signInLink: appLink("/sign-in"),
      validForSeconds: TOKEN_LIFETIME_SECONDS.password_reset,
    }),
  });
}

/**
 * The rendering work of a mail that is not sent (an address without an account asked for a
 * reset): done all the same, so the answer takes as long either way.
 */
export async function renderUnsentMail(email: string): Promise<void> {
  await renderMail(
    passwordResetMail({
      email,
      link: appLink("/reset-password", { token: "x".repeat(43) }),
      validForSeconds: TOKEN_LIFETIME_SECONDS.password_reset,
    }),
  );
}
