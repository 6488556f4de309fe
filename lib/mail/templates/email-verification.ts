import type { MailContent } from "../content";
import { describeDuration } from "./duration";
import { PRODUCT_NAME } from "./layout";

export type EmailVerificationFacts = {
  /** The address to verify: the mail goes there and says so. */
  email: string;
  /** /verify-email?token=… on APP_URL. */
  link: string;
  /** How long the link works, in seconds. */
  validForSeconds: number;
};

/**
 * Sent when an account is made by sign-up, and again on "Resend". It carries no text the person
 * who signed up typed (not even the name): they may not be the address's owner.
 */
export function emailVerificationMail({ email, link, validForSeconds }: EmailVerificationFacts): MailContent {
  return {
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    heading: "Confirm your email address",
    paragraphs: [
      `Welcome to ${PRODUCT_NAME}. Please confirm that this address is yours.`,
      "Until you do, you can use everything except what sends mail to other people in your name: inviting people and mailing proposals.",
    ],
    action: { label: "Confirm my address", url: link },
    after: [
      `The link works for ${describeDuration(validForSeconds)}. If it has expired, sign in and press "Resend" at the top of any page.`,
      "If you did not create this account, ignore this mail: without the link nobody can confirm this address.",
    ],
    reason: `You got this mail because someone created a ${PRODUCT_NAME} account with the address ${email}.`,
  };
}
