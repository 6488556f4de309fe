import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { boxesAtOnce, screenshot, VIEWPORTS } from "../support/helpers";
import { createCompany, openSidePanel, overflowsSideways, proposalsApi } from "./helpers";

/**
 * The editor's side panel is narrow (about 22rem beside the page, a drawer on a phone): its
 * variables, settings and attachments fields stack at the panel's full width instead of squeezing
 * two to a row, and a new variable's fields have one-line labels.
 */

/** Each locator's field is below the one before and spans `container`'s content (less its padding). */
async function expectStacked(page: Page, container: Locator, fields: Locator[]) {
  const [outer, ...boxes] = await boxesAtOnce(page, [container, ...fields]);
  let bottom = -Infinity;
  for (const [i, b] of boxes.entries()) {
    const field = fields[i];
    expect(b.y, `${field} below the field before it`).toBeGreaterThanOrEqual(bottom);
    expect(b.width, `${field} as wide as the panel`).toBeGreaterThan(outer.width - 40);
    bottom = b.y + b.height;
  }
}

/** A new salesperson's company and a draft whose title uses the variable `customer`; answers the draft's uuid. */
async function draft(page: Page, signUpAndSignIn: (name?: string) => Promise<unknown>) {
  await signUpAndSignIn("Sam Seller");
  const company = await createCompany(page, "Sunny Roofs");
  const created = await proposalsApi(page, "POST", "/v3/proposals", {
    company_id: company.id,
    language: "en",
    title_md: "Offer for [our customer](data:text/plain,customer)",
  });
  return created.proposal.uuid as string;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[SIDE PANEL] ${name}`, () => {
    test.use({ viewport });

    test(`a variable is added from stacked full-width fields, renamed and filled in (${name})`, async ({ page, signUpAndSignIn }) => {
      const uuid = await draft(page, signUpAndSignIn);
      await page.goto(`/proposals/${uuid}/edit`);
      await openSidePanel(page);
      const form = page.getByRole("form", { name: "Add a variable" });
      const key = form.getByLabel("New variable name");
      const text = form.getByLabel("New variable value");
      const add = form.getByRole("button", { name: "Add variable" });

      // Name above value above the button, each as wide as the form's content, labels one line high.
      await expectStacked(page, form, [key, text, add]);
      for (const field of [key, text]) {
        // The label's text sits above its field: one line of it, not three.
        const [label, input] = await boxesAtOnce(page, [field.locator("xpath=ancestor::label"), field]);
        expect(input.y - label.y, "one line of label text above the field").toBeLessThan(26);
      }
      expect(await overflowsSideways(page)).toBe(false);

      // The title uses `customer` without a value until it is added.
      await expect(page.getByText("Used without a value (the fallback text shows): customer.")).toBeVisible();
      await key.fill("client");
      await text.fill("Lind Farms");
      await add.click();
      await expect(page.getByLabel("Value of client")).toHaveValue("Lind Farms");
      await expect(key).toHaveValue("");
      await expect(page.getByText("Not used yet")).toBeVisible();
      await screenshot(page, `variables-panel-${name}`);

      await page.getByRole("button", { name: "Rename client" }).click();
      await page.getByLabel("New name for client").fill("customer");
      await page.getByRole("button", { name: "Rename", exact: true }).click();
      await expect(page.getByText("Used in the title")).toBeVisible();
      await page.getByLabel("Value of customer").fill("Lind Farms AB");
      await expect
        .poll(async () => (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.data)
        .toEqual({ customer: "Lind Farms AB" });
      expect(await overflowsSideways(page)).toBe(false);
    });

    test(`settings and attachment fields take the side panel's full width, one under another (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const uuid = await draft(page, signUpAndSignIn);
      await page.goto(`/proposals/${uuid}/edit`);
      await openSidePanel(page);
      const settings = page.getByRole("region", { name: "Settings" });
      const tax = settings.getByLabel("Tax mode");
      await expectStacked(page, settings, [
        settings.getByLabel("Contact person (email)"),
        settings.getByLabel("Language"),
        tax,
        settings.getByLabel("Upload a background image").locator("xpath=ancestor::label"),
      ]);
      // The checkbox on a line of its own under the tax mode, not squeezed beside it.
      const [taxBox, checkbox] = await boxesAtOnce(page, [tax, settings.getByLabel("Prices include tax")]);
      expect(checkbox.y).toBeGreaterThanOrEqual(taxBox.y + taxBox.height);
      const form = page.getByRole("form", { name: "Add an attachment" });
      await expectStacked(page, form, [
        form.getByLabel("Attachment type"),
        form.getByLabel("Attachment name"),
        form.getByLabel("Attachment url"),
      ]);
      expect(await overflowsSideways(page)).toBe(false);
    });
  });
}
