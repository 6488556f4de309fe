import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { screenshot } from "../support/helpers";
import { createCompany, createProduct, overflowsSideways, proposalsApi } from "./helpers";

/**
 * A company with: "Website redesign" sent, then a second version sent (v1 replaced, v2 sent);
 * "Office move", a draft for Kim worth 2 x 100 without tax; "Old quote", archived.
 */
async function seedProposals(page: Page) {
  const company = await createCompany(page, "Acme Studio");
  const item = await createProduct(page, company.id, "Desk", 100);
  const create = async (body: Record<string, unknown>) =>
    (await proposalsApi(page, "POST", "/v3/proposals", { company_id: company.id, language: "en", ...body })).proposal.uuid as string;
  const v1 = await create({
    title_md: "Website redesign",
    recipient: { first_name: "Robin", last_name: "Client", email: "robin@client.example", company_name: "Client Corp" },
  });
  await proposalsApi(page, "POST", `/v3/proposals/${v1}/send`, {});
  const v2 = (
    await proposalsApi(page, "POST", `/v3/proposals/${v1}`, { company_id: company.id, language: "en", title_md: "Website redesign" })
  ).proposal.uuid as string;
  await proposalsApi(page, "POST", `/v3/proposals/${v2}/send`, {});
  const office = await create({
    title_md: "Office move",
    recipient: { first_name: "Kim", last_name: "Buyer", email: "kim@buyer.example" },
    blocks: [{ content_id: item.variation_id, quantity: 2 }],
    tax_options: { mode: "standard", tax_included: false },
  });
  const old = await create({ title_md: "Old quote" });
  await proposalsApi(page, "POST", `/v3/proposals/${old}/archive`);
  return { company, v1, v2, office };
}

test("[PROPOSALS LIST] status counts, a series grouped with its versions, search, archived toggle, and a row opens the editor", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const { company, v1, v2, office } = await seedProposals(page);
  await page.goto(`/proposals?company=${company.id}`);

  const tabs = page.getByRole("tablist", { name: "Status" });
  await expect(tabs.getByRole("tab", { name: "All 3" })).toHaveAttribute("aria-selected", "true");
  await expect(tabs.getByRole("tab", { name: "Draft 1" })).toBeVisible();
  await expect(tabs.getByRole("tab", { name: "Sent 1" })).toBeVisible();
  await expect(tabs.getByRole("tab", { name: "Replaced 1" })).toBeVisible();
  await expect(tabs.getByRole("tab", { name: "Accepted 0" })).toBeVisible();

  // The two versions of the series sit together, newest first.
  const series = page.getByRole("region", { name: "Website redesign: 2 versions" });
  const versions = series.getByRole("link");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toHaveAttribute("href", `/proposals/${v2}/edit`);
  await expect(versions.nth(0)).toContainText("v2");
  await expect(versions.nth(0)).toContainText("Sent");
  await expect(versions.nth(1)).toHaveAttribute("href", `/proposals/${v1}/edit`);
  await expect(versions.nth(1)).toContainText("Replaced");
  await expect(versions.nth(0)).toContainText("To Robin Client");
  await expect(versions.nth(0)).toContainText("Not opened yet");

  const officeRow = page.getByRole("link", { name: /Office move/ });
  await expect(officeRow).toContainText("To Kim Buyer");
  await expect(officeRow).toContainText("€200.00");
  await expect(officeRow).toContainText("excl. tax");
  await expect(officeRow).toContainText("Draft");

  // A status tab shows only its proposals.
  await tabs.getByRole("tab", { name: "Draft 1" }).click();
  await expect(page.getByRole("link", { name: /Office move/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Website redesign/ })).toHaveCount(0);
  await tabs.getByRole("tab", { name: "All 3" }).click();

  // Search by the recipient, then by the title.
  const search = page.getByLabel("Search proposals");
  await search.fill("kim");
  await expect(page.getByRole("link", { name: /Website redesign/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Office move/ })).toBeVisible();
  await expect(tabs.getByRole("tab", { name: "All 1" })).toBeVisible();
  await search.fill("redesign");
  await expect(page.getByRole("link", { name: /Website redesign/ })).toHaveCount(2);
  await expect(page.getByRole("link", { name: /Office move/ })).toHaveCount(0);
  await search.fill("");

  // Archived proposals only when asked for.
  await expect(page.getByRole("link", { name: /Old quote/ })).toHaveCount(0);
  await page.getByLabel("Show archived").check();
  await expect(page.getByRole("link", { name: /Old quote/ })).toContainText("Archived");
  await expect(tabs.getByRole("tab", { name: "All 4" })).toBeVisible();

  // Sorted by last change: the oldest change first puts the series (changed before the others) on top.
  await page.getByLabel("Sort by last change").selectOption("oldest");
  await expect(page.getByRole("list", { name: "Proposals" }).getByRole("link").first()).toContainText("Website redesign");
  await page.getByLabel("Sort by last change").selectOption("newest");
  await expect(page.getByRole("list", { name: "Proposals" }).getByRole("link").first()).toContainText("Old quote");

  await screenshot(page, "proposals-list-desktop");
  await page.getByRole("link", { name: /Office move/ }).click();
  await expect(page).toHaveURL(`/proposals/${office}/edit`);
});

test("[PROPOSALS LIST] New proposal creates a draft and opens its editor; an empty list says what to do", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const company = await createCompany(page);
  await page.goto(`/proposals?company=${company.id}`);
  await expect(page.getByText(/No proposals yet\. Press “New proposal”/)).toBeVisible();
  await page.getByRole("button", { name: "New proposal" }).click();
  await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
  const uuid = page.url().split("/").at(-2)!;
  const created = await proposalsApi(page, "GET", `/v3/proposals/${uuid}`);
  expect(created.data).toMatchObject({ status: "draft", company_id: company.id, language: "en", version: 1 });
});

test("[PROPOSALS LIST] New proposal from a template starts from the template", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const company = await createCompany(page);
  const draft = (await proposalsApi(page, "POST", "/v3/proposals", { company_id: company.id, language: "en", title_md: "Standard offer" }))
    .proposal.uuid;
  await proposalsApi(page, "POST", `/v3/proposals/${draft}/template`);
  await page.goto(`/proposals?company=${company.id}`);
  await page.getByRole("tab", { name: "Templates 1" }).click();
  await page.getByRole("button", { name: "From template" }).click();
  await page.getByRole("dialog", { name: "New proposal from a template" }).getByRole("button", { name: "Standard offer" }).click();
  await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
  const uuid = page.url().split("/").at(-2)!;
  const created = (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data;
  expect(created).toMatchObject({ status: "draft", title: "Standard offer" });
  expect(created.tracking.created_from_template).toEqual(expect.any(String));
});

test("[PROPOSALS LIST] the list fits a phone", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const { company } = await seedProposals(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/proposals?company=${company.id}`);
  await expect(page.getByRole("region", { name: "Website redesign: 2 versions" }).getByRole("link")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "New proposal" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Proposals" })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await page.getByLabel("Search proposals").fill("kim");
  await expect(page.getByRole("link", { name: /Office move/ })).toBeVisible();
  await screenshot(page, "proposals-list-phone");
});
