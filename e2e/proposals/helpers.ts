import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { gradientPng } from "../../lib/seed/demo-images";
import { uniqueEmail, type TestUser } from "../support/helpers";
import { waitForMail } from "../support/mailbox";

/** Calls the proposals API with the page's session (as the browser does). */
export async function proposalsApi<T = any>(page: Page, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", p: string, data?: unknown) {
  const res = await page.request.fetch(`/api/proposals${p}`, { method, data });
  if (!res.ok()) throw new Error(`${method} ${p}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A company of the signed-in user (POST /v3/companies makes them its first member). */
export async function createCompany(page: Page, name = "Acme Studio") {
  return (await proposalsApi<{ data: { id: number; currency: string } }>(page, "POST", "/v3/companies", { name })).data;
}

/** A small PNG written to a temp file, for setInputFiles. */
export function pngFile(name = "product.png") {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-png-")), name);
  fs.writeFileSync(file, gradientPng(24, 16, [30, 90, 200], [240, 160, 40]));
  return file;
}

/** A library item made through the API: an uploaded image, a title in English, an optional price. */
export async function createProduct(page: Page, companyId: number, title: string, price?: number) {
  const res = await page.request.post("/api/proposals/v3/images", {
    multipart: {
      file: { name: "item.png", mimeType: "image/png", buffer: gradientPng(8, 8, [0, 0, 0], [255, 255, 255]) },
      company_id: String(companyId),
    },
  });
  if (!res.ok()) throw new Error(`upload: ${res.status()} ${await res.text()}`);
  const image = (await res.json()).data;
  const created = await proposalsApi(page, "POST", "/v3/content", {
    company_id: companyId,
    language: "en",
    title,
    images: [{ uuid: image.uuid }],
    ...(price !== undefined ? { price, tax_rate: 25, unit: "pcs" } : {}),
  });
  return created.data as { product_id: number; variation_id: number };
}

/**
 * The signed-in user's company "Sunny Roofs" (EUR, standard tax) and a maker of its library
 * products, each with one photo, a description and 25 % tax; `product` answers its variation's id.
 */
export async function roofLibrary(page: Page) {
  const company = await proposalsApi(page, "POST", "/v3/companies", { name: "Sunny Roofs", currency: "EUR", tax_mode: "standard" });
  const companyId: number = company.data.id;
  const upload = await page.request.post("/api/proposals/v3/images", {
    multipart: {
      file: { name: "panel.png", mimeType: "image/png", buffer: gradientPng(32, 16, [250, 200, 40], [40, 90, 220]) },
      company_id: String(companyId),
    },
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json()).data;
  const product = async (title: string, price: number) =>
    (
      await proposalsApi(page, "POST", "/v3/content", {
        company_id: companyId,
        language: "en",
        title,
        description: `${title} for any roof`,
        images: [{ uuid: image.uuid }],
        price,
        tax_rate: 25,
      })
    ).data.variation_id as number;
  return { companyId, product };
}

/** Whether the page scrolls sideways (a layout too wide for the screen). */
export const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** The customer's browser: a context of its own, no cookies, nothing shared with the sales side. */
export async function customerPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}

/** Opens the sign-up mail's verification link: a verified account may have proposals mailed (decision 031). */
export async function verifyEmail(page: Page, user: TestUser) {
  const mail = await waitForMail(page.request, { to: user.email, subject: /Confirm your email address/ });
  await page.goto(mail.link!);
}

/** A company of the signed-in user with a contact (Cora) who has an email, and a draft for her. */
export async function draftForCora(page: Page, title: string, description = "") {
  const companyId = (await proposalsApi(page, "POST", "/v3/companies", { name: "Sunny Roofs AB" })).data.id as number;
  const email = uniqueEmail("cora");
  const contact = (
    await proposalsApi(page, "POST", "/v3/contacts", { company_id: companyId, first_name: "Cora", last_name: "Customer", email })
  ).data.id as number;
  const uuid = (
    await proposalsApi(page, "POST", "/v3/proposals", {
      company_id: companyId,
      language: "en",
      title_md: title,
      ...(description ? { description_md: description } : {}),
      recipient: { id: contact },
    })
  ).proposal.uuid as string;
  return { uuid, email };
}

/**
 * The editor's side panel (recipient, variables, settings, attachments, versions, history): beside
 * the page on a wide screen, behind "Recipient and settings" as a drawer on a phone.
 */
export async function openSidePanel(page: Page) {
  const button = page.getByRole("button", { name: "Recipient and settings" });
  const beside = page.getByRole("complementary", { name: "Recipient and settings" });
  // Whichever the width shows: the panel itself, or the button that opens it.
  await expect(button.or(beside)).toBeVisible();
  if (await button.isVisible()) await button.click();
  await expect(beside.or(page.getByRole("dialog", { name: "Recipient and settings" }))).toBeVisible();
}

/** Closes the side panel's drawer, on a phone; nothing to do on a wide screen. */
export async function closeSidePanel(page: Page) {
  const drawer = page.getByRole("dialog", { name: "Recipient and settings" });
  if (await drawer.isVisible()) {
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
  }
}
