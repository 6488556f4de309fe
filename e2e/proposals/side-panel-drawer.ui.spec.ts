import { expect, test } from "../support/fixtures";
import { VIEWPORTS } from "../support/helpers";
import { closeSidePanel, createCompany, openSidePanel, proposalsApi } from "./helpers";

/**
 * The editor's side panel is one panel at every width (beside the page, or a drawer on the app's
 * modal on a phone): closing the drawer keeps what was typed in it, and leaving a field by closing
 * it with Escape saves the field as leaving it any other way does.
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[SIDE PANEL] ${name}`, () => {
    test.use({ viewport });

    test(`what is typed in the side panel is still there after closing and opening it, and a field left with Escape is saved (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Seller");
      const company = await createCompany(page, "Sunny Roofs");
      const created = await proposalsApi(page, "POST", "/v3/proposals", { company_id: company.id, language: "en", title_md: "Roof offer" });
      const uuid = created.proposal.uuid as string;
      await page.goto(`/proposals/${uuid}/edit`);

      await openSidePanel(page);
      await page.getByLabel("New variable name").fill("client");
      const language = page.getByRole("region", { name: "Settings" }).getByLabel("Language");
      await language.fill("sv");
      const drawer = page.getByRole("dialog", { name: "Recipient and settings" });
      if (await drawer.isVisible()) {
        await page.keyboard.press("Escape");
        await expect(drawer).toBeHidden();
        await expect(page.getByRole("button", { name: "Recipient and settings" })).toBeFocused();
      } else {
        // Beside the page nothing closes: the field is left for the next one.
        await page.keyboard.press("Tab");
      }
      await expect.poll(async () => (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.language).toBe("sv");

      await closeSidePanel(page);
      await openSidePanel(page);
      await expect(page.getByLabel("New variable name")).toHaveValue("client");
      await expect(page.getByRole("region", { name: "Settings" }).getByLabel("Language")).toHaveValue("sv");
    });
  });
}
