import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { customerPage, draftForCora, overflowsSideways, proposalsApi } from "./helpers";

/**
 * Issue 28, markdown the way people type it (docs/decisions/041): `**bold**` as well as `*bold*`,
 * and `- ` and `1. ` lines as lists, typed in the editor's description, shown on the editor's page
 * (which is the customer's page, edited in place) and on the customer's page after sending. The
 * editor runs the server's renderer in the browser; the test holds its HTML equal to the
 * description_html the server stored and to what the customer's page shows.
 */

const DESCRIPTION = [
  "# Your new roof",
  "We fit **twelve panels** and *rails* & clamps.",
  "- Panels",
  "- Rails",
  "",
  "1. Survey",
  "2. Install",
].join("\n");

/** HTML as the browser serialises it once parsed: how the server's string and the editor's DOM compare. */
const asParsed = (page: Page, html: string) =>
  page.evaluate((source) => {
    const template = document.createElement("template");
    template.innerHTML = source;
    return template.innerHTML;
  }, html);

/** The list's tag, marker style and left padding (room for the marker), as the browser laid it out. */
const listStyle = (list: Locator) =>
  list.evaluate((el) => {
    const style = getComputedStyle(el);
    return { tag: el.tagName.toLowerCase(), marker: style.listStyleType, padding: parseFloat(style.paddingLeft) };
  });

/** Bold, a bulleted and a numbered list with their markers on screen, and no star left over. */
async function expectBoldAndLists(page: Page, description: Locator) {
  await expect(description.locator("strong")).toHaveText(["twelve panels", "rails"]);
  expect(
    await description
      .locator("strong")
      .first()
      .evaluate((el) => Number(getComputedStyle(el).fontWeight)),
  ).toBeGreaterThanOrEqual(600);
  await expect(description).not.toContainText("*");
  const lists = description.getByRole("list");
  await expect(lists).toHaveCount(2);
  await expect(lists.nth(0).getByRole("listitem")).toHaveText(["Panels", "Rails"]);
  await expect(lists.nth(1).getByRole("listitem")).toHaveText(["Survey", "Install"]);
  expect(await listStyle(lists.nth(0))).toMatchObject({ tag: "ul", marker: "disc" });
  expect(await listStyle(lists.nth(1))).toMatchObject({ tag: "ol", marker: "decimal" });
  const width = page.viewportSize()!.width;
  for (const list of [lists.nth(0), lists.nth(1)]) {
    // Markers sit outside the items' text, in the list's padding: room for them, on the screen.
    expect((await listStyle(list)).padding).toBeGreaterThanOrEqual(16);
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[PROPOSAL MARKDOWN] ${name}`, () => {
    test.use({ viewport });

    test(`**bold** and - / 1. lists typed in the editor show on its page and on the customer's page alike (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const { uuid } = await draftForCora(page, "Roof offer");
      await page.goto(`/proposals/${uuid}/edit`);
      await page.getByRole("button", { name: "Edit the description" }).click();
      const field = page.getByLabel("Description", { exact: true });
      await expect(field).toHaveValue("");
      await field.fill(DESCRIPTION);
      // While typing, the result shows right below the markdown.
      const live = page.getByRole("region", { name: "The description as the customer sees it" });
      await expect(live.getByRole("heading", { name: "Your new roof" })).toBeVisible();
      await page.getByRole("button", { name: "Done" }).click();

      // Left, the field is the page again: the description as the customer will read it.
      const preview = page.getByTestId("description-as-shown");
      await expect(preview.getByRole("heading", { level: 2, name: "Your new roof" })).toBeVisible();
      await expectBoldAndLists(page, preview);
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `markdown-editor-${name}`);

      // Saved, the server's description_html is exactly what the editor shows (headings one level
      // down under the page's title, as on the customer's page).
      await expect.poll(async () => (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.description_md).toBe(DESCRIPTION);
      const stored: string = (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.description_html;
      expect(stored).toContain("<ul>");
      expect(stored).toContain("<strong>twelve panels</strong>");
      const demoted = stored.replace(/<(\/?)h([1-3])>/g, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}>`);
      const editorHtml = await preview.locator(":scope > div").evaluate((el) => el.innerHTML);
      expect(editorHtml).toBe(await asParsed(page, demoted));

      await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, { notify_recipient: false });
      const customer = await customerPage(browser, baseURL!, viewport);
      await customer.goto(`/p/${uuid}`);
      await expect(customer.getByRole("heading", { level: 1, name: "Roof offer" })).toBeVisible();
      const description = customer.getByRole("region", { name: "Description" });
      // The description's # heading moves one level down under the page's title.
      await expect(description.getByRole("heading", { level: 2, name: "Your new roof" })).toBeVisible();
      await expectBoldAndLists(customer, description);
      expect(await description.locator(":scope > div").evaluate((el) => el.innerHTML)).toBe(editorHtml);
      expect(await overflowsSideways(customer)).toBe(false);
      await screenshot(customer, `markdown-recipient-${name}`);
      await customer.context().close();
    });
  });
}
