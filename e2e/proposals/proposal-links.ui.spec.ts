import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { VIEWPORTS } from "../support/helpers";
import { customerPage, proposalsApi } from "./helpers";

/**
 * Where a proposal's link leads: a draft without a recipient is sent as a link the editor shows to
 * copy, and a replaced proposal's page leads to the current version only when that version went
 * to the same recipient (Rita's old link never opens the offer sent to Nils).
 */

/** A company of the signed-in user with two contacts, Rita and Nils. */
async function companyWithContacts(page: Page) {
  const companyId = (await proposalsApi(page, "POST", "/v3/companies", { name: "Sunny Roofs AB" })).data.id as number;
  const contact = async (first_name: string) =>
    (
      await proposalsApi(page, "POST", "/v3/contacts", {
        company_id: companyId,
        first_name,
        email: `${first_name.toLowerCase()}@customer.example`,
      })
    ).data.id as number;
  return { companyId, rita: await contact("Rita"), nils: await contact("Nils") };
}

/** v1 sent to Rita, then v2 (sent) to `second`: answers both uuids. */
async function replacedFor(page: Page, second: "rita" | "nils") {
  const c = await companyWithContacts(page);
  const v1 = (
    await proposalsApi(page, "POST", "/v3/proposals", {
      company_id: c.companyId,
      language: "en",
      title_md: "Roof for Rita",
      recipient: { id: c.rita },
    })
  ).proposal.uuid as string;
  await proposalsApi(page, "POST", `/v3/proposals/${v1}/send`, {});
  const v2 = (
    await proposalsApi(page, "POST", `/v3/proposals/${v1}`, {
      company_id: c.companyId,
      language: "en",
      title_md: second === "nils" ? "Roof for Nils" : "Roof for Rita, better",
      recipient: { id: c[second] },
    })
  ).proposal.uuid as string;
  await proposalsApi(page, "POST", `/v3/proposals/${v2}/send`, {});
  return { v1, v2 };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[PROPOSAL LINKS] ${name}`, () => {
    test.use({ viewport });

    test(`a draft without a recipient is sent as a link, and the editor shows the link to copy (${name})`, async ({
      page,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const { companyId } = await companyWithContacts(page);
      const uuid = (await proposalsApi(page, "POST", "/v3/proposals", { company_id: companyId, language: "en", title_md: "Roof offer" }))
        .proposal.uuid as string;
      await page.goto(`/proposals/${uuid}/edit`);
      await page.getByRole("toolbar", { name: "Proposal actions" }).getByRole("button", { name: "Send" }).click();
      const dialog = page.getByRole("dialog", { name: "Send v1 as a link?" });
      await expect(dialog).toContainText("v1 has no recipient: it is sent as a link for you to share");
      await dialog.getByRole("button", { name: "Send proposal" }).click();
      await expect(page.getByText("This proposal was sent and can no longer be edited.")).toBeVisible();
      const share = page.getByRole("region", { name: "Link to share" });
      await expect(share).toContainText("This proposal has no recipient: it was sent as a link.");
      const link = share.getByLabel("Customer's link");
      await expect(link).toHaveValue(`${new URL(baseURL!).origin}/p/${uuid}`);
      await link.scrollIntoViewIfNeeded();
      await expect(share.getByRole("button", { name: "Copy link" })).toBeVisible();
      expect((await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.status).toBe("active");
    });

    test(`Rita's replaced link says the proposal was replaced and does not lead to the version sent to Nils (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const { v1, v2 } = await replacedFor(page, "nils");
      const rita = await customerPage(browser, baseURL!, viewport);
      await rita.goto(`/p/${v1}`);
      await expect(
        rita.getByText("This proposal has been replaced by a newer version. Ask the sender to send you the current one."),
      ).toBeVisible();
      await expect(rita.getByRole("link", { name: "Open the current version" })).toHaveCount(0);
      expect(await rita.content()).not.toContain(v2);
      await expect(rita.getByRole("form", { name: "Accept this proposal" })).toHaveCount(0);
      await rita.context().close();
    });

    test(`a replaced link leads to the current version when it went to the same recipient (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const { v1, v2 } = await replacedFor(page, "rita");
      const rita = await customerPage(browser, baseURL!, viewport);
      await rita.goto(`/p/${v1}`);
      await rita.getByRole("link", { name: "Open the current version" }).click();
      await expect(rita).toHaveURL(new RegExp(`/p/${v2}$`));
      await expect(rita.getByRole("heading", { level: 1, name: "Roof for Rita, better" })).toBeVisible();
      await rita.context().close();
    });
  });
}
