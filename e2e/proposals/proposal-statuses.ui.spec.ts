import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { answerConfirm, screenshot, VIEWPORTS } from "../support/helpers";
import { createCompany, createProduct, customerPage, openSidePanel, overflowsSideways, proposalsApi } from "./helpers";

/**
 * What a new salesperson meets around a proposal's status (issues 28 and 38, docs/decisions/042):
 * one word for each status on the list's tabs, the editor's badge, its Versions panel, its
 * refusals and the customer's page; another company's editor address is the not-found page; an
 * empty list leads to the content library. At desktop and phone width.
 */

/** A new proposal of the company, sent to Rita (no mail): its uuid. */
async function sentProposal(page: Page, companyId: number, title: string) {
  const uuid = (
    await proposalsApi(page, "POST", "/v3/proposals", {
      company_id: companyId,
      language: "en",
      title_md: title,
      recipient: { first_name: "Rita", last_name: "Customer", email: "rita@customer.example" },
    })
  ).proposal.uuid as string;
  await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, { notify_recipient: false });
  return uuid;
}

/** The next version of a sent proposal: a draft in its series. */
const newVersion = async (page: Page, companyId: number, uuid: string) =>
  (await proposalsApi(page, "POST", `/v3/proposals/${uuid}`, { company_id: companyId, language: "en" })).proposal.uuid as string;

/** The three proposals of one company, each sent to a customer and then left, declined or accepted. */
async function answeredProposals(page: Page) {
  const company = await createCompany(page, "Sunny Roofs AB");
  const open = await sentProposal(page, company.id, "Roof repair");
  const declined = await sentProposal(page, company.id, "Solar panels");
  await proposalsApi(page, "POST", `/v3/proposals/${declined}/reject`);
  const accepted = await sentProposal(page, company.id, "Gutters");
  await proposalsApi(page, "POST", `/v3/proposals/${accepted}/accept`);
  return {
    company,
    proposals: [
      { uuid: open, title: "Roof repair", label: "Sent", api: "active" },
      { uuid: declined, title: "Solar panels", label: "Declined", api: "rejected" },
      { uuid: accepted, title: "Gutters", label: "Accepted", api: "accepted" },
    ],
  };
}

