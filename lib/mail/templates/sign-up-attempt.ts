import type { MailContent } from "../content";
import { describeDuration } from "./duration";
import { PRODUCT_NAME } from "./layout";

export type SignUpAttemptFacts = {
  /** The address someone tried to sign up with, which already has an account. */
  email: string;
  /** /reset-password?token=… on APP_URL. */
  resetLink: string;
  /** /sign-in on APP_URL. */
  signInLink: string;
  /** How long the reset link works, in seconds. */
  validForSeconds: number;
};

/**
 * Sign-up with an address that has an account answers as for a new one ("check your inbox"), so
 * it tells nobody whether the address is known; the owner gets this instead, with a way back in.
 */
export function signUpAttemptMail({ email, resetLink, signInLink, validForSeconds }: SignUpAttemptFacts): MailContent {
  return {
    subject: `Someone tried to sign up for ${PRODUCT_NAME} with your address`,
    heading: "You already have an account",
    paragraphs: [
      `Someone just tried to create a ${PRODUCT_NAME} account with this address. You already have one, so nothing was created and nothing about your account changed.`,
      `If it was you, sign in at ${signInLink}. If you have forgotten your password, choose a new one:`,
    ],
    action: { label: "Choose a new password", url: resetLink },
    after: [
      `The link works once, for ${describeDuration(validForSeconds)}.`,
      "If it was not you, ignore this mail: your account and your password stay as they are.",
    ],
    reason: `You got this mail because the address ${email} was entered on ${PRODUCT_NAME}'s sign-up page.`,
  };
}
