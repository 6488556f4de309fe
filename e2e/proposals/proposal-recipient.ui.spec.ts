import type { Page } from "@playwright/test";
import { pngBytes } from "../../lib/files/test-images";
import { expect, test } from "../support/fixtures";
import { screenshot } from "../support/helpers";
import { customerPage } from "./helpers";

/**
 * The customer's side of a proposal, /p/{uuid}: opened without any session in a browser context
 * of its own. The sales side's data is made through the proposals API by a signed-in user in
 * the test's page (its cookies; writes carry the Origin header, as a browser's would).
 */

async function api<T = any>(page: Page, baseURL: string, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api/proposals${path}`, { method, data, headers: { origin: baseURL } });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A company of the signed-in user with one library item (an image, 100 per pcs, 25 % tax). */
async function companyWithItem(page: Page, baseURL: string) {
  const company = (await api(page, baseURL, "POST", "/v3/companies", { name: "Sunny Roofs AB" })).data as { id: number };
  const upload = await page.request.post("/api/proposals/v3/images", {
    headers: { origin: baseURL },
    multipart: {
      file: { name: "panel.png", mimeType: "image/png", buffer: pngBytes(8, 6) },
      company_id: String(company.id),
    },
  });
  if (!upload.ok()) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
  const image = (await upload.json()).data as { uuid: string };
  const item = (
    await api(page, baseURL, "POST", "/v3/content", {
      company_id: company.id,
      language: "en",
      title: "Solar panel",
      description: "A 400 W panel, installed.",
      images: [{ uuid: image.uuid }],
      price: 100,
      tax_rate: 25,
      unit: "pcs",
    })
  ).data as { variation_id: number };
  return { companyId: company.id, variationId: item.variation_id };
}

/** A draft of two panels for a new recipient; sent unless asked not to. */
async function proposal(page: Page, baseURL: string, { title = "Solar roof for the Lindqvist house", send = true } = {}) {
  const { companyId, variationId } = await companyWithItem(page, baseURL);
  const created = await api(page, baseURL, "POST", "/v3/proposals", {
    company_id: companyId,
    language: "en",
    title_md: title,
    description_md: "# Your new roof\nEverything *included*.",
    recipient: { first_name: "Rita", last_name: "Recipient", email: "rita@customer.example", company_name: "Lindqvist AB" },
    blocks: [{ content_id: variationId, quantity: 2 }],
    tax_options: { mode: "standard" },
  });
  const uuid = created.proposal.uuid as string;
  if (send) await api(page, baseURL, "POST", `/v3/proposals/${uuid}/send`, {});
  return { uuid, companyId };
}

const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test("[RECIPIENT] the customer opens the proposal without an account, sees the totals and accepts with a typed name", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn("Sam Sales");
  const { uuid } = await proposal(page, baseURL!);

  const rita = await customerPage(browser, baseURL!);
  // The page is the server's HTML brought to life by its own script: nothing goes wrong on the way
  // (a hydration mismatch is an error here), and it loads no other script (docs/decisions/049).
  const problems: string[] = [];
  rita.on("console", (message) => void (message.type() === "error" && problems.push(message.text())));
  rita.on("pageerror", (error) => void problems.push(error.message));
  await rita.goto(`/p/${uuid}`);
  await expect(rita.getByRole("heading", { level: 1, name: "Solar roof for the Lindqvist house" })).toBeVisible();
  await expect(rita.getByText("Prepared for Rita Recipient, Lindqvist AB")).toBeVisible();
  const scripts = await rita.evaluate(() => [...document.scripts].filter((s) => s.src).map((s) => new URL(s.src).pathname));
  expect(scripts).toEqual([expect.stringMatching(/^\/recipient\/recipient-[0-9a-f]{16}\.js$/)]);
  // Named by its content: a returning customer's browser keeps it without asking again.
  const script = await rita.request.get(scripts[0]);
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(script.headers()["content-type"]).toMatch(/javascript/);
  await expect(rita.getByRole("heading", { level: 2, name: "Your new roof" })).toBeVisible();
  await expect(rita.getByRole("article", { name: "Solar panel" })).toContainText("2 × €100.00 / pcs");
  const totals = rita.getByRole("region", { name: "Totals" });
  await expect(totals.getByRole("definition").nth(0)).toHaveText("€200.00");
  await expect(totals).toContainText("Total excl. tax€200.00");
  await expect(totals).toContainText("Tax€50.00");
  await expect(totals).toContainText("Total incl. tax€250.00");

  // An empty name is refused beside the field, and nothing is sent.
  const form = rita.getByRole("form", { name: "Accept this proposal" });
  await form.getByRole("button", { name: "Accept proposal" }).click();
  await expect(form.getByText("Type your full name to accept")).toBeVisible();

  await form.getByLabel("Your full name").fill("Rita Recipient");
  await form.getByRole("checkbox", { name: /typing my name is my electronic signature/ }).check();
  await form.getByRole("button", { name: "Accept proposal" }).click();
  await expect(rita.getByRole("status").filter({ hasText: /^Accepted by Rita Recipient on \d{1,2} \w+ \d{4}$/ })).toBeVisible();
  await expect(rita.getByRole("form", { name: "Accept this proposal" })).toHaveCount(0);

  // The sales side sees the signature and that the customer looked, once: the page's reload after
  // accepting is the same visit, and their own preview does not count.
  await page.goto(`/p/${uuid}`);
  await expect(page.getByText(/Preview: you are signed in as a member of Sunny Roofs AB/)).toBeVisible();
  const read = (await api(page, baseURL!, "GET", `/v3/proposals/${uuid}`)).data;
  expect(read.status).toBe("accepted");
  expect(read.signatures).toEqual([{ name: "Rita Recipient", email: "rita@customer.example", signed_at: expect.any(Number) }]);
  expect(read.recipient_view_count).toBe(1);
  expect(problems).toEqual([]);
  await rita.context().close();
});

test("[RECIPIENT] before its script runs the page shows the whole proposal, and its controls wait for the script", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn("Sam Sales");
  const { uuid } = await proposal(page, baseURL!);

  // The server's HTML alone (a slow phone before the script has run, or no JavaScript at all):
  // everything to read, and nothing to press that would do nothing (or send the typed name away).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto(`/p/${uuid}`);
  await expect(bare.getByRole("heading", { level: 1, name: "Solar roof for the Lindqvist house" })).toBeVisible();
  await expect(bare.getByRole("region", { name: "Totals" })).toContainText("Total incl. tax€250.00");
  const form = bare.getByRole("form", { name: "Accept this proposal" });
  await expect(form.getByLabel("Your full name")).toBeDisabled();
  await expect(form.getByRole("checkbox", { name: /typing my name is my electronic signature/ })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Accept proposal" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Decline" })).toBeDisabled();
  await expect(bare.getByRole("button", { name: "Ask for changes" })).toBeDisabled();
  await context.close();

  // Once the script runs, the same controls are live.
  const rita = await customerPage(browser, baseURL!);
  await rita.goto(`/p/${uuid}`);
  const live = rita.getByRole("form", { name: "Accept this proposal" });
  await expect(live.getByLabel("Your full name")).toBeEnabled();
  await expect(live.getByRole("button", { name: "Accept proposal" })).toBeEnabled();
  await expect(rita.getByRole("button", { name: "Ask for changes" })).toBeEnabled();
  await rita.context().close();
});

test("[RECIPIENT] a replaced proposal's page links to the current version", async ({ page, browser, baseURL, signUpAndSignIn }) => {
  await signUpAndSignIn("Sam Sales");
  const { uuid: first, companyId } = await proposal(page, baseURL!, { title: "Roof, first offer" });
  const next = await api(page, baseURL!, "POST", `/v3/proposals/${first}`, {
    company_id: companyId,
    language: "en",
    title_md: "Roof, better offer",
  });
  const second = next.proposal.uuid as string;
  await api(page, baseURL!, "POST", `/v3/proposals/${second}/send`, {});

  const rita = await customerPage(browser, baseURL!);
  await rita.goto(`/p/${first}`);
  await expect(rita.getByRole("status")).toContainText("This proposal has been replaced by a newer version.");
  await expect(rita.getByRole("form", { name: "Accept this proposal" })).toHaveCount(0);
  await rita.getByRole("link", { name: "Open the current version" }).click();
  await expect(rita).toHaveURL(new RegExp(`/p/${second}$`));
  await expect(rita.getByRole("heading", { level: 1, name: "Roof, better offer" })).toBeVisible();
  await expect(rita.getByRole("form", { name: "Accept this proposal" })).toBeVisible();
  await rita.context().close();
});

test("[RECIPIENT] the page fits a 390 px phone: nothing scrolls sideways, the answer form is usable", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn("Sam Sales");
  const { uuid } = await proposal(page, baseURL!, {
    title: "A rather long proposal title for a phone: photovoltaic installation with battery storage",
  });
  const rita = await customerPage(browser, baseURL!, { width: 390, height: 844 });
  await rita.goto(`/p/${uuid}`);
  await expect(rita.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(rita.getByRole("region", { name: "Totals" })).toContainText("€250.00");
  const name = rita.getByLabel("Your full name");
  await name.scrollIntoViewIfNeeded();
  await expect(name).toBeInViewport();
  expect(await overflowsSideways(rita)).toBe(false);
  await screenshot(rita, "phone-proposal-recipient");
  await rita.context().close();
});

test("[RECIPIENT] a draft's page is not found", async ({ page, browser, baseURL, signUpAndSignIn }) => {
  await signUpAndSignIn("Sam Sales");
  const { uuid } = await proposal(page, baseURL!, { send: false });
  const rita = await customerPage(browser, baseURL!);
  const res = await rita.goto(`/p/${uuid}`);
  expect(res?.status()).toBe(404);
  await expect(rita.getByRole("heading", { name: "This proposal is not available" })).toBeVisible();
  await expect(rita.getByText("Solar roof for the Lindqvist house")).toHaveCount(0);
  await rita.context().close();
});

test("[RECIPIENT] printed, the page keeps the offer and drops the answer form", async ({ page, browser, baseURL, signUpAndSignIn }) => {
  await signUpAndSignIn("Sam Sales");
  const { uuid } = await proposal(page, baseURL!);
  const rita = await customerPage(browser, baseURL!);
  await rita.goto(`/p/${uuid}`);
  await expect(rita.getByRole("form", { name: "Accept this proposal" })).toBeVisible();
  await rita.emulateMedia({ media: "print" });
  await expect(rita.getByRole("form", { name: "Accept this proposal" })).toBeHidden();
  await expect(rita.getByRole("button", { name: "Decline" })).toBeHidden();
  await expect(rita.getByRole("region", { name: "Totals" })).toBeVisible();
  await expect(rita.getByRole("heading", { level: 1, name: "Solar roof for the Lindqvist house" })).toBeVisible();
  // The offer starts on a page of its own.
  const breakBefore = await rita.getByRole("region", { name: "Offer" }).evaluate((el) => getComputedStyle(el).breakBefore);
  expect(breakBefore).toBe("page");
  await rita.context().close();
});