/** Opens `path` and expects the app's not-found page, answered with 404. */
async function expectNotFoundPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 }), `page at ${path}`).toBeVisible();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[PROPOSAL STATUSES] (${name})`, () => {
    test.use({ viewport });

    test(`a sent, a declined and an accepted proposal read the same word on the list, the editor and the customer's page (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const { company, proposals } = await answeredProposals(page);
      for (const p of proposals) {
        expect((await proposalsApi(page, "GET", `/v3/proposals/${p.uuid}`)).data.status, "the API keeps its word").toBe(p.api);
      }

      await page.goto(`/proposals?company=${company.id}`);
      const tabs = page.getByRole("tablist", { name: "Status" });
      for (const p of proposals) {
        await expect(tabs.getByRole("tab", { name: `${p.label} 1` })).toBeVisible();
        await expect(page.getByRole("link", { name: new RegExp(p.title) })).toContainText(p.label);
      }
      await expect(tabs.getByRole("tab", { name: /^(Active|Rejected) / })).toHaveCount(0);
      await tabs.getByRole("tab", { name: "Declined 1" }).click();
      await expect(page.getByRole("tabpanel", { name: "Declined" }).getByRole("link")).toHaveCount(1);
      await expect(page.getByRole("link", { name: /Solar panels/ })).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);

      const customer = await customerPage(browser, baseURL!, viewport);
      for (const p of proposals) {
        const word = new RegExp(`\\b${p.label}\\b`, "i");
        await page.goto(`/proposals/${p.uuid}/edit`);
        await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
        await expect(page.getByText(`Status: ${p.label}`, { exact: true })).toBeVisible();
        await expect(page.getByText(`This proposal was ${p.label.toLowerCase()} and can no longer be edited.`)).toBeVisible();
        await openSidePanel(page);
        const timeline = page.getByRole("navigation", { name: "Versions of this proposal" });
        await expect(timeline.getByRole("link", { name: new RegExp(`^v1 ${p.label} `) })).toBeVisible();
        await screenshot(page, `proposal-status-${p.api}-editor-${name}`);

        await customer.goto(`/p/${p.uuid}`);
        await expect(customer.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
        const banner = customer.getByRole("status").filter({ hasText: word });
        await expect(banner).toBeVisible();
        await expect(banner).not.toContainText(/active|rejected/i);
      }
      await expect(page.getByRole("toolbar", { name: "Proposal actions" }).getByRole("button", { name: /rejected/i })).toHaveCount(0);
      await customer.context().close();
    });

    test(`the Versions panel names each version's status as the list and the editor's badge do, never in the API's words (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const company = await createCompany(page, "Sunny Roofs AB");
      // v1 sent, then replaced by v2; v2 declined; v3 the draft made from it.
      const v1 = await sentProposal(page, company.id, "Roof repair");
      const v2 = await newVersion(page, company.id, v1);
      await proposalsApi(page, "POST", `/v3/proposals/${v2}/send`, { notify_recipient: false });
      await proposalsApi(page, "POST", `/v3/proposals/${v2}/reject`);
      const v3 = await newVersion(page, company.id, v2);
      const versions = [
        { uuid: v1, version: 1, label: "Replaced", api: "replaced" },
        { uuid: v2, version: 2, label: "Declined", api: "rejected" },
        { uuid: v3, version: 3, label: "Draft", api: "draft" },
      ];
      for (const v of versions) {
        expect((await proposalsApi(page, "GET", `/v3/proposals/${v.uuid}`)).data.status, `v${v.version} in the API`).toBe(v.api);
      }

      await page.goto(`/proposals?company=${company.id}`);
      const series = page.getByRole("region", { name: "Roof repair: 3 versions" });
      for (const v of versions) {
        await expect(series.getByRole("link", { name: new RegExp(`Roof repair v${v.version}\\b`) })).toContainText(v.label);
      }

      await page.goto(`/proposals/${v3}/edit`);
      await expect(page.getByText("Status: Draft", { exact: true })).toBeVisible();
      await openSidePanel(page);
      const timeline = page.getByRole("navigation", { name: "Versions of this proposal" });
      await expect(timeline.getByRole("link")).toHaveCount(3);
      await expect(timeline.getByRole("link", { name: /^v1 Replaced / })).toBeVisible();
      await expect(timeline.getByRole("link", { name: /^v2 Declined from v1 / })).toBeVisible();
      await expect(timeline.getByRole("link", { name: /^v3 Draft from v2 / })).toHaveAttribute("aria-current", "page");
      await expect(timeline).not.toContainText(/\b(active|rejected)\b/i);
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `proposal-versions-panel-${name}`);
    });

    test(`a refusal says the status in the same word: marking accepted what was declined meanwhile says it is declined (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const company = await createCompany(page, "Sunny Roofs AB");
      const uuid = await sentProposal(page, company.id, "Gutters");
      await page.goto(`/proposals/${uuid}/edit`);
      await page.getByRole("toolbar", { name: "Proposal actions" }).getByRole("button", { name: "Mark accepted" }).click();
      await expect(page.getByRole("dialog")).toContainText("v1 will be marked accepted on the customer's behalf.");
      // Meanwhile a colleague marks it declined.
      await proposalsApi(page, "POST", `/v3/proposals/${uuid}/reject`);
      await answerConfirm(page, "Mark accepted");
      const refusal = page.getByRole("alert").filter({ hasText: "cannot be accepted" });
      await expect(refusal).toHaveText("A proposal that is declined cannot be accepted");
      expect((await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.status).toBe("rejected");
      expect(await overflowsSideways(page)).toBe(false);
    });

    test(`another company's proposal, or none, is the not-found page with 404; the owners still edit it (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      const owner = await signUpAndSignIn("Olga Owner");
      const company = await createCompany(page, "Olga's Roofs");
      const theirs = (
        await proposalsApi(page, "POST", "/v3/proposals", { company_id: company.id, language: "en", title_md: "Olga's offer" })
      ).proposal.uuid as string;
      await page.goto(`/proposals/${theirs}/edit`);
      await expect(page.getByRole("heading", { level: 1, name: "Olga's offer" })).toBeVisible();

      // Another salesperson, with a company and a proposal of their own.
      await signUpAndSignIn("Otto Other");
      const own = await createCompany(page, "Otto's Gutters");
      const ottos = (await proposalsApi(page, "POST", "/v3/proposals", { company_id: own.id, language: "en", title_md: "Otto's offer" }))
        .proposal.uuid as string;
      await expectNotFoundPage(page, `/proposals/${theirs}/edit`);
      await expect(page.getByText("Olga's offer")).toHaveCount(0);
      // Under the app's header, drawn once, with the ways back.
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
      await expect(page.getByRole("main").getByRole("link", { name: "Home page" })).toBeVisible();
      await expect(page).toHaveTitle(/Page not found/);
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `proposal-editor-not-found-${name}`);
      await expectNotFoundPage(page, "/proposals/3f2a0b1c-0000-4000-8000-000000000000/edit");
      await expectNotFoundPage(page, "/proposals/not-a-uuid/edit");
      await page.goto(`/proposals/${ottos}/edit`);
      await expect(page.getByRole("heading", { level: 1, name: "Otto's offer" })).toBeVisible();

      // Signed out, the address leads through sign-in and back to the editor.
      const visitor = await customerPage(browser, baseURL!, viewport);
      await visitor.goto(`/proposals/${theirs}/edit`);
      await expect(visitor).toHaveURL(`${baseURL}/sign-in?next=${encodeURIComponent(`/proposals/${theirs}/edit`)}`);
      await visitor.getByLabel("Email").fill(owner.email);
      await visitor.getByLabel("Password").fill(owner.password);
      await visitor.getByRole("button", { name: "Sign in" }).click();
      await expect(visitor).toHaveURL(`${baseURL}/proposals/${theirs}/edit`);
      await expect(visitor.getByRole("heading", { level: 1, name: "Olga's offer" })).toBeVisible();
      await visitor.context().close();
    });

    test(`a new company's empty list leads to the content library, then to a new proposal (${name})`, async ({
      page,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const company = await createCompany(page, "Coffee Co");
      await page.goto(`/proposals?company=${company.id}`);
      const empty = page.getByRole("tabpanel", { name: "All" });
      await expect(empty).toContainText("No proposals yet.");
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `proposals-empty-${name}`);

      // With an empty library the way is to its first product: the library opens on the form.
      await empty.getByRole("link", { name: "Create your first product" }).click();
      await expect(page).toHaveURL(`${baseURL}/proposals/library?company=${company.id}&new=product`);
      const dialog = page.getByRole("dialog", { name: "New product" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(`${baseURL}/proposals/library?company=${company.id}`);

      // With a product, the way is to the library itself; then "New proposal" starts the draft.
      await createProduct(page, company.id, "Espresso machine", 900);
      await page.goto(`/proposals?company=${company.id}`);
      await empty.getByRole("link", { name: "Open the content library" }).click();
      await expect(page).toHaveURL(`${baseURL}/proposals/library?company=${company.id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Content library" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Library items" })).toContainText("Espresso machine");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByRole("navigation", { name: "Proposals" }).getByRole("link", { name: "Proposals" }).click();
      await page.getByRole("button", { name: "New proposal" }).click();
      await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
    });
  });
}
