import type { Page } from "@playwright/test";
import { gradientPng } from "../../lib/seed/demo-images";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { overflowsSideways, proposalsApi } from "./helpers";

/*
 * Proposal engagement (issue 42, docs/decisions/064): the customer's page measures how long each
 * block is on screen while it is visible and reports it when hidden; the sales staff read it from
 * GET /v3/proposals/{uuid}/engagement. Their own preview is never counted. The rules of the
 * reports (merging, clipping, refusals, budgets) are the API's tests':
 * test/integration/proposal-engagement.test.ts.
 */

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ENGAGEMENT = /\/api\/public\/proposals\/[0-9a-f-]+\/engagement$/;

/** A block's description long enough that the block fills any screen: on screen, it is the only block. */
const tallDescription = (title: string) => Array.from({ length: 60 }, (_, i) => `${title}, detail ${i + 1}`).join("\n");

/**
 * A sent proposal of three tall blocks (Solar panel, Inverter, Battery) after a long introduction,
 * so that no block is on screen when the page opens.
 */
async function sentProposal(page: Page) {
  const company = (await proposalsApi(page, "POST", "/v3/companies", { name: "Sunny Roofs" })).data as { id: number };
  const upload = await page.request.post("/api/proposals/v3/images", {
    multipart: {
      file: { name: "item.png", mimeType: "image/png", buffer: gradientPng(8, 8, [0, 0, 0], [255, 255, 255]) },
      company_id: String(company.id),
    },
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json()).data as { uuid: string };
  const blocks = [];
  for (const title of ["Solar panel", "Inverter", "Battery"]) {
    const item = await proposalsApi(page, "POST", "/v3/content", {
      company_id: company.id,
      language: "en",
      title,
      description: tallDescription(title),
      images: [{ uuid: image.uuid }],
      price: 100,
      tax_rate: 25,
    });
    // The first is optional: the customer may leave it out.
    blocks.push({ content_id: item.data.variation_id as number, ...(blocks.length === 0 ? { optional: true } : {}) });
  }
  const created = await proposalsApi(page, "POST", "/v3/proposals", {
    company_id: company.id,
    language: "en",
    title_md: "Roof offer",
    description_md: Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the introduction.`).join("\n\n"),
    recipient: { first_name: "Rita", last_name: "Recipient", email: "rita@customer.example" },
    blocks,
  });
  const uuid = created.proposal.uuid as string;
  await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, {});
  return uuid;
}

/** What the staff read of the proposal's engagement. */
const engagementOf = async (page: Page, uuid: string) => (await proposalsApi(page, "GET", `/v3/proposals/${uuid}/engagement`)).data;

/** The page as the browser hides it (another tab, the phone locked): visibilityState hidden, and its event. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

/** Brings a block to the top of the screen (its list item, which the page measures). */
async function scrollToBlock(page: Page, name: string) {
  const block = page.getByRole("article", { name });
  await block.evaluate((article) => article.closest("li")!.scrollIntoView({ block: "start" }));
  await expect(block).toBeInViewport();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[ENGAGEMENT] ${name}`, () => {
    test.use({ viewport });

    test(`the customer's time on each block reaches the staff; their own preview does not (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Seller");
      const uuid = await sentProposal(page);

      // The seller previews the page, scrolls and leaves it: the page sends nothing, and nothing is counted.
      const previewReports: string[] = [];
      page.on("request", (request) => void (ENGAGEMENT.test(request.url()) && previewReports.push(request.url())));
      await page.goto(`/p/${uuid}`);
      await expect(page.getByText(/Preview: you are signed in as a member of Sunny Roofs/)).toBeVisible();
      await scrollToBlock(page, "Inverter");
      await hide(page);

      // The customer, in a browser of their own (a phone's at phone width).
      const context = await browser.newContext({ baseURL, viewport, ...(name === "phone" ? { userAgent: IPHONE } : {}) });
      const rita = await context.newPage();
      await rita.goto(`/p/${uuid}`);
      // The page's script has run (its controls are live): it measures from now on.
      await expect(rita.getByRole("button", { name: "Accept proposal" })).toBeEnabled();
      await expect(rita.getByText(/Privacy: this page notes which parts of it were on screen and for how long, per visit/)).toBeVisible();
      await expect(rita.getByRole("article", { name: "Solar panel" })).not.toBeInViewport();
      // What is measured is time on screen: the Inverter stays in view for five seconds, timed here
      // from just before it is scrolled in to just after the page is hidden.
      const shownAt = Date.now();
      await scrollToBlock(rita, "Inverter");
      await expect(rita.getByRole("article", { name: "Solar panel" })).not.toBeInViewport();
      await expect(rita.getByRole("article", { name: "Battery" })).not.toBeInViewport();
      await rita.waitForTimeout(5_000);
      const beacon = rita.waitForRequest((request) => ENGAGEMENT.test(request.url()) && request.method() === "POST");
      await hide(rita);
      const onScreen = (Date.now() - shownAt) / 1000;
      expect((await beacon).url()).toContain(`/api/public/proposals/${uuid}/engagement`);

      await expect.poll(async () => (await engagementOf(page, uuid)).views.length).toBe(1);
      const data = await engagementOf(page, uuid);
      expect(data.views[0]).toMatchObject({ device: name === "phone" ? "phone" : "desktop" });
      const seconds = Object.fromEntries(data.blocks.map((b: { title: string; seconds: number }) => [b.title, b.seconds]));
      // The page's figure is within 20 % of the time the test held the block on screen.
      expect(Math.abs(seconds.Inverter - onScreen), `${seconds.Inverter} s reported for ${onScreen} s on screen`).toBeLessThanOrEqual(
        0.2 * onScreen,
      );
      expect(seconds["Solar panel"]).toBe(0);
      expect(seconds.Battery).toBe(0);
      expect(data.total_seconds).toBe(seconds.Inverter);
      expect(data.score).toBeGreaterThan(0);
      // The seller's preview, made before the customer's view, sent nothing.
      expect(previewReports).toEqual([]);

      await rita.getByText(/Privacy: this page notes/).scrollIntoViewIfNeeded();
      await screenshot(rita, `proposal-engagement-note-${name}`);
      // The customer leaves the optional Solar panel out (as the page's switch does, through the public API).
      const solar = (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.blocks.find(
        (b: { title: string }) => b.title === "Solar panel",
      );
      const choice = await rita.request.post(`/api/public/proposals/${uuid}/choices`, {
        data: { blocks: [{ uuid: solar.uuid, selected: false }] },
      });
      expect(choice.status()).toBe(200);
      await context.close();

      // The seller reads it in the editor: the score, the views, and the time per block as bars and as a table.
      await page.goto(`/proposals/${uuid}/edit`);
      const panel = page.getByRole("region", { name: "What the customer read" });
      await expect(panel.getByText(`${data.score} / 100 engagement`)).toBeVisible();
      await expect(panel.getByText(/^1 view, /)).toBeVisible();
      await expect(panel.getByRole("list", { name: "Views" }).getByRole("listitem")).toHaveText([
        new RegExp(name === "phone" ? "Phone$" : "Desktop$"),
      ]);
      const chart = panel.getByRole("figure", { name: "Time per block" });
      await expect(chart).toHaveAccessibleDescription(
        new RegExp(`Most time on “Inverter” \\(${seconds.Inverter} s\\); 1 of 3 blocks seen`),
      );
      await expect(panel.getByRole("list", { name: "Choices changed" })).toContainText("Solar panel: left out");
      await panel.getByText("How the score is made").click();
      await expect(panel.getByText(/reading_time/)).toBeVisible();
      await chart.getByRole("button", { name: "Show as table" }).click();
      const rows = chart.getByRole("region", { name: "Time per block, as a table" }).getByRole("row");
      await expect(rows).toHaveText(["BlockSeconds", "Solar panel0", `Inverter${seconds.Inverter}`, "Battery0"]);
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, "proposal editor with its engagement panel");
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `proposal-engagement-panel-${name}`);
    });
  });
}
