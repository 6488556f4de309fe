import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { boxesAtOnce } from "../support/helpers";
import { proposalsApi, roofLibrary } from "./helpers";

/*
 * The proposal editor is the customer's page, edited where the customer reads it: the title in the
 * cover, the description rendered with a field that opens in place, each block's fields in the
 * block, the library opening between blocks, and the customer's view showing the same page with
 * nothing editable on it.
 */

type Products = { solar: number; inverter: number; battery: number };
type Setup = Products & { companyId: number; uuid: string };

/**
 * A new salesperson with a company, three library products (Solar panel 100, Inverter 50, Battery
 * 200, tax 25%) and a draft in standard tax mode with the blocks `blocks` names.
 */
async function setUp(
  page: Page,
  signUpAndSignIn: () => Promise<unknown>,
  blocks: (products: Products) => Record<string, unknown>[] = () => [],
): Promise<Setup> {
  await signUpAndSignIn();
  const { companyId, product } = await roofLibrary(page);
  const products = {
    solar: await product("Solar panel", 100),
    inverter: await product("Inverter", 50),
    battery: await product("Battery", 200),
  };
  const created = await proposalsApi(page, "POST", "/v3/proposals", {
    company_id: companyId,
    language: "en",
    title_md: "Roof offer",
    tax_options: { mode: "standard", tax_included: false },
    blocks: blocks(products),
  });
  return { ...products, companyId, uuid: created.proposal.uuid };
}

