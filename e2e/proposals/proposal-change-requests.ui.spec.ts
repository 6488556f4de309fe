import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { waitForMail } from "../support/mailbox";
import { customerPage, draftForCora, overflowsSideways, proposalsApi, verifyEmail } from "./helpers";

/**
 * Change requests and reminders (docs/decisions/037), at a desktop's and a phone's width: the
 * customer asks for changes on /p/{uuid}; the salesperson is mailed, sees the message in the editor
 * and makes a new version in one click. The send dialog's reminder: chosen with an expiry date,
 * refused when its day has passed, and shown in the editor once sent.
 */

/** yyyy-mm-dd, `days` from today, as a date input takes it. */
const dayFromNow = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[CHANGES] ${name}`, () => {
    test.use({ viewport });

    test(`the customer asks for changes; the salesperson sees the message and makes a new version in one click (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const sam = await signUpAndSignIn("Sam Sales");
      await verifyEmail(page, sam);
      const { uuid } = await draftForCora(page, "Roof offer", "Panels, inverter and installation.");
      await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, { notify_recipient: false });

      const cora = await customerPage(browser, baseURL!, viewport);
      await cora.goto(`/p/${uuid}`);
      const changes = cora.getByRole("region", { name: "Something to change?" });
      await expect(changes).toContainText("Tell Sunny Roofs AB what you would like changed");
      await changes.getByRole("button", { name: "Ask for changes" }).click();
      const form = changes.getByRole("form", { name: "Ask for changes" });
      // Sending nothing says what is missing, and sends nothing.
      await form.getByRole("button", { name: "Send request" }).click();
      await expect(form.getByText("Write what you would like changed")).toBeVisible();
      await form.getByLabel("What would you like changed?").fill("Could the panels be black?\nAnd the install in May, please.");
      await expect(form.getByLabel("Your name (optional)")).toHaveValue("Cora Customer");
      expect(await overflowsSideways(cora)).toBe(false);
      await screenshot(cora, `change-request-form-${name}`);
      await form.getByRole("button", { name: "Send request" }).click();
      await expect(changes.getByRole("status")).toHaveText("Your request was sent to Sunny Roofs AB.");
      await expect(changes.getByRole("listitem")).toContainText("Could the panels be black?");
      // Still open: the customer can answer as before.
      await expect(cora.getByRole("button", { name: "Accept proposal" })).toBeEnabled();
      expect(await overflowsSideways(cora)).toBe(false);
      await screenshot(cora, `change-request-sent-${name}`);
      await cora.context().close();

      const mail = await waitForMail(page.request, { to: sam.email, subject: /Cora Customer asked for changes to "Roof offer"/ });
      expect(mail.text).toContain("Could the panels be black?\nAnd the install in May, please.");
      expect(mail.link).toBe(`${baseURL}/proposals/${uuid}/edit`);

      await page.goto(mail.link!);
      const banner = page.getByRole("region", { name: "Change requests" });
      await expect(banner.getByRole("heading", { name: "Cora Customer asked for changes" })).toBeVisible();
      await expect(banner).toContainText("Could the panels be black?");
      await expect(banner).toContainText("Cora Customer ·");
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `change-request-editor-${name}`);
      await banner.getByRole("button", { name: "New version" }).click();

      await expect(page).not.toHaveURL(new RegExp(uuid));
      await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
      // The draft shows what was asked, to work from.
      const asked = page.getByRole("region", { name: "Change requests" });
      await expect(asked.getByRole("heading", { name: "Cora Customer asked for changes to v1" })).toBeVisible();
      await expect(asked).toContainText("And the install in May, please.");
      await expect(asked.getByRole("button", { name: "New version" })).toHaveCount(0);
      const draft = await proposalsApi(page, "GET", `/v3/proposals/${page.url().split("/").at(-2)}`);
      expect(draft.data).toMatchObject({ status: "draft", version: 2, source_uuid: uuid });
      expect((await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.status).toBe("active");
    });

    test(`the send dialog sets a reminder before the expiry, and the editor shows it (${name})`, async ({ page, signUpAndSignIn }) => {
      const sam = await signUpAndSignIn("Sam Sales");
      await verifyEmail(page, sam);
      const { uuid, email } = await draftForCora(page, "Roof offer", "Panels, inverter and installation.");
      await page.goto(`/proposals/${uuid}/edit`);
      await page.getByRole("toolbar", { name: "Proposal actions" }).getByRole("button", { name: "Send" }).click();
      const dialog = page.getByRole("dialog", { name: "Send v1 to Cora Customer?" });
      // No expiry, no reminder to offer.
      await expect(dialog.getByRole("checkbox", { name: /Remind Cora Customer/ })).toHaveCount(0);
      await dialog.getByLabel("Expires on (optional)").fill(dayFromNow(10));
      const remind = dialog.getByRole("checkbox", { name: "Remind Cora Customer by mail before it expires" });
      await remind.check();
      const days = dialog.getByLabel("Days before the expiry");
      await expect(days).toHaveValue("3");
      await expect(dialog).toContainText(`One reminder goes to ${email} on`);
      // A day already past is refused before anything is sent.
      await days.fill("20");
      await expect(dialog).toContainText("20 days before");
      await expect(dialog).toContainText("has already passed");
      await expect(dialog.getByRole("button", { name: "Send proposal" })).toBeDisabled();
      await days.fill("4");
      await expect(dialog.getByRole("button", { name: "Send proposal" })).toBeEnabled();
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `send-dialog-reminder-${name}`);
      await dialog.getByRole("button", { name: "Send proposal" }).click();

      await expect(page.getByText(/· Reminder on .+ \(4 days before\)/)).toBeVisible();
      const sent = (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data;
      expect(sent).toMatchObject({ status: "active", reminder_days_before: 4, reminder_sent_at: null });
      expect(sent.expires_at - 4 * 86_400).toBeGreaterThan(Date.now() / 1000);
      expect(await overflowsSideways(page)).toBe(false);
    });
  });
}
