import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS, type TestUser } from "../support/helpers";
import { waitForMail, type E2eMail } from "../support/mailbox";
import { customerPage, draftForCora, overflowsSideways, proposalsApi, verifyEmail } from "./helpers";

/**
 * Proposal delivery and notifications (docs/decisions/033), with the mail the server really sent
 * (e2e/support/mailbox.ts): the send dialog mails the customer the link with a personal message; opening
 * it mails the salesperson; the account page's switches; a notification's unsubscribe link, in a
 * browser and as a mail client's one-click POST.
 */

/** A proposal of the signed-in user sent as a link only, opened by its customer: the "opened" mail it causes. */
async function openedMail(page: Page, browser: Parameters<typeof customerPage>[0], baseURL: string, user: TestUser): Promise<E2eMail> {
  const { uuid } = await draftForCora(page, "Roof offer");
  await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, { notify_recipient: false });
  const customer = await customerPage(browser, baseURL);
  await customer.goto(`/p/${uuid}`);
  await expect(customer.getByRole("heading", { level: 1, name: "Roof offer" })).toBeVisible();
  await customer.context().close();
  return waitForMail(page.request, { to: user.email, subject: /Cora Customer opened "Roof offer"/ });
}

/** The List-Unsubscribe header's URL. */
const unsubscribeUrl = (mail: E2eMail) => /<([^>]+)>/.exec(mail.headers["list-unsubscribe"].replace(/\s+/g, ""))![1];

const settings = async (page: Page) => (await (await page.request.get("/api/account/notifications")).json()) as Record<string, boolean>;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[DELIVERY] ${name}`, () => {
    test.use({ viewport });

    test(`the send dialog mails the customer the link with a message; opening it mails the salesperson (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const sam = await signUpAndSignIn("Sam Sales");
      await verifyEmail(page, sam);
      const { uuid, email } = await draftForCora(page, "Roof offer");
      await page.goto(`/proposals/${uuid}/edit`);
      await page.getByRole("toolbar", { name: "Proposal actions" }).getByRole("button", { name: "Send" }).click();
      const dialog = page.getByRole("dialog", { name: "Send v1 to Cora Customer?" });
      const mailIt = dialog.getByRole("checkbox", { name: `Mail it to ${email}` });
      await expect(mailIt).toBeChecked();
      await expect(dialog).toContainText(`v1 will be mailed to ${email} with its link, from your name.`);
      // Unticked, the dialog no longer says the customer gets it, and there is no message to write.
      await mailIt.uncheck();
      await expect(dialog).toContainText("v1 gets a link for you to share with Cora Customer: nothing is mailed.");
      await expect(dialog.getByLabel("Personal message (optional)")).toHaveCount(0);
      await mailIt.check();
      await dialog.getByLabel("Personal message (optional)").fill("Hi Cora,\nhere is the roof we talked about.");
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `send-dialog-mail-${name}`);
      await dialog.getByRole("button", { name: "Send proposal" }).click();

      const share = page.getByRole("region", { name: "Link to share" });
      await expect(share).toContainText(`Mailed to ${email}`, { timeout: 20_000 });
      await expect(share.getByLabel("Customer's link")).toHaveValue(`${baseURL}/p/${uuid}`);
      await expect(share.getByRole("button", { name: "Copy link" })).toBeVisible();

      const mail = await waitForMail(page.request, { to: email, subject: /Proposal from Sunny Roofs AB: Roof offer/ });
      expect(mail.from).toContain("Sam Sales via");
      expect(mail.replyTo).toContain(sam.email);
      expect(mail.text).toContain("Hi Cora,\nhere is the roof we talked about.");
      expect(mail.link).toBe(`${baseURL}/p/${uuid}`);

      const customer = await customerPage(browser, baseURL!, viewport);
      await customer.goto(mail.link!);
      await expect(customer.getByRole("heading", { level: 1, name: "Roof offer" })).toBeVisible();
      await customer.context().close();

      const opened = await waitForMail(page.request, { to: sam.email, subject: /Cora Customer opened "Roof offer"/ });
      expect(opened.link).toBe(`${baseURL}/proposals/${uuid}/edit`);
      expect(opened.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(unsubscribeUrl(opened)).toMatch(new RegExp(`^${baseURL}/unsubscribe\\?token=`));
      await page.goto(opened.link!);
      await expect(page.getByRole("heading", { level: 1, name: "Roof offer" })).toBeVisible();
      await expect(page.getByText(/Last viewed by the recipient/)).toBeVisible();
    });

    test(`the account page turns each notification mail on and off (${name})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn("Nora Notified");
      await page.goto("/");
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Notifications" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
      const opened = page.getByRole("switch", { name: /Proposal opened/ });
      const accepted = page.getByRole("switch", { name: /Proposal accepted/ });
      const declined = page.getByRole("switch", { name: /Proposal declined/ });
      for (const toggle of [opened, accepted, declined]) await expect(toggle).toBeChecked();
      await opened.uncheck();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `notifications-${name}`);
      expect(await settings(page)).toEqual({
        proposal_viewed: false,
        proposal_accepted: true,
        proposal_rejected: true,
        proposal_changes_requested: true,
        proposal_expired: true,
        comment_mention: true,
        proposal_approval: true,
      });
      // Mentions in course comments are a notification of their own (issue 41).
      await expect(page.getByRole("switch", { name: /Mentioned in a comment/ })).toBeChecked();
      await page.reload();
      await expect(opened).not.toBeChecked();
      await opened.check();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      expect((await settings(page)).proposal_viewed).toBe(true);
    });

    test(`a notification's unsubscribe link: one button in a browser, one click for a mail client, a clear page when altered (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const sam = await signUpAndSignIn("Sam Sales");
      // Notifications go to verified addresses only (docs/decisions/033).
      await verifyEmail(page, sam);
      const link = unsubscribeUrl(await openedMail(page, browser, baseURL!, sam));

      // Opened in a browser without a session: a page with one button, then a confirmation.
      const visitor = await customerPage(browser, baseURL!, viewport);
      await visitor.goto(link);
      await expect(visitor.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
      await expect(
        visitor.getByText("We will no longer mail you when a customer opens one of your proposals for the first time."),
      ).toBeVisible();
      expect(await overflowsSideways(visitor)).toBe(false);
      await screenshot(visitor, `unsubscribe-${name}`);
      await visitor.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(visitor.getByText("You are unsubscribed")).toBeVisible();
      await expect(visitor.getByRole("link", { name: "Notifications" })).toBeVisible();
      expect((await settings(page)).proposal_viewed).toBe(false);

      // A mail client's one-click POST to the same URL (RFC 8058): no cookie, a form body.
      await page.request.put("/api/account/notifications", { data: { proposal_viewed: true } });
      const oneClick = await visitor.request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
      expect(oneClick.status()).toBe(200);
      expect(await oneClick.json()).toEqual({ kind: "proposal_viewed", unsubscribed: true });
      expect((await settings(page)).proposal_viewed).toBe(false);

      // Altered: the page says so, and a POST is refused.
      const altered = link.replace(
        /token=([^.]+)\.(.)/,
        (_m, payload: string, first: string) => `token=${payload}.${first === "A" ? "B" : "A"}`,
      );
      await visitor.goto(altered);
      await expect(visitor.getByRole("heading", { level: 1, name: "This unsubscribe link is not valid" })).toBeVisible();
      await expect(visitor.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
      expect((await visitor.request.post(altered, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(400);
      await visitor.context().close();
    });
  });
}
