import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { closeSidePanel, createCompany, createProduct, customerPage, openSidePanel, proposalsApi } from "./helpers";

/*
 * Internal comments on a proposal (issue 41): sales staff discuss the proposal or one of its blocks
 * beside the editor; the customer's page never shows them (nor the PDF or webhooks: the API's tests,
 * test/integration/proposal-comments.test.ts).
 */

const REMARK = "Check the panel price with Erik before this goes out";

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[INTERNAL COMMENTS] ${name}`, () => {
    test.use({ viewport });

    test(`staff comment on a block, reply and resolve; the customer's page shows none of it (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Seller");
      const company = await createCompany(page, "Sunny Roofs");
      const product = await createProduct(page, company.id, "Solar panel", 100);
      const created = await proposalsApi(page, "POST", "/v3/proposals", {
        company_id: company.id,
        language: "en",
        title_md: "Roof offer",
        blocks: [{ content_id: product.variation_id, quantity: 2 }],
      });
      const uuid = created.proposal.uuid as string;

      await page.goto(`/proposals/${uuid}/edit`);
      await openSidePanel(page);
      const section = page.getByRole("region", { name: "Internal comments" });
      await expect(section.getByText("Only your company sees these")).toBeVisible();
      const form = section.getByRole("form", { name: "New internal comment" });
      await form.getByLabel("About").selectOption({ label: "Block 1: Solar panel" });
      await form.getByLabel("Internal comment").fill(REMARK);
      await form.getByRole("button", { name: "Add comment" }).click();
      const thread = section.getByRole("article", { name: "Comment by Sam Seller" });
      await expect(thread).toContainText(REMARK);
      await expect(section.getByText("On Block 1: Solar panel")).toBeVisible();
      await expect(form.getByLabel("Internal comment")).toHaveValue("");

      await thread.getByRole("combobox", { name: "Reply to Sam Seller" }).fill("Erik says 95 is fine.");
      await thread.getByRole("button", { name: "Reply", exact: true }).click();
      await expect(thread.getByRole("list", { name: "Replies" })).toContainText("Erik says 95 is fine.");
      await thread.getByRole("button", { name: "Resolve" }).click();
      await expect(thread).toContainText("Resolved by Sam Seller");
      await screenshot(page, `internal-comments-${name}`);
      await closeSidePanel(page);

      // Sent, the customer's page has the offer and none of the staff's words.
      await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, {});
      const customer = await customerPage(browser, baseURL!, viewport);
      await customer.goto(`/p/${uuid}`);
      await expect(customer.getByText("Solar panel").first()).toBeVisible();
      await expect(customer.getByText(REMARK)).toHaveCount(0);
      await expect(customer.getByText("Erik says")).toHaveCount(0);
      expect(await customer.content()).not.toContain("Check the panel price");
      await customer.context().close();
    });
  });
}
