import { describe, expect, it } from "vitest";
import { renderMail } from "../render";
import { describeDuration } from "./duration";
import { emailVerificationMail } from "./email-verification";
import { PRODUCT_NAME } from "./layout";
import { passwordResetMail } from "./password-reset";
import { signUpAttemptMail } from "./sign-up-attempt";

const link = (path: string) => `https://courses.example.test${path}?token=${"a".repeat(43)}`;

const MAILS = {
  password_reset: passwordResetMail({ email: "ada@example.test", link: link("/reset-password"), validForSeconds: 3600 }),
  email_verification: emailVerificationMail({ email: "ada@example.test", link: link("/verify-email"), validForSeconds: 7 * 86400 }),
  sign_up_attempt: signUpAttemptMail({
    email: "ada@example.test",
    resetLink: link("/reset-password"),
    signInLink: "https://courses.example.test/sign-in",
    validForSeconds: 3600,
  }),
};

describe("[MAIL] account mails", () => {
  it.each(Object.entries(MAILS))(
    "%s names the product, has one action with its link written out, says why it came and how long the link works",
    async (_, content) => {
      const { subject, text, html } = await renderMail(content);
      expect(subject).toContain(PRODUCT_NAME);
      expect(content.action?.url).toMatch(/^https:\/\/courses\.example\.test\//);
      // The link is in the text part (for clients without buttons) and behind the HTML button.
      expect(text).toContain(content.action!.url);
      expect(html).toContain(`href="${content.action!.url}"`);
      expect(text).toContain("ada@example.test");
      expect(text).toMatch(/You got this mail because/);
      expect(text).toMatch(/works (once, )?for (1 hour|7 days)/);
    },
  );

  it("the reset links say they work once, the verification link for 7 days", async () => {
    expect((await renderMail(MAILS.password_reset)).text).toMatch(/works once, for 1 hour/);
    expect((await renderMail(MAILS.sign_up_attempt)).text).toMatch(/works once, for 1 hour/);
    expect((await renderMail(MAILS.sign_up_attempt)).text).toContain("https://courses.example.test/sign-in");
    expect((await renderMail(MAILS.email_verification)).text).toMatch(/works for 7 days/);
  });

  it("describes a lifetime in words", () => {
    expect(describeDuration(3600)).toBe("1 hour");
    expect(describeDuration(7200)).toBe("2 hours");
    expect(describeDuration(7 * 86400)).toBe("7 days");
    expect(describeDuration(86400)).toBe("1 day");
    expect(describeDuration(90 * 60)).toBe("90 minutes");
    expect(describeDuration(59)).toBe("1 minute");
  });
});
