import { expect, test } from "../support/fixtures";
import { screenshot, signInViaApi, signUpViaApi, VIEWPORTS } from "../support/helpers";
import { createCompany, createProduct, overflowsSideways, proposalsApi } from "./helpers";

/*
 * Approvals before a proposal goes out (issue 41): an owner sets the company's largest discount on
 * the members page; a member's draft over it cannot be sent; the member asks, the owner approves
 * with a note, and the member sends. An edit after the approval blocks the send again. The API's
 * rules, mails and refusals: test/integration/proposal-approvals.test.ts.
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[APPROVALS] ${name}`, () => {
    test.use({ viewport });

    test(`a draft over the discount rule goes out only once an owner approves this version (${name})`, async ({
      page,
      browser,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Olga Owner");
      const company = await createCompany(page, "Sunny Roofs");
      const product = await createProduct(page, company.id, "Solar panel", 1000);

      // The owner sets the rule where the company's people are managed.
      await page.goto(`/proposals/members?company=${company.id}`);
      const rules = page.getByRole("region", { name: "Approval rules" });
      await rules.getByLabel("Largest discount on a line").fill("20");
      await rules.getByRole("button", { name: "Save rules" }).click();
      await expect(page.getByText("Approval rules saved.")).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);

      // A member of the company drafts an offer with a 35 % discount.
      const memberContext = await browser.newContext({ viewport, baseURL: new URL(page.url()).origin });
      try {
        const memberPage = await memberContext.newPage();
        const member = await signUpViaApi(memberPage.request, "Max Member");
        await signInViaApi(memberPage.request, member);
        await proposalsApi(page, "POST", `/v3/companies/${company.id}/members`, { email: member.email, role: "member" });
        const created = await proposalsApi(memberPage, "POST", "/v3/proposals", {
          company_id: company.id,
          language: "en",
          title_md: "Roof offer",
          blocks: [{ content_id: product.variation_id, quantity: 2, discount: 35 }],
        });
        const uuid = created.proposal.uuid as string;

        await memberPage.goto(`/proposals/${uuid}/edit`);
        const panel = memberPage.getByRole("region", { name: "Needs an owner's approval before it is sent" });
        await expect(panel).toContainText("A line discounted 35 % (limit 20 %)");
        const send = memberPage.getByRole("toolbar", { name: "Proposal actions" }).getByRole("button", { name: "Send" });
        await expect(send).toBeDisabled();
        await expect(panel.getByRole("button", { name: "Approve" })).toHaveCount(0);
        await panel.getByLabel("Note (optional)").fill("Big customer, three roofs next year.");
        await panel.getByRole("button", { name: "Request approval" }).click();
        const waiting = memberPage.getByRole("region", { name: "Waiting for an owner's approval" });
        await expect(waiting).toContainText("Max Member asked");
        await expect(waiting).toContainText("The company's owners were mailed.");
        await expect(send).toBeDisabled();
        await screenshot(memberPage, `approval-requested-${name}`);

        // The owner reads the request and approves with a note.
        await page.goto(`/proposals/${uuid}/edit`);
        const asked = page.getByRole("region", { name: "Waiting for an owner's approval" });
        await expect(asked).toContainText("Big customer, three roofs next year.");
        await asked.getByLabel("Note for whoever asked (optional)").fill("Fine for this customer.");
        await asked.getByRole("button", { name: "Approve" }).click();
        await expect(page.getByRole("region", { name: "Approved: ready to send" })).toContainText("Olga Owner approved");
        expect(await overflowsSideways(page)).toBe(false);

        // The member sees it without reloading (the panel looks again while it waits); the send is open.
        const approved = memberPage.getByRole("region", { name: "Approved: ready to send" });
        await expect(approved).toContainText("Fine for this customer.", { timeout: 20_000 });
        await expect(send).toBeEnabled();

        // An edit after the approval voids it: the send is blocked again until an owner approves the new version.
        await proposalsApi(memberPage, "PATCH", `/v3/proposals/${uuid}`, { company_id: company.id, title_md: "Roof offer, revised" });
        await memberPage.reload();
        const again = memberPage.getByRole("region", { name: "Needs an owner's approval before it is sent" });
        await expect(again).toContainText("An owner approved an earlier version. It was edited since, so it needs a new approval.");
        await expect(send).toBeDisabled();
        const refused = await memberPage.request.post(`/api/proposals/v3/proposals/${uuid}/send`, { data: {} });
        expect(refused.status()).toBe(409);
        expect((await refused.json()).error).toMatchObject({
          code: "APPROVAL_REQUIRED",
          details: [{ rule: "max_discount_percent", limit: 20, actual: 35 }],
        });

        // The owner approves the revision without being asked; the member sends it. (The page is live
        // once it shows who else is here: a click before that could land on a page still loading.)
        await page.reload();
        await expect(page.getByRole("status", { name: "Who else is here" })).toContainText("Max Member");
        await page
          .getByRole("region", { name: "Needs an owner's approval before it is sent" })
          .getByRole("button", { name: "Approve" })
          .click();
        await expect(page.getByRole("region", { name: "Approved: ready to send" })).toBeVisible();
        await memberPage.reload();
        await expect(memberPage.getByRole("region", { name: "Approved: ready to send" })).toBeVisible();
        await send.click();
        const dialog = memberPage.getByRole("dialog", { name: "Send v1 as a link?" });
        await dialog.getByRole("button", { name: "Send proposal" }).click();
        await expect(memberPage.getByText("This proposal was sent and can no longer be edited.")).toBeVisible();
        await screenshot(memberPage, `approval-sent-${name}`);
      } finally {
        await memberContext.close();
      }
    });
  });
}
