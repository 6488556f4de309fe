/**
 * The webhooks page (Proposals › Webhooks) and the guide it links to, at desktop and phone width.
 *
 * The server every other spec shares refuses private addresses, so deliveries from it could only
 * fail. To follow the real path (an owner adds an endpoint, a test event arrives signed, the page
 * shows the answer) this file starts a production server of its own with ALLOW_PRIVATE_FETCH=1
 * (port E2E_PORT+63) and a receiver on loopback (e2e/proposals/webhook-receiver.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { AppProcess, freshAppData, type AppData } from "../support/app-process";
import { answerConfirm, screenshot, signInViaApi, signUpViaApi, type TestUser } from "../support/helpers";
import { createCompany, overflowsSideways, proposalsApi } from "./helpers";
import { isSignedBy, startReceiver, type Receiver } from "./webhook-receiver";

const PORT = Number(process.env.E2E_PORT || 3100) + 63;
const PHONE = { width: 390, height: 844 };

let data: AppData;
let app: AppProcess;
let receiver: Receiver;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  [data, receiver] = await Promise.all([freshAppData("hooks-ui"), startReceiver()]);
  app = new AppProcess(data, PORT, { ALLOW_PRIVATE_FETCH: "1", MAIL_POLL_MS: "200", SIGN_UP_PER_ADDRESS: "100000" });
  await app.start();
});

test.afterAll(async () => {
  await app?.kill();
  await receiver?.close();
  await data?.remove();
});

test.describe.configure({ timeout: 120_000 });

/** A signed-in owner of a new company, in a browser context of their own on this file's server. */
async function ownerPage(browser: Browser, viewport: { width: number; height: number }, name = "Olive Owner") {
  const context = await browser.newContext({ baseURL: app.url, viewport });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  const page = await context.newPage();
  const user = await signUpViaApi(page.request, name);
  await signInViaApi(page.request, user);
  const companyName = `Hooked ${Math.random().toString(36).slice(2, 6)}`;
  const company = { ...(await createCompany(page, companyName)), name: companyName };
  return { context, page, user, company };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The guide's code block in `language`, as docs/webhooks.md has it. */
function guideSnippet(language: string): string {
  const markdown = fs.readFileSync(path.join(process.cwd(), "docs", "webhooks.md"), "utf8");
  const block = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].find((m) => m[1] === language);
  return block![2].replace(/\n$/, "");
}

/** Adds an endpoint through the form and answers the secret the page showed once. */
async function addEndpoint(page: Page, url: string, options: { description?: string; uncheck?: string[] } = {}) {
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByRole("form", { name: "Add an endpoint" });
  await form.getByLabel("URL").fill(url);
  if (options.description) await form.getByLabel("Description (optional)").fill(options.description);
  for (const type of options.uncheck ?? []) await form.getByRole("checkbox", { name: new RegExp(type.replace(".", "\\.")) }).uncheck();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const notice = page.getByRole("region", { name: "Endpoint added" });
  await expect(notice).toContainText("Copy it now: you will not see it again.");
  const secret = await notice.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret).toMatch(/^whsec_[\w-]{43}$/);
  return { notice, secret };
}

