import type { Page } from "@playwright/test";
import { pngBytes } from "../../lib/files/test-images";
import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { customerPage, overflowsSideways } from "./helpers";

/**
 * Buyer choices (docs/decisions/035-buyer-choices.md): the customer leaves out an optional item and
 * changes a quantity on /p/{uuid}, the totals follow at once and equal the server's, the sales
 * editor shows the selection; and a newer version opens with what changed since the one they saw.
 * The sales side's data is made through the proposals API by the signed-in user of the test's page.
 */

async function api<T = any>(page: Page, baseURL: string, method: "GET" | "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api/proposals${path}`, { method, data, headers: { origin: baseURL } });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A company with two items at 25 % tax, with a picture: solar panels (100 per pcs) and a battery (4,000). */
async function catalogue(page: Page, baseURL: string) {
  const company = (await api(page, baseURL, "POST", "/v3/companies", { name: "Sunny Roofs AB" })).data as { id: number };
  const upload = await page.request.post("/api/proposals/v3/images", {
    headers: { origin: baseURL },
    multipart: { file: { name: "item.png", mimeType: "image/png", buffer: pngBytes(8, 6) }, company_id: String(company.id) },
  });
  if (!upload.ok()) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
  const image = (await upload.json()).data as { uuid: string };
  const item = async (title: string, price: number, unit?: string) =>
    (
      await api(page, baseURL, "POST", "/v3/content", {
        company_id: company.id,
        language: "en",
        title,
        images: [{ uuid: image.uuid }],
        price,
        tax_rate: 25,
        ...(unit ? { unit } : {}),
      })
    ).data.variation_id as number;
  return { companyId: company.id, panel: await item("Solar panel", 100, "pcs"), battery: await item("Battery", 4000) };
}

/** A sent offer for Rita: 2 panels (she may choose 1 to 10) and an optional battery, included to start with. */
async function sentOffer(page: Page, baseURL: string) {
  const { companyId, panel, battery } = await catalogue(page, baseURL);
  const created = await api(page, baseURL, "POST", "/v3/proposals", {
    company_id: companyId,
    language: "en",
    title_md: "Solar roof for the Lindqvist house",
    description_md: "# Your new roof\n\nTwelve panels on the south side.\n\nDelivery in May.",
    recipient: { first_name: "Rita", last_name: "Recipient", email: "rita@customer.example" },
    tax_options: { mode: "standard" },
    blocks: [
      { content_id: panel, quantity: 2, quantity_min: 1, quantity_max: 10 },
      { content_id: battery, optional: true, selected: true },
    ],
  });
  const uuid = created.proposal.uuid as string;
  await api(page, baseURL, "POST", `/v3/proposals/${uuid}/send`, {});
  return { uuid, companyId, panel, battery };
}

const euro = (value: number) => new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(value);
const total = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Totals" })
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");

for (const { name, viewport } of VIEWPORTS) {
  test(`[CHOICES] on a ${name}, the customer leaves out an option and changes a quantity; the totals equal the server's and the editor shows the selection`, async ({
    page,
    browser,
    baseURL,
    signUpAndSignIn,
  }) => {
    await signUpAndSignIn("Sam Sales");
    await page.setViewportSize(viewport);
    const offer = await sentOffer(page, baseURL!);

    const rita = await customerPage(browser, baseURL!, viewport);
    await rita.goto(`/p/${offer.uuid}`);
    // 2 × 100 + 4,000, and 25 % tax on top.
    await expect(total(rita, "Total incl. tax")).toHaveText("€5,250.00");
    const battery = rita.getByRole("article", { name: "Battery" });
    await expect(battery).toContainText("Included in the offer");

    // Left out: its line is struck through and the totals drop at once, before any answer from the server.
    const include = rita.getByRole("switch", { name: "Include Battery" });
    await expect(include).toBeChecked();
    await include.uncheck();
    await expect(include).not.toBeChecked();
    await expect(battery).toContainText("Not included");
    await expect(total(rita, "Total incl. tax")).toHaveText("€250.00");

    // More panels with the stepper, then a quantity typed in; one the range does not allow is explained and does not count.
    const panels = rita.getByRole("article", { name: "Solar panel" });
    await panels.getByRole("button", { name: "More: Solar panel" }).click();
    await panels.getByRole("button", { name: "More: Solar panel" }).click();
    await expect(panels.getByLabel("Quantity of Solar panel")).toHaveValue("4");
    await expect(total(rita, "Total excl. tax")).toHaveText("€400.00");
    const quantity = panels.getByLabel("Quantity of Solar panel");
    await quantity.fill("12");
    await expect(panels.getByText("Choose a quantity from 1–10 pcs.")).toBeVisible();
    await expect(total(rita, "Total excl. tax")).toHaveText("€400.00");
    await quantity.fill("6");
    await expect(panels.getByText("You can choose 1–10 pcs.")).toBeVisible();
    await expect(total(rita, "Total incl. tax")).toHaveText("€750.00");
    await expect(panels.getByLabel("Line total", { exact: true })).toHaveText("€600.00");
    await expect(rita.getByRole("status").filter({ hasText: "Your choices are saved." })).toBeVisible();
    if (name === "phone") {
      expect(await overflowsSideways(rita)).toBe(false);
      await include.scrollIntoViewIfNeeded();
      await expect(include).toBeInViewport();
    }
    await screenshot(rita, `${name}-proposal-choices`);

    // The server holds what the page shows, and the trail has the choices (a burst of clicks is one save).
    const read = (await api(page, baseURL!, "GET", `/v3/proposals/${offer.uuid}`)).data;
    expect(read.blocks.map((b: { quantity: number; selected: boolean }) => [b.quantity, b.selected])).toEqual([
      [6, true],
      [1, false],
    ]);
    await expect(total(rita, "Total incl. tax")).toHaveText(euro(read.value_with_tax));
    await expect(total(rita, "Total excl. tax")).toHaveText(euro(read.value_without_tax));
    const trail = (await api(page, baseURL!, "GET", `/v3/proposals/${offer.uuid}/events`)).data as {
      type: string;
      detail: { value_with_tax?: number };
    }[];
    const choices = trail.filter((e) => e.type === "choices_changed");
    expect(choices.length).toBeGreaterThanOrEqual(1);
    // At most one per change (four were made), however slowly they came.
    expect(choices.length).toBeLessThanOrEqual(4);
    expect(choices.at(-1)!.detail.value_with_tax).toBe(750);

    // After a reload the page shows the saved choices.
    await rita.reload();
    await expect(rita.getByRole("switch", { name: "Include Battery" })).not.toBeChecked();
    await expect(total(rita, "Total incl. tax")).toHaveText("€750.00");

    // The sales person sees the customer's selection in the editor.
    await page.goto(`/proposals/${offer.uuid}/edit`);
    // A sent proposal's editor is the customer's page as it stands: their selection, nothing to edit.
    const leftOut = page.getByRole("article", { name: "Battery" });
    await expect(leftOut).toContainText("Not included");
    await expect(leftOut.getByLabel("Line total, not included")).toHaveText("€4,000.00");
    await expect(page.getByRole("article", { name: "Solar panel" })).toContainText("6 × €100.00");
    await expect(page.getByRole("region", { name: "The customer's view" }).getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Totals" }).first()).toContainText("€750.00");
    if (name === "phone") expect(await overflowsSideways(page)).toBe(false);

    // Accepting freezes the choices: the page shows them without the controls.
    await rita.getByLabel("Your full name").fill("Rita Recipient");
    await rita.getByRole("checkbox", { name: /typing my name is my electronic signature/ }).check();
    await rita.getByRole("button", { name: "Accept proposal" }).click();
    await expect(rita.getByRole("status").filter({ hasText: /^Accepted by Rita Recipient/ })).toBeVisible();
    await expect(rita.getByRole("switch")).toHaveCount(0);
    await expect(rita.getByRole("article", { name: "Battery" })).toContainText("Not included");
    await expect(total(rita, "Total incl. tax")).toHaveText("€750.00");
    await rita.context().close();
  });

  test(`[CHOICES] on a ${name}, sales staff make a draft's product optional with a quantity range in the editor`, async ({
    page,
    baseURL,
    signUpAndSignIn,
  }) => {
    await signUpAndSignIn("Sam Sales");
    await page.setViewportSize(viewport);
    const { companyId, battery } = await catalogue(page, baseURL!);
    const created = await api(page, baseURL!, "POST", "/v3/proposals", {
      company_id: companyId,
      language: "en",
      title_md: "Battery offer",
      tax_options: { mode: "standard" },
      blocks: [{ content_id: battery, quantity: 2 }],
    });
    const uuid = created.proposal.uuid as string;

    await page.goto(`/proposals/${uuid}/edit`);
    const card = page.getByRole("article", { name: "Block 1: Battery" });
    await expect(page.getByLabel("Line total of Battery")).toHaveText("€8,000.00");
    await card.getByLabel("Optional: the customer may leave it out").check();
    await card.getByRole("button", { name: "Quantity range" }).click();
    await card.getByLabel("Customer's minimum").fill("1");
    await card.getByLabel("Customer's maximum").fill("5");
    await card.getByLabel("Included until the customer leaves it out").uncheck();
    // Left out to start with: the line keeps its price, the totals drop to nothing.
    await expect(page.getByRole("region", { name: "Totals" }).first()).toContainText("Total incl. tax€0.00");
    await expect(card.getByText("Saved")).toBeVisible();
    await expect
      .poll(async () => {
        const [block] = (await api(page, baseURL!, "GET", `/v3/proposals/${uuid}`)).data.blocks;
        return [block.optional, block.selected, block.quantity_min, block.quantity_max];
      })
      .toEqual([true, false, 1, 5]);

    // A maximum below the quantity is explained beside the fields and not saved.
    await card.getByLabel("Customer's maximum").fill("1");
    await expect(card.getByRole("alert")).toHaveText(
      "The quantity lies from the customer's minimum to their maximum. Not saved until it is fixed.",
    );
    const [stored] = (await api(page, baseURL!, "GET", `/v3/proposals/${uuid}`)).data.blocks;
    expect(stored.quantity_max).toBe(5);
    if (name === "phone") expect(await overflowsSideways(page)).toBe(false);
  });

  test(`[CHOICES] on a ${name}, a newer version opens with what changed since the version the customer viewed`, async ({
    page,
    browser,
    baseURL,
    signUpAndSignIn,
  }) => {
    await signUpAndSignIn("Sam Sales");
    await page.setViewportSize(viewport);
    const offer = await sentOffer(page, baseURL!);

    const rita = await customerPage(browser, baseURL!, viewport);
    await rita.goto(`/p/${offer.uuid}`);
    await expect(rita.getByRole("heading", { level: 1, name: "Solar roof for the Lindqvist house" })).toBeVisible();
    // Her first look at the series: nothing to compare with.
    await expect(rita.getByRole("region", { name: /What changed since version/ })).toHaveCount(0);

    const v1 = (await api(page, baseURL!, "GET", `/v3/proposals/${offer.uuid}`)).data;
    const next = await api(page, baseURL!, "POST", `/v3/proposals/${offer.uuid}`, {
      company_id: offer.companyId,
      language: "en",
      description_md: "# Your new roof\n\nFourteen panels on the south side.\n\nDelivery in May.",
      blocks: [{ uuid: v1.blocks[0].uuid, content_id: offer.panel, quantity: 4, price: 90 }],
    });
    const v2 = next.proposal.uuid as string;
    await api(page, baseURL!, "POST", `/v3/proposals/${v2}/send`, {});

    await rita.goto(`/p/${offer.uuid}`);
    await rita.getByRole("link", { name: "Open the current version" }).click();
    await expect(rita).toHaveURL(new RegExp(`/p/${v2}$`));
    const summary = rita.getByRole("region", { name: "What changed since version 1" });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(/You last viewed version 1 on \d{1,2} \w+ \d{4}\. This is version 2; here is what is different\./);
    // Amounts as the page shows its lines: without tax, as the prices are written.
    await expect(summary).toContainText("Removed: Battery (was €4,000.00)");
    await expect(summary).toContainText(
      "Solar panel: Price now €90.00 (was €100.00); quantity now 4 pcs (was 2 pcs); line total now €360.00 (was €200.00).",
    );
    await expect(summary).toContainText("Total excl. tax: now €360.00 (was €4,200.00).");
    await expect(summary).toContainText("Now: Fourteen panels on the south side.");
    await expect(summary).toContainText("Was: Twelve panels on the south side.");
    // The totals it names are the page's and the server's.
    const read = (await api(page, baseURL!, "GET", `/v3/proposals/${v2}`)).data;
    expect(euro(read.value_without_tax)).toBe("€360.00");
    await expect(total(rita, "Total excl. tax")).toHaveText("€360.00");
    await expect(total(rita, "Total incl. tax")).toHaveText(euro(read.value_with_tax));
    if (name === "phone") expect(await overflowsSideways(rita)).toBe(false);
    await screenshot(rita, `${name}-proposal-changes`);

    // Dismissed, it stays dismissed in this browser.
    await summary.getByRole("button", { name: "Dismiss the summary of changes" }).click();
    await expect(summary).toHaveCount(0);
    await rita.reload();
    await expect(rita.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(rita.getByRole("region", { name: /What changed since version/ })).toHaveCount(0);
    await rita.context().close();
  });
}
