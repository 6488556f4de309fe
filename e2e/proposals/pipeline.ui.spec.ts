import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { createCompany, createProduct, overflowsSideways, proposalsApi } from "./helpers";

/*
 * The pipeline in pictures (issue 42): a company's proposals sent, accepted and declined per month,
 * the win rate and the accepted value, reached from the proposals' navigation, with the chart as a
 * table too. The counting rules: test/integration/proposal-pipeline.test.ts.
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[PIPELINE] ${name}`, () => {
    test.use({ viewport });

    test(`a seller sees what was sent, won and lost this month, and the win rate (${name})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn("Sam Seller");
      const company = await createCompany(page, "Sunny Roofs");
      const product = await createProduct(page, company.id, "Solar panel", 1000);
      const sent = async (title: string, answer: "accept" | "reject" | null) => {
        const created = await proposalsApi(page, "POST", "/v3/proposals", {
          company_id: company.id,
          language: "en",
          title_md: title,
          recipient: { first_name: "Cora", email: "cora@customer.example" },
          blocks: [{ content_id: product.variation_id, quantity: 3 }],
        });
        const uuid = created.proposal.uuid as string;
        await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, { notify_recipient: false });
        if (answer) await proposalsApi(page, "POST", `/v3/proposals/${uuid}/${answer}`, {});
      };
      await sent("Roof for the Bergs", "accept");
      await sent("Roof for the Lindqvists", "reject");
      await sent("Roof for the Ahmeds", null);

      await page.goto(`/proposals?company=${company.id}`);
      await page.getByRole("navigation", { name: "Proposals" }).getByRole("link", { name: "Pipeline" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Pipeline of Sunny Roofs" })).toBeVisible();
      await expect(page.getByRole("definition").filter({ hasText: "50 %" })).toBeVisible();
      const chart = page.getByRole("figure", { name: "Sent and accepted" });
      await expect(chart).toContainText("3 proposals sent and 1 accepted");
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `pipeline-${name}`);

      await chart.getByRole("button", { name: "Show as table" }).click();
      const thisMonth = chart.getByRole("row").last();
      await expect(thisMonth.getByRole("cell")).toHaveText(["3", "0", "1", "1", "0", "3000"]);
      const value = page.getByRole("figure", { name: "Accepted value" });
      await expect(value).toContainText("accepted without tax in the range");
      expect(await overflowsSideways(page)).toBe(false);
    });
  });
}
