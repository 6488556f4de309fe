import type { MailContent } from "../content";
import { describeDuration } from "./duration";
import { PRODUCT_NAME } from "./layout";

export type PasswordResetFacts = {
  /** The account's address: the mail goes there and says so. */
  email: string;
  /** /reset-password?token=… on APP_URL. */
  link: string;
  /** How long the link works, in seconds. */
  validForSeconds: number;
};

/**
 * "Forgot password?" answered. No name in it: whoever signed up with an address chose the name,
 * and this mail goes to the address's owner (docs/decisions/031).
 */
export function passwordResetMail({ email, link, validForSeconds }: PasswordResetFacts): MailContent {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    heading: "Reset your password",
    paragraphs: [
      `Someone, we hope you, asked to reset the password of your ${PRODUCT_NAME} account.`,
      "Choose a new password with the button below. Choosing one signs you out everywhere else.",
    ],
    action: { label: "Choose a new password", url: link },
    after: [
      `The link works once, for ${describeDuration(validForSeconds)}. After that, ask for a new one with "Forgot password?" on the sign-in page.`,
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ],
    reason: `You got this mail because a password reset was asked for the ${PRODUCT_NAME} account of ${email}.`,
  };
}
