import type { Locator, Page } from "@playwright/test";
import { pdfBytes } from "../../lib/files/test-images";
import { gradientPng } from "../../lib/seed/demo-images";
import { expect, test } from "../support/fixtures";
import { screenshot, VIEWPORTS } from "../support/helpers";
import { createCompany, openSidePanel, overflowsSideways, proposalsApi } from "./helpers";

/**
 * The editor's file fields take a dropped file as well as a chosen one: the background image and an
 * uploaded attachment. The drop is a real drop event carrying a DataTransfer made in the page, as a
 * browser sends when a file is dragged in from the desktop.
 */

type DroppedFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * Drags `file` over the file field labelled by `field` (the hidden input inside its drop zone),
 * checks the zone says it will take it, and drops it there.
 */
async function dropFile(page: Page, field: Locator, file: DroppedFile) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString("base64") },
  );
  const zone = field.locator("xpath=ancestor::label");
  await field.dispatchEvent("dragenter", { dataTransfer });
  await field.dispatchEvent("dragover", { dataTransfer });
  await expect(zone.getByText("Release to add the file")).toBeVisible();
  await field.dispatchEvent("drop", { dataTransfer });
  await expect(zone.getByText("Release to add the file")).toHaveCount(0);
  await dataTransfer.dispose();
}

/** A new salesperson's company and an empty draft; answers the draft's uuid. */
async function draft(page: Page, signUpAndSignIn: (name?: string) => Promise<unknown>) {
  await signUpAndSignIn("Sam Seller");
  const company = await createCompany(page, "Sunny Roofs");
  const created = await proposalsApi(page, "POST", "/v3/proposals", { company_id: company.id, language: "en", title_md: "Roof offer" });
  return created.proposal.uuid as string;
}

const png = { name: "roof.png", mimeType: "image/png", buffer: gradientPng(32, 16, [250, 200, 40], [40, 90, 220]) };

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[FILE DROP] ${name}`, () => {
    test.use({ viewport });

    test(`an image dropped on Background becomes the proposal's background; another kind is refused at once (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const uuid = await draft(page, signUpAndSignIn);
      await page.goto(`/proposals/${uuid}/edit`);
      await openSidePanel(page);
      const settings = page.getByRole("region", { name: "Settings" });
      const field = settings.getByLabel("Upload a background image");
      // A real file field: focusable from the keyboard, its accepted kinds read with it.
      await field.focus();
      await expect(field).toBeFocused();
      await expect(field).toHaveAccessibleDescription(/PNG, JPEG, GIF or WebP/);
      await expect(settings.getByText("Drop an image here or choose a file")).toBeVisible();

      await dropFile(page, field, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
      await expect(settings.getByRole("alert")).toHaveText("notes.txt is not a file this field takes: PNG, JPEG, GIF or WebP.");
      await expect(settings.getByRole("img", { name: "Current background" })).toHaveCount(0);

      await dropFile(page, field, png);
      await expect(settings.getByRole("img", { name: "Current background" })).toBeVisible();
      await expect(settings.getByText("Chosen: roof.png")).toBeVisible();
      await settings.scrollIntoViewIfNeeded();
      await screenshot(page, `file-drop-background-${name}`);
      await expect(settings.getByRole("alert")).toHaveCount(0);
      await expect
        .poll(async () => (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.background_image?.uuid ?? null)
        .not.toBeNull();
      expect(await overflowsSideways(page)).toBe(false);

      // Removed, the background and the chosen file's name are gone.
      await settings.getByRole("button", { name: "Remove background image" }).click();
      await expect(settings.getByRole("img", { name: "Current background" })).toHaveCount(0);
      await expect(settings.getByText("Chosen: roof.png")).toHaveCount(0);
    });

    test(`a PDF dropped on the attachment upload is chosen, then added to the proposal (${name})`, async ({ page, signUpAndSignIn }) => {
      const uuid = await draft(page, signUpAndSignIn);
      await page.goto(`/proposals/${uuid}/edit`);
      await openSidePanel(page);
      const form = page.getByRole("form", { name: "Add an attachment" });
      await form.getByLabel("Attachment type").selectOption("upload");
      const field = form.getByLabel("File (PDF or image)");
      await expect(field).toHaveAccessibleDescription(/A PDF or an image/);

      await dropFile(page, field, { name: "offer.pdf", mimeType: "application/pdf", buffer: pdfBytes() });
      await expect(form.getByText("Chosen: offer.pdf")).toBeVisible();
      await screenshot(page, `file-drop-attachment-${name}`);
      await form.getByRole("button", { name: "Add attachment" }).click();
      await expect(page.getByRole("list", { name: "Attachments" }).getByRole("link", { name: "offer.pdf" })).toBeVisible();
      // Added, the field is empty again for the next file.
      await expect(form.getByText("Chosen: offer.pdf")).toHaveCount(0);
      await expect
        .poll(async () => (await proposalsApi(page, "GET", `/v3/proposals/${uuid}`)).data.attachments.map((a: { name: string }) => a.name))
        .toEqual(["offer.pdf"]);
      expect(await overflowsSideways(page)).toBe(false);
    });
  });
}
