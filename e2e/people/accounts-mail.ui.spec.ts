import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { screenshot, signInViaApi, signUpViaApi, uniqueEmail, VIEWPORTS } from "../support/helpers";
import { mailsTo, waitForMail, type E2eMail } from "../support/mailbox";

/**
 * Password reset and sign-up by mail (docs/decisions/031), in the browser, with the mail the
 * server really sent (e2e/support/mailbox.ts): "Forgot password?" to a new password and a signed-in
 * session; sign-up to "check your inbox", sign-in while unverified, the banner, and the
 * verification link that takes it away; a verification mail the SMTP server refuses, which the
 * banner then tells its reader about (docs/decisions/040).
 */

const RESET = /Reset your Coursewright password/;
const VERIFY = /Confirm your email address/;

const banner = (page: Page) => page.getByRole("region", { name: "Confirm your email address" });
const sidewaysOverflow = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/** The newest mail to `to` whose subject matches, once there are `count` of them. */
async function nthMail(page: Page, to: string, subject: RegExp, count: number): Promise<E2eMail> {
  let found: E2eMail[] = [];
  await expect
    .poll(async () => (found = (await mailsTo(page.request, to)).filter((m) => subject.test(m.subject))).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return found[count - 1];
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[ACCOUNT] mail (${name})`, () => {
    test.use({ viewport });

    test(`forgot password: the mailed link sets a new password and signs in; used again, it says so (${name})`, async ({
      page,
      baseURL,
      playwright,
    }) => {
      const user = await signUpViaApi(page.request, "Fay Forgetful");
      await page.goto("/sign-in");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();

      // An address without an account gets the same answer as one with.
      await page.getByLabel("Email").fill(uniqueEmail("nobody"));
      await page.getByRole("button", { name: "Send the link" }).click();
      const neutral = "If an account exists for that address, we sent a link to choose a new password.";
      await expect(page.getByText(neutral)).toBeVisible();
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(user.email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(page.getByText(neutral)).toBeVisible();
      await screenshot(page, `forgot-password-sent-${name}`);

      const mail = await waitForMail(page.request, { to: user.email, subject: RESET });
      expect(mail.text).toContain("works once, for 1 hour");
      expect(mail.link).toMatch(new RegExp(`^${baseURL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
      await page.goto(mail.link!);
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("New password").fill("short");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page.getByText("Use at least 12 characters")).toBeVisible();
      await page.getByLabel("New password").fill("a brand new passphrase");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page.getByText("Welcome, Fay Forgetful")).toBeVisible();
      // Reading the mail proved the address: no banner.
      await expect(banner(page)).toHaveCount(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);

      await page.goto(mail.link!);
      await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
      await page.getByRole("link", { name: "Ask for a new link" }).click();
      await expect(page).toHaveURL(`${baseURL}/forgot-password`);

      // The old password no longer signs in; the new one does (over next-auth's own callback).
      const elsewhere = await playwright.request.newContext({ baseURL });
      await expect(signInViaApi(elsewhere, user)).rejects.toThrow(/sign-in failed/);
      await signInViaApi(elsewhere, { email: user.email, password: "a brand new passphrase" });
      await elsewhere.dispose();
    });

    test(`sign-up: check your inbox, sign in unverified with the banner, the link verifies and leads on (${name})`, async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail("verify");
      const password = "correct horse battery staple";
      await page.goto(`/sign-up?next=${encodeURIComponent("/learn")}`);
      await page.getByLabel("Name").fill("Vera Verified");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await screenshot(page, `sign-up-check-inbox-${name}`);

      await page.getByRole("link", { name: "Sign in" }).click();
      await expect(page).toHaveURL(`${baseURL}/sign-in?next=${encodeURIComponent("/learn")}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(`${baseURL}/learn`);
      await expect(banner(page)).toContainText(email);
      await expect(banner(page).getByRole("button", { name: "Resend" })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
      await screenshot(page, `unverified-banner-${name}`);
      // On every page of the app.
      await page.goto("/");
      await expect(banner(page)).toBeVisible();

      const mail = await waitForMail(page.request, { to: email, subject: VERIFY });
      expect(mail.link).toContain(`${baseURL}/verify-email?token=`);
      await page.goto(mail.link!);
      await expect(page).toHaveURL(`${baseURL}/learn`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(banner(page)).toHaveCount(0);
    });

    test(`a verification mail that cannot be delivered: the banner says so, and asks to check the address (${name})`, async ({ page }) => {
      // The e2e SMTP server refuses every address at this domain for good (scripts/e2e-mailbox.mjs).
      const user = { email: `una-${Date.now().toString(36)}-${name}@undeliverable.test`, password: "correct horse battery staple" };
      const res = await page.request.post("/api/account/signup", { data: { ...user, name: "Una Undelivered" } });
      expect(res.status()).toBe(202);
      await signInViaApi(page.request, user);
      await page.goto("/");
      await expect(banner(page)).toContainText(user.email);
      // Refused at once (a 550 is final): the next page the person opens says so.
      await expect(async () => {
        await page.reload();
        await expect(banner(page)).toContainText(`Our mail to ${user.email} could not be delivered`, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(banner(page)).toContainText("If it is mistyped, sign up again with the right one");
      await expect(banner(page).getByRole("button", { name: "Resend" })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
      await screenshot(page, `undelivered-verification-banner-${name}`);
      expect(await mailsTo(page.request, user.email)).toEqual([]);
    });

    test(`the banner's Resend mails a new link (the older one stops working); opened signed out, it leads through sign-in (${name})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const user = await signUpViaApi(page.request, "Rex Resend");
      await signInViaApi(page.request, user);
      await page.goto("/");
      await banner(page).getByRole("button", { name: "Resend" }).click();
      await expect(banner(page).getByText("We sent a new link. Check your inbox.")).toBeVisible();
      const first = await nthMail(page, user.email, VERIFY, 1);
      const newest = await nthMail(page, user.email, VERIFY, 2);

      const signedOut = await browser.newContext({ baseURL, viewport });
      const visitor = await signedOut.newPage();
      await visitor.goto(first.link!);
      await expect(visitor.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
      await visitor.goto(newest.link!);
      await expect(visitor).toHaveURL(`${baseURL}/sign-in?verified=1`);
      await expect(visitor.getByText("Your email address is confirmed. Sign in to continue.")).toBeVisible();
      await signedOut.close();

      await page.reload();
      await expect(page.getByText("Welcome, Rex Resend")).toBeVisible();
      await expect(banner(page)).toHaveCount(0);
    });
  });
}