const editorUrl = (uuid: string) => `/proposals/${uuid}/edit`;
const blockList = (page: Page) => page.getByRole("list", { name: "Blocks of this proposal" });
const block = (page: Page, n: number, title: string) => page.getByRole("article", { name: `Block ${n}: ${title}` });
const titleField = (page: Page) => page.getByRole("textbox", { name: "Title", exact: true });
const descriptionField = (page: Page) => page.getByRole("textbox", { name: "Description", exact: true });
const field = (scope: Locator, name: string) => scope.getByRole("textbox", { name, exact: true });
const getProposal = async (page: Page, uuid: string) => (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data;

/** The Totals rows, label and amount, in order: standard tax mode has three. */
async function expectTotals(scope: Locator, [withoutTax, tax, withTax]: [string, string, string]) {
  const totals = scope.getByRole("region", { name: "Totals" });
  await expect(totals.getByRole("term")).toHaveText(["Total excl. tax", "Tax", "Total incl. tax"]);
  await expect(totals.getByRole("definition")).toHaveText([withoutTax, tax, withTax]);
}

/** The fields a person can change, anywhere on the page, as shown: none should be left on a sent proposal. */
/**
 * The proposal's fields that can be typed in, anywhere on the page. The staff's internal comments
 * are no part of the proposal (issue 41): they stay open on a sent one, and are left out here.
 */
const editableFields = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("input, textarea, select, [contenteditable]")]
      .filter((el) => !el.closest("[data-internal-comments]"))
      .filter((el) => el.checkVisibility() && el.getAttribute("contenteditable") !== "false")
      .filter((el) => !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || !el.readOnly)
      .filter(
        (el) => !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) || !el.disabled,
      )
      .map((el) => el.getAttribute("aria-label") || (el as HTMLInputElement).labels?.[0]?.textContent || el.tagName),
  );

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`${label} width`, () => {
    test.use({ viewport });

    test(`[PROPOSAL IN PLACE] (${label}) the title, the description and a block's price are edited where the customer reads them, the totals follow at once and the server has every value`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn, (p) => [{ content_id: p.solar }, { content_id: p.inverter }]);
      await page.goto(editorUrl(s.uuid));
      await expect(titleField(page)).toHaveValue("Roof offer");
      // The title is typed in the cover, where its heading stands; the page's h1 is the title as the customer reads it.
      await expect(titleField(page)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roof offer");
      await expectTotals(page.locator("body"), ["€150.00", "€37.50", "€187.50"]);

      await titleField(page).fill("A new roof for the Lind farm");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("A new roof for the Lind farm");

      // The description opens in place, shows what the customer will read as it is typed, and closes with Done.
      await expect(descriptionField(page)).toBeHidden();
      await page.getByRole("button", { name: "Edit the description" }).click();
      await expect(descriptionField(page)).toBeFocused();
      const description = "We install **solar panels** that last.\n\n- Panels on the south roof\n- An inverter in the barn";
      await descriptionField(page).fill(description);
      const asTyped = page.getByRole("region", { name: "The description as the customer sees it" });
      await expect(asTyped.locator("strong")).toHaveText("solar panels");
      await expect(asTyped.getByRole("listitem")).toHaveText(["Panels on the south roof", "An inverter in the barn"]);
      await page.getByRole("button", { name: "Done" }).click();
      await expect(descriptionField(page)).toBeHidden();
      const shown = page.getByTestId("description-as-shown");
      await expect(shown.locator("strong")).toHaveText("solar panels");
      await expect(shown.getByRole("list")).toHaveCount(1);
      await expect(shown.getByRole("listitem")).toHaveText(["Panels on the south roof", "An inverter in the barn"]);

      // 120 instead of 100 for the panel: its line and the totals change as it is typed, before any save.
      const solar = block(page, 1, "Solar panel");
      await field(solar, "Price").fill("120");
      await expect(page.getByRole("status", { name: "Line total of Solar panel" })).toHaveText("€120.00");
      await expectTotals(page.locator("body"), ["€170.00", "€42.50", "€212.50"]);
      await expect(page.getByRole("status", { name: "Line total of Inverter" })).toHaveText("€50.00");

      await expect
        .poll(async () => {
          const p = await getProposal(page, s.uuid);
          return {
            title_md: p.title_md,
            description_md: p.description_md,
            bold: p.description_html.includes("<strong>solar panels</strong>"),
            items: p.description_html.match(/<li>/g)?.length ?? 0,
            price: p.blocks[0]?.price,
            without: p.value_without_tax,
            with: p.value_with_tax,
          };
        })
        .toEqual({
          title_md: "A new roof for the Lind farm",
          description_md: description,
          bold: true,
          items: 2,
          price: 120,
          without: 170,
          with: 212.5,
        });
    });

    test(`[PROPOSAL IN PLACE] (${label}) a library item added between two blocks lands there, on screen and on the server`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn, (p) => [{ content_id: p.solar }, { content_id: p.inverter }]);
      await page.goto(editorUrl(s.uuid));
      await expect(block(page, 2, "Inverter")).toBeVisible();

      await page.getByRole("button", { name: "Add from library here, before Inverter" }).click();
      const picker = page.getByRole("dialog", { name: "Add from the library" });
      await expect(picker).toHaveCount(1);
      // It opens right there: below the first block, above the second.
      const [first, opened, second] = await boxesAtOnce(page, [block(page, 1, "Solar panel"), picker, block(page, 2, "Inverter")]);
      expect(opened.y).toBeGreaterThanOrEqual(first.y + first.height);
      expect(opened.y + opened.height).toBeLessThanOrEqual(second.y);

      await picker.getByRole("searchbox", { name: "Search the library" }).fill("battery");
      await expect(picker.getByRole("button", { name: "Add Solar panel" })).toBeHidden();
      await picker.getByRole("button", { name: "Add Battery" }).click();
      await expect(picker).toBeHidden();

      await expect(blockList(page).getByRole("article")).toHaveCount(3);
      await expect(block(page, 1, "Solar panel")).toBeVisible();
      await expect(block(page, 2, "Battery")).toBeVisible();
      await expect(block(page, 3, "Inverter")).toBeVisible();
      await expectTotals(page.locator("body"), ["€350.00", "€87.50", "€437.50"]);
      await expect
        .poll(async () => (await getProposal(page, s.uuid)).blocks.map((b: { title: string }) => b.title))
        .toEqual(["Solar panel", "Battery", "Inverter"]);
    });

    test(`[PROPOSAL IN PLACE] (${label}) the customer's view shows what was typed with nothing editable, at a phone's width on request, and Edit brings the fields back`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn, (p) => [{ content_id: p.solar }, { content_id: p.inverter }]);
      await page.goto(editorUrl(s.uuid));
      await titleField(page).fill("Solar for the Lind farm");
      // A click on the text opens the description; leaving the field closes it.
      await page.getByTestId("description-as-shown").click();
      await descriptionField(page).fill("Panels **on the roof**, fitted in a day.");
      await field(block(page, 1, "Solar panel"), "Quantity").click();
      await expect(descriptionField(page)).toBeHidden();
      await field(block(page, 1, "Solar panel"), "Quantity").fill("2");
      await expectTotals(page.locator("body"), ["€250.00", "€62.50", "€312.50"]);

      await page.getByRole("button", { name: "Customer's view" }).click();
      await expect(page.getByRole("button", { name: "Customer's view" })).toHaveAttribute("aria-pressed", "true");
      const view = page.getByRole("region", { name: "The customer's view" });
      await expect(view).toBeVisible();
      for (const role of ["textbox", "spinbutton", "checkbox", "combobox", "searchbox"] as const) {
        await expect(view.getByRole(role)).toHaveCount(0);
      }
      await expect(titleField(page)).toHaveCount(0);
      await expect(view.getByRole("heading", { level: 1 })).toHaveText("Solar for the Lind farm");
      await expect(view.getByRole("region", { name: "Description" }).locator("strong")).toHaveText("on the roof");
      await expect(view.getByRole("region", { name: "Description" })).toContainText("Panels on the roof, fitted in a day.");
      await expectTotals(view, ["€250.00", "€62.50", "€312.50"]);

      if (label === "desktop") expect((await view.boundingBox())!.width).toBeGreaterThan(390);
      await page.getByRole("button", { name: "Phone" }).click();
      await expect(page.getByRole("button", { name: "Phone" })).toHaveAttribute("aria-pressed", "true");
      await expect.poll(async () => (await view.boundingBox())?.width).toBeLessThanOrEqual(390);
      await expect(view.getByRole("heading", { level: 1 })).toHaveText("Solar for the Lind farm");
      await expect(view.getByRole("textbox")).toHaveCount(0);

      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await expect(view).toHaveCount(0);
      await expect(titleField(page)).toHaveValue("Solar for the Lind farm");
      await expect(page.getByTestId("description-as-shown").locator("strong")).toHaveText("on the roof");
      await expect(field(block(page, 1, "Solar panel"), "Quantity")).toHaveValue("2");
      await expectTotals(page.locator("body"), ["€250.00", "€62.50", "€312.50"]);
    });

    test(`[PROPOSAL IN PLACE] (${label}) edits that save together, or while the page switches to the customer's view, are all kept whatever order the answers come in`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn, (p) => [{ content_id: p.solar }, { content_id: p.inverter }]);
      const isBlockSave = (r: { method(): string; url(): string }) => r.method() === "PATCH" && r.url().includes("/blocks/");
      // The title's save is answered late: once the page has the block's answer, had the block's
      // save gone out beside it (else after two seconds).
      let blockStored = () => {};
      const stored = new Promise<void>((done) => (blockStored = done));
      await page.route(`**/api/proposals/v3/proposals/${s.uuid}`, async (route) => {
        if (route.request().method() !== "PATCH") return route.continue();
        const response = await route.fetch();
        await Promise.race([stored, new Promise((done) => setTimeout(done, 2_000))]);
        await route.fulfill({ response });
      });
      await page.goto(editorUrl(s.uuid));
      const titleSaved = page.waitForRequest((r) => r.method() === "PATCH" && r.url().endsWith(`/proposals/${s.uuid}`));
      await titleField(page).fill("Solar for the Lind farm");
      await titleSaved;
      await field(block(page, 1, "Solar panel"), "Quantity").fill("2");
      await expect(page.getByRole("toolbar", { name: "Tools of Solar panel" }).getByRole("status")).toContainText("Saved");
      blockStored();
      await expect(page.getByRole("status").filter({ hasText: "Saving" })).toHaveCount(0);
      // The fields go and come back: they are made again from what the page holds of the server.
      await page.getByRole("button", { name: "Customer's view" }).click();
      await expectTotals(page.getByRole("region", { name: "The customer's view" }), ["€250.00", "€62.50", "€312.50"]);
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await expect(titleField(page)).toHaveValue("Solar for the Lind farm");
      await expect(field(block(page, 1, "Solar panel"), "Quantity")).toHaveValue("2");
      await expectTotals(page.locator("body"), ["€250.00", "€62.50", "€312.50"]);
      await expect
        .poll(async () => {
          const p = await getProposal(page, s.uuid);
          return [p.title_md, p.blocks[0].quantity];
        })
        .toEqual(["Solar for the Lind farm", 2]);

      // A quantity typed while the last one is still saving, just before the fields go, is saved after it.
      await page.unroute(`**/api/proposals/v3/proposals/${s.uuid}`);
      let answer = () => {};
      const answered = new Promise<void>((done) => (answer = done));
      await page.route(`**/api/proposals/v3/proposals/${s.uuid}/blocks/*`, async (route) => {
        const response = await route.fetch();
        await answered;
        await route.fulfill({ response });
      });
      const firstSave = page.waitForRequest(isBlockSave);
      await field(block(page, 1, "Solar panel"), "Quantity").fill("4");
      await firstSave;
      await field(block(page, 1, "Solar panel"), "Quantity").fill("5");
      await page.getByRole("button", { name: "Customer's view" }).click();
      await expectTotals(page.getByRole("region", { name: "The customer's view" }), ["€550.00", "€137.50", "€687.50"]);
      answer();
      await expect.poll(async () => (await getProposal(page, s.uuid)).blocks[0].quantity).toBe(5);
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await expect(field(block(page, 1, "Solar panel"), "Quantity")).toHaveValue("5");
      await page.reload();
      await expect(field(block(page, 1, "Solar panel"), "Quantity")).toHaveValue("5");
      await expectTotals(page.locator("body"), ["€550.00", "€137.50", "€687.50"]);
    });

    test(`[PROPOSAL IN PLACE] (${label}) a sent proposal shows no editable field and its link is copied`, async ({
      page,
      context,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn, (p) => [{ content_id: p.solar }]);
      await proposalsApi(page, "POST", `/v3/proposals/${s.uuid}/send`, {});
      const origin = new URL(test.info().project.use.baseURL ?? "").origin;
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
      await page.goto(editorUrl(s.uuid));

      await expect(page.getByRole("region", { name: "This proposal" })).toContainText(
        "This proposal was sent and can no longer be edited.",
      );
      const view = page.getByRole("region", { name: "The customer's view" });
      await expect(view.getByRole("heading", { level: 1 })).toHaveText("Roof offer");
      await expect(view.getByRole("article", { name: /Solar panel/ })).toBeVisible();
      for (const role of ["textbox", "spinbutton", "checkbox", "combobox", "searchbox"] as const) {
        await expect(view.getByRole(role)).toHaveCount(0);
      }
      await expect(page.getByRole("button", { name: "Customer's view" })).toHaveCount(0);
      await expect(titleField(page)).toHaveCount(0);
      // Anywhere on the page: only the link to share, which is read-only.
      expect(await editableFields(page)).toEqual([]);

      const share = page.getByRole("region", { name: "Link to share" });
      const link = share.getByRole("textbox", { name: "Customer's link" });
      await expect(link).toHaveValue(`${origin}/p/${s.uuid}`);
      await expect(link).not.toBeEditable();
      await share.getByRole("button", { name: "Copy link" }).click();
      await expect(share.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/p/${s.uuid}`);
    });

    test(`[PROPOSAL IN PLACE] (${label}) the recipient and settings are beside the page on a wide screen and a drawer on a phone`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn);
      await page.goto(editorUrl(s.uuid));
      await expect(titleField(page)).toHaveValue("Roof offer");
      const open = page.getByRole("button", { name: "Recipient and settings" });

      if (label === "desktop") {
        const panel = page.getByRole("complementary", { name: "Recipient and settings" });
        await expect(panel).toBeVisible();
        await expect(panel.getByRole("searchbox", { name: "Search contacts" })).toBeVisible();
        await expect(open).toBeHidden();
        await expect(page.getByRole("dialog", { name: "Recipient and settings" })).toHaveCount(0);
        return;
      }

      await expect(page.getByRole("searchbox", { name: "Search contacts" })).toBeHidden();
      await expect(open).toHaveAttribute("aria-expanded", "false");
      await open.click();
      const drawer = page.getByRole("dialog", { name: "Recipient and settings" });
      await expect(drawer).toBeVisible();
      await expect(open).toHaveAttribute("aria-expanded", "true");
      await expect(drawer.getByRole("searchbox", { name: "Search contacts" })).toBeVisible();
      await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();
      // A modal drawer keeps the focus: Shift+Tab from its first control wraps to its last, Tab back to the first.
      await page.keyboard.press("Shift+Tab");
      expect(
        await drawer.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== el.querySelector("button")),
      ).toBe(true);
      await page.keyboard.press("Tab");
      await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();
      await drawer.getByRole("button", { name: "Close" }).click();
      await expect(drawer).toHaveCount(0);
      // Focus goes back to the button that opened it, not to the top of the page.
      await expect(open).toBeFocused();
      await expect(page.getByRole("searchbox", { name: "Search contacts" })).toBeHidden();

      await open.click();
      await expect(drawer).toBeVisible();
      await drawer.getByRole("searchbox", { name: "Search contacts" }).fill("nobody");
      await page.keyboard.press("Escape");
      await expect(drawer).toHaveCount(0);
      await expect(page.getByRole("searchbox", { name: "Search contacts" })).toBeHidden();
      await expect(open).toBeFocused();
    });

    test(`[PROPOSAL IN PLACE] (${label}) typing in one block of thirty lands there and leaves every other block as it was`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn, (p) =>
        Array.from({ length: 30 }, (_, i) => ({
          content_id: p.solar,
          title: `Item ${i + 1}`,
          description: `About item ${i + 1}`,
          price: 10 + i,
          quantity: 1 + (i % 3),
        })),
      );
      await page.goto(editorUrl(s.uuid));
      await expect(blockList(page).getByRole("article")).toHaveCount(30);

      const names = ["Block title", "Block description", "Quantity", "Price", "Discount %"];
      const snapshot = () =>
        Promise.all(
          names.map((name) =>
            field(blockList(page), name).evaluateAll((els) => els.map((el) => (el as HTMLInputElement | HTMLTextAreaElement).value)),
          ),
        );
      const before = await snapshot();
      expect(before.map((values) => values.length)).toEqual([30, 30, 30, 30, 30]);
      expect(before[1][14]).toBe("About item 15");

      const typed = " typed in place 1234";
      expect(typed).toHaveLength(20);
      const target = field(block(page, 15, "Item 15"), "Block description");
      await target.click();
      await page.keyboard.press("ControlOrMeta+End");
      await target.pressSequentially(typed);
      await expect(target).toHaveValue(`About item 15${typed}`);

      const after = await snapshot();
      const expected = before.map((values, i) => (i === 1 ? values.map((v, j) => (j === 14 ? `About item 15${typed}` : v)) : values));
      expect(after).toEqual(expected);
      await expect
        .poll(async () => (await getProposal(page, s.uuid)).blocks.map((b: { description: string }) => b.description))
        .toEqual(expected[1]);
    });
  });
}
