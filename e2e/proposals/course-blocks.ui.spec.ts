import { expect, test } from "../support/fixtures";
import { authoringApi, VIEWPORTS } from "../support/helpers";
import { createCompany, createProduct, overflowsSideways, proposalsApi } from "./helpers";

/*
 * Selling a course in a proposal (issue 43, docs/decisions/068): a library item linked to a
 * published course of the workspace the company sells shows in the proposal editor as a block that
 * delivers the course, its quantity the number of seats; a plain item's block says nothing of the
 * kind. The API's rules: test/integration/content-course.test.ts.
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[COURSE BLOCKS] ${name}`, () => {
    test.use({ viewport });

    test(`the editor marks the block that delivers a course, its quantity the seats (${name})`, async ({ page, signUpAndSignIn }) => {
      const owner = await signUpAndSignIn("Olga Owner");
      const project = await authoringApi(page, "POST", "/projects", { name: "Courses", workspace_id: owner.personal_workspace_id });
      const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Fire safety basics" });
      await authoringApi(page, "POST", `/courses/${course.id}/publish`);
      const company = await createCompany(page, "Safe Sites Ltd");
      await proposalsApi(page, "PUT", `/v3/companies/${company.id}/workspace`, { workspace_id: owner.personal_workspace_id });
      const seats = await createProduct(page, company.id, "Fire safety, per seat", 120);
      const helmet = await createProduct(page, company.id, "Hard hat", 25);
      const linked = await proposalsApi(page, "PATCH", `/v3/content/${seats.product_id}`, { course_id: course.id });
      expect(linked.data.course_id).toBe(course.id);
      const created = await proposalsApi(page, "POST", "/v3/proposals", {
        company_id: company.id,
        language: "en",
        title_md: "Site safety for Acme",
        blocks: [
          { content_id: seats.variation_id, quantity: 3 },
          { content_id: helmet.variation_id, quantity: 3 },
        ],
      });

      await page.goto(`/proposals/${created.proposal.uuid}/edit`);
      const courseBlock = page.getByRole("article", { name: "Block 1: Fire safety, per seat" });
      await expect(courseBlock.getByText("Delivers the course “Fire safety basics”: the quantity is seats")).toBeVisible();
      await expect(courseBlock.getByLabel("Quantity")).toHaveValue("3");
      const plainBlock = page.getByRole("article", { name: "Block 2: Hard hat" });
      await expect(plainBlock.getByLabel("Quantity")).toHaveValue("3");
      await expect(plainBlock.getByText(/Delivers the course/)).toHaveCount(0);
      expect(await overflowsSideways(page)).toBe(false);
    });
  });
}
