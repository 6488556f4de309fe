import type { Page } from "@playwright/test";
import { pdfBytes } from "../../lib/files/test-images";
import { expect, test } from "../support/fixtures";
import { VIEWPORTS } from "../support/helpers";
import { createCompany, openSidePanel, proposalsApi } from "./helpers";

/**
 * A download is named by the type read from its bytes (issue 24, point 7): a PDF uploaded as
 * offer.html is saved as offer.pdf, so opening the saved file shows a PDF, never a page that runs.
 */

/** A draft for a new recipient, in a new company of the signed-in user; answers its uuid. */
async function draft(page: Page) {
  const company = await createCompany(page, "Download Co");
  const created = await proposalsApi(page, "POST", "/v3/proposals", {
    company_id: company.id,
    language: "en",
    title_md: "Offer with a document",
    recipient: { first_name: "Rita", last_name: "Recipient", email: "rita@customer.example" },
  });
  return created.proposal.uuid as string;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[FILES] ${name}`, () => {
    test.use({ viewport });

    test(`a PDF uploaded as offer.html downloads as offer.pdf, from the editor and from the recipient's page (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Seller");
      const uuid = await draft(page);

      // The salesperson attaches the file in the editor, as uploaded.
      await page.goto(`/proposals/${uuid}/edit`);
      await openSidePanel(page);
      const form = page.getByRole("form", { name: "Add an attachment" });
      await form.getByLabel("Attachment type").selectOption("upload");
      await form.getByLabel("File (PDF or image)").setInputFiles({ name: "offer.html", mimeType: "text/html", buffer: pdfBytes() });
      await form.getByRole("button", { name: "Add attachment" }).click();
      const attached = page.getByRole("list", { name: "Attachments" }).getByRole("link", { name: "offer.html" });
      await expect(attached).toBeVisible();

      // Opened from the editor, the file is saved as a PDF (Chromium reports the download on the opener, not the new tab).
      const fromEditor = page.waitForEvent("download");
      await attached.click();
      expect((await fromEditor).suggestedFilename()).toBe("offer.pdf");

      // The customer downloads it from the proposal's page, without an account.
      await proposalsApi(page, "POST", `/v3/proposals/${uuid}/send`, {});
      const customer = await browser.newContext({ baseURL, viewport });
      try {
        const recipientPage = await customer.newPage();
        await recipientPage.goto(`/p/${uuid}`);
        const link = recipientPage.getByRole("region", { name: "Attachments" }).getByRole("link", { name: /offer\.html/ });
        const download = recipientPage.waitForEvent("download");
        await link.click();
        expect((await download).suggestedFilename()).toBe("offer.pdf");
      } finally {
        await customer.close();
      }
    });
  });
}
