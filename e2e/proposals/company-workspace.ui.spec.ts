import { expect, test } from "../support/fixtures";
import { signInViaApi, signUpViaApi, VIEWPORTS } from "../support/helpers";
import { createCompany, overflowsSideways, proposalsApi } from "./helpers";

/*
 * The workspace whose courses a company sells (issue 43, docs/decisions/067): an owner who
 * administers a workspace picks it on the company's Members page; a member sees it and cannot
 * change it. The API's rules and refusals: test/integration/company-workspace.test.ts.
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[COMPANY WORKSPACE] ${name}`, () => {
    test.use({ viewport });

    test(`an owner chooses the workspace whose courses the company sells; a member sees it (${name})`, async ({
      page,
      browser,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Olga Owner");
      const company = await createCompany(page, "Safe Sites Ltd");
      const academy = await page.request.post("/api/workspaces", { data: { name: "Fire Safety Academy" } });
      expect(academy.ok(), await academy.text()).toBe(true);

      // Reached from the proposals' navigation.
      await page.goto(`/proposals?company=${company.id}`);
      await page.getByRole("link", { name: "Members" }).click();
      const section = page.getByRole("region", { name: "Courses you sell" });
      await expect(section).toContainText("No workspace: the company sells no courses.");
      const save = section.getByRole("button", { name: "Save workspace" });
      await expect(save).toBeDisabled();
      await section.getByLabel("Workspace").selectOption({ label: "Fire Safety Academy" });
      await save.click();
      await expect(page.getByText("The company now sells this workspace's courses.")).toBeVisible();
      await expect(section).toContainText("Courses of Fire Safety Academy");
      expect(await overflowsSideways(page)).toBe(false);
      await page.reload();
      await expect(page.getByRole("region", { name: "Courses you sell" }).getByLabel("Workspace")).toHaveValue(/[0-9a-f-]{36}/);

      // A member reads it, without the means to change it.
      const memberContext = await browser.newContext({ viewport, baseURL: new URL(page.url()).origin });
      try {
        const memberPage = await memberContext.newPage();
        const member = await signUpViaApi(memberPage.request, "Max Member");
        await signInViaApi(memberPage.request, member);
        await proposalsApi(page, "POST", `/v3/companies/${company.id}/members`, { email: member.email, role: "member" });
        await memberPage.goto(`/proposals/members?company=${company.id}`);
        const seen = memberPage.getByRole("region", { name: "Courses you sell" });
        await expect(seen).toContainText("Courses of Fire Safety Academy");
        await expect(seen.getByRole("button", { name: "Save workspace" })).toHaveCount(0);
      } finally {
        await memberContext.close();
      }
    });
  });
}