test("[WEBHOOKS] an owner adds an endpoint, sends a test event it receives signed, redelivers, rotates the secret, turns it off and deletes it", async ({
  browser,
}) => {
  const { context, page, company } = await ownerPage(browser, { width: 1280, height: 800 });
  try {
    await page.goto(`/proposals?company=${company.id}`);
    await page.getByRole("navigation", { name: "Proposals" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/proposals\/webhooks\?company=/);
    await expect(page.getByRole("heading", { name: `Webhooks of ${company.name}`, level: 1 })).toBeVisible();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();

    // A refused URL is named under its field; nothing is added.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("form", { name: "Add an endpoint" });
    await form.getByLabel("URL").fill("ftp://files.example.com/hooks");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText("Must be an https URL")).toBeVisible();
    await form.getByRole("button", { name: "Cancel" }).click();

    // Added: the secret is shown once, with a button that copies it.
    const url = receiver.url("/desk-crm");
    const { notice, secret } = await addEndpoint(page, url, { description: "Our CRM", uncheck: ["proposal.changes_requested"] });
    await notice.getByRole("button", { name: "Copy secret" }).click();
    await expect(notice.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await clipboard(page)).toBe(secret);
    await notice.getByRole("button", { name: "I have stored it" }).click();
    await expect(notice).toBeHidden();

    const card = page.getByRole("article", { name: url });
    await expect(card.getByText("Our CRM")).toBeVisible();
    await expect(card.getByText("On", { exact: true })).toBeVisible();
    await expect(card.getByRole("list", { name: "Events" }).getByRole("listitem")).toHaveText([
      "proposal.sent",
      "proposal.viewed",
      "proposal.accepted",
      "proposal.rejected",
      "proposal.withdrawn",
      "proposal.expired",
      "proposal.approval_requested",
      "proposal.approved",
      "proposal.approval_declined",
      "enrolment.created",
      "learner.completed",
      "certificate.issued",
    ]);
    // Never again: neither on the page nor after a reload.
    await page.reload();
    await expect(card).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // A test event: it reaches the receiver, signed with the secret, and the page shows the answer.
    await card.getByRole("button", { name: "Send test event" }).click();
    const deliveries = card.getByRole("list", { name: "Deliveries" });
    const first = deliveries.getByRole("listitem", { name: /^webhook\.test delivery/ }).first();
    await expect(first.getByText("Delivered")).toBeVisible();
    await expect(first.getByRole("list", { name: "Attempts" }).getByRole("listitem")).toHaveCount(1);
    await expect(first.getByRole("list", { name: "Attempts" })).toContainText("HTTP 204");
    await expect(first.getByRole("list", { name: "Attempts" })).toContainText(/\d+ ms/);
    const [received] = receiver.at("/desk-crm");
    expect(isSignedBy(secret, received)).toBe(true);
    await expect(first).toContainText(received.eventId);

    // Redelivered: a second delivery of the same event.
    await first.getByRole("button", { name: "Redeliver" }).click();
    await expect(deliveries.getByRole("listitem", { name: /^webhook\.test delivery/ })).toHaveCount(2);
    await expect(deliveries.getByText("Delivered")).toHaveCount(2);
    expect(receiver.at("/desk-crm").map((r) => r.eventId)).toEqual([received.eventId, received.eventId]);
    await screenshot(page, "webhooks");

    // A new secret, shown once; the next delivery is signed with it, not with the old one.
    await card.getByRole("button", { name: "Rotate secret" }).click();
    await answerConfirm(page, "Rotate secret");
    const rotated = page.getByRole("region", { name: "New secret made" });
    await expect(rotated).toContainText("you will not see it again");
    const newSecret = await rotated.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole("button", { name: "I have stored it" }).click();
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(deliveries.getByText("Delivered")).toHaveCount(3);
    const latest = receiver.at("/desk-crm").at(-1)!;
    expect(isSignedBy(newSecret, latest)).toBe(true);
    expect(isSignedBy(secret, latest)).toBe(false);

    // Edited: the description and the events.
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = card.getByRole("form", { name: `Edit ${url}` });
    await edit.getByLabel("Description (optional)").fill("CRM (production)");
    await edit.getByRole("checkbox", { name: /proposal\.viewed/ }).uncheck();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(card.getByText("CRM (production)")).toBeVisible();
    await expect(card.getByRole("list", { name: "Events" })).not.toContainText("proposal.viewed");

    // Off by hand, and on again.
    await card.getByRole("button", { name: "Turn off" }).click();
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await expect(card.getByText("Turned off by an owner")).toBeVisible();
    await expect(card.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await card.getByRole("button", { name: "Turn on" }).click();
    await expect(card.getByText("On", { exact: true })).toBeVisible();

    // Deleted, after a confirmation.
    await card.getByRole("button", { name: "Delete" }).click();
    await answerConfirm(page, "Delete");
    await expect(card).toBeHidden();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();
    expect((await proposalsApi(page, "GET", `/v3/webhooks?company_id=${company.id}`)).data).toEqual([]);

    // The guide: linked from the page, with the snippets that test/integration/webhook-docs.test.ts runs.
    await page.getByRole("link", { name: "How to verify a signature" }).click();
    await expect(page).toHaveURL(/\/docs\/webhooks$/);
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verifying the signature", level: 2 })).toBeVisible();
    for (const [language, label] of [
      ["js", "Node.js"],
      ["python", "Python"],
    ]) {
      await page.getByRole("button", { name: `Copy the ${label} code` }).click();
      expect(await clipboard(page)).toBe(guideSnippet(language));
    }
    await screenshot(page, "webhooks-guide");
  } finally {
    await context.close();
  }
});

test("[WEBHOOKS] on a phone an owner adds an endpoint and follows its deliveries, sees why the app turned one off, and a member sees that owners manage them", async ({
  browser,
}) => {
  const { context, page, company, user } = await ownerPage(browser, PHONE);
  const memberContext = await browser.newContext({ baseURL: app.url, viewport: PHONE });
  try {
    await page.goto(`/proposals/webhooks?company=${company.id}`);
    await expect(page.getByRole("heading", { name: `Webhooks of ${company.name}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Proposals" }).getByRole("link", { name: "Webhooks" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const url = receiver.url(`/phone-crm-with-a-rather-long-path/${"segment/".repeat(6)}events`);
    const { notice, secret } = await addEndpoint(page, url);
    await expect(notice.getByRole("button", { name: "Copy secret" })).toBeInViewport();
    expect(await overflowsSideways(page)).toBe(false);
    await notice.getByRole("button", { name: "I have stored it" }).click();

    const card = page.getByRole("article", { name: url });
    await card.getByRole("button", { name: "Send test event" }).click();
    const delivered = card.getByRole("list", { name: "Deliveries" }).getByRole("listitem").first();
    await expect(delivered.getByText("Delivered")).toBeVisible();
    await expect(delivered.getByRole("list", { name: "Attempts" })).toContainText("HTTP 204");
    expect(isSignedBy(secret, receiver.at(new URL(url).pathname)[0])).toBe(true);
    await delivered.getByRole("button", { name: "Redeliver" }).click();
    await expect(card.getByRole("list", { name: "Deliveries" }).getByText("Delivered")).toHaveCount(2);
    expect(await overflowsSideways(page)).toBe(false);

    // A receiver that keeps failing: 20 failed attempts in a row and the app turns the endpoint off.
    const failing = receiver.url("/phone-down");
    receiver.answer("/phone-down", "fail");
    const { data: hook } = await proposalsApi(page, "POST", "/v3/webhooks", {
      company_id: company.id,
      url: failing,
      events: ["proposal.sent"],
    });
    for (let i = 0; i < 20; i++) await proposalsApi(page, "POST", `/v3/webhooks/${hook.id}/test`);
    await expect.poll(() => receiver.at("/phone-down").length, { timeout: 30_000 }).toBe(20);
    await page.reload();
    const off = page.getByRole("article", { name: failing });
    await expect(off.getByText("Off", { exact: true })).toBeVisible();
    await expect(off.getByText(/^Turned off by the app on .+ after 20 failed deliveries in a row/)).toBeVisible();
    await off.getByRole("button", { name: "Show recent deliveries" }).click();
    const failed = off.getByRole("list", { name: "Deliveries" }).getByRole("listitem").first();
    await expect(failed.getByText("Retrying")).toBeVisible();
    await expect(failed.getByRole("list", { name: "Attempts" })).toContainText("HTTP 500");
    await expect(failed.getByRole("list", { name: "Attempts" })).toContainText("The endpoint answered 500");
    // Ten at a time.
    const failures = off.getByRole("list", { name: "Deliveries" }).getByRole("listitem", { name: /^webhook\.test delivery/ });
    await expect(failures).toHaveCount(10);
    await off.getByRole("button", { name: "Show older deliveries (10)" }).click();
    await expect(failures).toHaveCount(20);
    await expect(off.getByRole("button", { name: /Show older deliveries/ })).toHaveCount(0);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, "phone-webhooks");

    // A member who is not an owner: told who manages them, and offered nothing to change.
    const memberPage = await memberContext.newPage();
    const member: TestUser = await signUpViaApi(memberPage.request, "Mia Member");
    await signInViaApi(memberPage.request, member);
    await proposalsApi(page, "POST", `/v3/companies/${company.id}/members`, { email: member.email, role: "member" });
    await memberPage.goto(`/proposals/webhooks?company=${company.id}`);
    await expect(memberPage.getByRole("heading", { name: `Webhooks of ${company.name}`, level: 1 })).toBeVisible();
    await expect(memberPage.getByText(`Only the company's owners manage its webhooks: ask ${user.name}.`)).toBeVisible();
    await expect(memberPage.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
    await expect(memberPage.getByRole("article")).toHaveCount(0);
    expect(await overflowsSideways(memberPage)).toBe(false);

    // The guide fits a phone: its code scrolls inside its own box.
    await page.goto("/docs/webhooks");
    await expect(page.getByRole("figure", { name: "Python code" })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, "phone-webhooks-guide");
  } finally {
    await memberContext.close();
    await context.close();
  }
});
