import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { closeSidePanel, createCompany, createProduct, customerPage, openSidePanel, overflowsSideways, proposalsApi } from "./helpers";

/**
 * The acceptance record (docs/decisions/036) as its people meet it: the customer accepts on
 * /p/{uuid} with their name and the consent box (refused without it), downloads the acceptance
 * record, and checks it on /verify; the salesperson downloads the same file from the editor and
 * sees the history there, as the customer sees it on their page. At desktop and phone width.
 */

const CONSENT = /typing my name is my electronic signature/;

/** A proposal of two priced lines, sent (as a link) to Zoë Ångström. */
async function sentProposal(page: Page) {
  const company = await createCompany(page, "Nordlys Outdoor AB");
  const tent = await createProduct(page, company.id, "Expedition tent", 450);
  const stove = await createProduct(page, company.id, "Camping stove", 80);
  const created = await proposalsApi(page, "POST", "/v3/proposals", {
    company_id: company.id,
    language: "en",
    title_md: "Arctic expedition kit",
    description_md: "# Ready for the fjells\nEverything *tested* in winter.",
    recipient: { first_name: "Zoë", last_name: "Ångström", email: "zoe@customer.example" },
    blocks: [{ content_id: tent.variation_id }, { content_id: stove.variation_id, quantity: 2 }],
  });
  const uuid = created.proposal.uuid as string;
  await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, { notify_recipient: false });
  return uuid;
}

const sha256Of = async (download: Download) =>
  createHash("sha256")
    .update(fs.readFileSync((await download.path())!))
    .digest("hex");

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[ACCEPTANCE] (${name})`, () => {
    test.use({ viewport });

    test(`the customer accepts with consent, keeps the record, verifies it; the editor serves the same file and the history (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const uuid = await sentProposal(page);

      // ---- The customer's page: the history so far, and the consent the answer needs.
      const zoe = await customerPage(browser, baseURL!, viewport);
      await zoe.goto(`/p/${uuid}`);
      await expect(zoe.getByRole("heading", { level: 1, name: "Arctic expedition kit" })).toBeVisible();
      const history = zoe.getByRole("region", { name: "History" });
      await expect(history.getByRole("listitem")).toHaveCount(3);
      await expect(history).toContainText("Opened");
      await expect(history).toContainText("SentNordlys Outdoor AB");
      await expect(history).not.toContainText("Sam Sales");

      const form = zoe.getByRole("form", { name: "Accept this proposal" });
      await form.getByLabel("Your full name").fill("Zoë Ångström");
      await form.getByRole("button", { name: "Accept proposal" }).click();
      await expect(form.getByText("Tick the box to agree that typing your name is your electronic signature")).toBeVisible();
      // Refused without the box: still open, nothing recorded.
      expect((await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.status).toBe("active");

      await form.getByRole("checkbox", { name: CONSENT }).check();
      await form.getByRole("button", { name: "Accept proposal" }).click();
      await expect(zoe.getByRole("status").filter({ hasText: /^Accepted by Zoë Ångström on / })).toBeVisible();
      await expect(history.getByRole("listitem").first()).toContainText("AcceptedZoë Ångström");
      if (name === "phone") expect(await overflowsSideways(zoe)).toBe(false);
      await screenshot(zoe, `acceptance-recipient-${name}`);

      // ---- The record, from the customer's page.
      const record = zoe.getByRole("link", { name: "Download the acceptance record (PDF)" });
      await record.scrollIntoViewIfNeeded();
      const [fromCustomer] = await Promise.all([zoe.waitForEvent("download"), record.click()]);
      expect(fromCustomer.suggestedFilename()).toBe("Arctic expedition kit v1 accepted.pdf");
      const pdfPath = (await fromCustomer.path())!;
      expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
      // Read now: the download goes with the customer's browser context.
      const customerSha256 = await sha256Of(fromCustomer);

      // ---- /verify, reached from the page: the downloaded file is issued here; a made-up hash is not.
      await zoe.getByRole("link", { name: "Verify an acceptance record" }).click();
      await expect(zoe.getByRole("heading", { level: 1, name: "Verify an acceptance record" })).toBeVisible();
      // The chooser is disabled until the page is live: a file set before that reaches no handler.
      const chooser = zoe.getByLabel("Acceptance record or certificate (PDF)");
      await expect(chooser).toBeEnabled();
      await chooser.setInputFiles(pdfPath);
      await zoe.getByRole("button", { name: "Check the PDF" }).click();
      const verdict = zoe.getByRole("status", { name: "Result" });
      await expect(verdict.getByRole("heading", { name: "Issued here" })).toBeVisible();
      await expect(verdict).toContainText("Arctic expedition kit (version 1)");
      await expect(verdict).toContainText("Nordlys Outdoor AB");
      await expect(verdict).toContainText("Zoë Ångström");
      await expect(verdict).toContainText(/Accepted on\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
      await zoe.getByRole("textbox", { name: "SHA-256", exact: true }).fill("0".repeat(64));
      await zoe.getByRole("button", { name: "Check the SHA-256" }).click();
      await expect(verdict.getByRole("heading", { name: "Not issued here" })).toBeVisible();
      if (name === "phone") expect(await overflowsSideways(zoe)).toBe(false);
      await zoe.context().close();

      // ---- The editor: the same bytes, and the history with staff named.
      await page.goto(`/proposals/${uuid}/edit`);
      await openSidePanel(page);
      const editorHistory = page.getByRole("region", { name: "History" });
      await expect(editorHistory.getByRole("listitem").first()).toContainText("AcceptedZoë Ångström");
      await expect(editorHistory).toContainText("Sent to zoe@customer.example");
      await expect(editorHistory).toContainText("Sam Sales");
      await closeSidePanel(page);
      const [fromEditor] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
      expect(fromEditor.suggestedFilename()).toBe("Arctic expedition kit v1 accepted.pdf");
      expect(await sha256Of(fromEditor)).toBe(customerSha256);
      if (name === "phone") expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `acceptance-editor-${name}`);
    });

    test(`a proposal not yet accepted downloads as a PDF from both sides (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Sales");
      const uuid = await sentProposal(page);
      await page.goto(`/proposals/${uuid}/edit`);
      const [fromEditor] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
      expect(fromEditor.suggestedFilename()).toBe("Arctic expedition kit v1.pdf");

      const zoe = await customerPage(browser, baseURL!, viewport);
      await zoe.goto(`/p/${uuid}`);
      const link = zoe.getByRole("link", { name: "Download as PDF" });
      await link.scrollIntoViewIfNeeded();
      const [fromCustomer] = await Promise.all([zoe.waitForEvent("download"), link.click()]);
      expect(fromCustomer.suggestedFilename()).toBe("Arctic expedition kit v1.pdf");
      expect(
        fs
          .readFileSync((await fromCustomer.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      await zoe.context().close();
    });
  });
}
