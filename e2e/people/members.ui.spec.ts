import { createCompany, customerPage, overflowsSideways, proposalsApi } from "../proposals/helpers";
import { expect, test } from "../support/fixtures";
import { answerConfirm, callerOf, signInViaApi, signUpViaApi, VIEWPORTS } from "../support/helpers";

/**
 * The members pages of a team workspace and of a company are one list (components/members): who
 * may not manage sees the roles by name and what each may do, and changes nothing; a company's
 * member leaves it from their own row; a manager's removal says who was removed. Adding, re-roling
 * and inviting have their own tests (course-tree, invitations).
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[MEMBERS] ${name}`, () => {
    test.use({ viewport });

    test(`a workspace's learner sees its members and their roles by name, and nothing to change; the admin's removal is confirmed by name (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const admin = await signUpAndSignIn("Ada Berg");
      const call = callerOf(page.request);
      const team = await call("POST", "/api/workspaces", { name: "Harbour Team" });
      const learnerPage = await customerPage(browser, baseURL!, viewport);
      const learner = await signUpViaApi(learnerPage.request, "Lars Lind");
      await signInViaApi(learnerPage.request, learner);
      await call("POST", `/api/workspaces/${team.id}/members`, { email: learner.email, role: "learner" });

      await learnerPage.goto(`/workspaces/${team.id}/members`);
      await expect(learnerPage.getByRole("heading", { name: "Members of Harbour Team", level: 1 })).toBeVisible();
      await expect(learnerPage.getByText("Only admins of this workspace change its members.")).toBeVisible();
      const members = learnerPage.getByRole("list", { name: "Members" });
      await expect(members.getByRole("listitem").filter({ hasText: admin.name }).getByText("Admin", { exact: true })).toBeVisible();
      await expect(members.getByRole("listitem").filter({ hasText: "(you)" }).getByText("Learner", { exact: true })).toBeVisible();
      await expect(learnerPage.getByRole("form", { name: "Add a member" })).toHaveCount(0);
      await expect(members.getByRole("combobox")).toHaveCount(0);
      await expect(learnerPage.getByRole("button", { name: /^(Remove|Leave)/ })).toHaveCount(0);
      await expect(learnerPage.getByText("Learner: takes the published courses")).toBeVisible();
      expect(await overflowsSideways(learnerPage)).toBe(false);
      await learnerPage.context().close();

      await page.goto(`/workspaces/${team.id}/members`);
      await page.getByRole("button", { name: "Remove Lars Lind" }).click();
      await answerConfirm(page, "Remove");
      await expect(page.getByText("Lars Lind removed.")).toBeVisible();
      await expect(page.getByRole("list", { name: "Members" }).getByText("Lars Lind", { exact: true })).toHaveCount(0);
    });

    test(`a company's member sees its owners by name, changes nothing, and leaves it from their own row (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const owner = await signUpAndSignIn("Olga Berg");
      const company = await createCompany(page, "Northwind Sales");
      const memberPage = await customerPage(browser, baseURL!, viewport);
      const member = await signUpViaApi(memberPage.request, "Mia Moss");
      await signInViaApi(memberPage.request, member);
      await proposalsApi(page, "POST", `/v3/companies/${company.id}/members`, { email: member.email, role: "member" });

      await memberPage.goto(`/proposals/members?company=${company.id}`);
      await expect(memberPage.getByRole("heading", { name: "Members of Northwind Sales", level: 1 })).toBeVisible();
      await expect(memberPage.getByText("Only the company's owners change its members.")).toBeVisible();
      const members = memberPage.getByRole("list", { name: "Members" });
      await expect(members.getByRole("listitem").filter({ hasText: owner.name }).getByText("Owner", { exact: true })).toBeVisible();
      await expect(members.getByRole("combobox")).toHaveCount(0);
      await expect(memberPage.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
      await expect(memberPage.getByText("Owner: builds and sends proposals, and manages the company's members")).toBeVisible();
      expect(await overflowsSideways(memberPage)).toBe(false);

      const own = members.getByRole("listitem").filter({ hasText: "(you)" });
      await expect(own.getByText("Member", { exact: true })).toBeVisible();
      await own.getByRole("button", { name: "Leave the company" }).click();
      await expect(memberPage.getByRole("dialog", { name: "Leave Northwind Sales?" })).toBeVisible();
      await answerConfirm(memberPage, "Leave");
      await expect(memberPage).toHaveURL(new RegExp(`^${baseURL}/proposals(\\?|$)`));
      const left = await proposalsApi(page, "GET", `/v3/companies/${company.id}/members`);
      expect(left.data.members.map((m: { name: string }) => m.name)).toEqual([owner.name]);
      await memberPage.context().close();
    });
  });
}
