import { expect, test } from "../support/fixtures";
import { answerConfirm, screenshot } from "../support/helpers";
import { createCompany, createProduct, overflowsSideways, pngFile } from "./helpers";

test("[PROPOSALS] a user in no company finds Proposals in the header and is led to create one", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn("Sam Seller");
  await page.goto("/");
  const header = page.getByRole("navigation", { name: "Main" });
  await expect(header.getByRole("link", { name: "Author" })).toBeVisible();

  // The proposals area offers a company to a user of none (docs/decisions/032).
  await header.getByRole("link", { name: "Proposals" }).click();
  await expect(page.getByRole("heading", { name: "Create your company" })).toBeVisible();
  await page.getByRole("button", { name: "Create company" }).click();
  await expect(page.getByText("Give your company a name.")).toBeVisible();
  await page.getByLabel("Company name").fill("Sam's Studio");
  await page.getByLabel("Currency").fill("sek");
  await page.getByRole("button", { name: "Create company" }).click();
  await expect(page.getByRole("heading", { name: "Proposals", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/proposals\?company=\d+$/);
  await expect(header.getByRole("link", { name: "Proposals" })).toBeVisible();
  await expect(page.getByLabel("Company", { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByRole("option", { name: "Sam's Studio" })).toBeAttached();

  // The company stays selected across the proposals pages.
  const company = new URL(page.url()).searchParams.get("company");
  await page.getByRole("navigation", { name: "Proposals" }).getByRole("link", { name: "Content library" }).click();
  await expect(page).toHaveURL(`/proposals/library?company=${company}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(header.getByRole("link", { name: "Proposals" })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
});

test("[PROPOSALS] signed out, the library sends to sign-in and back to the same url", async ({ page }) => {
  await page.goto("/proposals/library?company=7");
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent("/proposals/library?company=7")}`);
});

test("[LIBRARY] create a product with an uploaded image and a price; search finds it by its title in another language", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const company = await createCompany(page, "Coffee Co");
  await page.goto(`/proposals/library?company=${company.id}`);
  await expect(page.getByText(/Your library is empty\. Press “New product”/)).toBeVisible();

  await page.getByRole("button", { name: "New product" }).click();
  const dialog = page.getByRole("dialog", { name: "New product" });
  await dialog.getByLabel("Title (en)").fill("Espresso machine");
  await dialog.getByLabel("Description (en)").fill("Two groups, steam wand.");
  await dialog.getByLabel("Add language").fill("sv");
  await dialog.getByRole("button", { name: "Add this language" }).click();
  await expect(dialog.getByRole("tab", { name: "Swedish (sv)" })).toHaveAttribute("aria-selected", "true");
  await dialog.getByLabel("Title (sv)").fill("Espressomaskin");

  // Hold the upload's answer so the progress bar can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/proposals/v3/images", async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByLabel("Upload image").setInputFiles(pngFile("espresso.png"));
  await expect(dialog.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  release();
  await expect(dialog.getByRole("img", { name: "espresso.png" })).toBeVisible();
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);

  await dialog.getByLabel("Price (EUR)").fill("1200");
  await dialog.getByLabel("Tax rate (%)").fill("25");
  await dialog.getByLabel("Unit").fill("pcs");
  await dialog.getByRole("button", { name: "Add product" }).click();
  await expect(dialog).toBeHidden();

  const items = page.getByRole("list", { name: "Library items" });
  const row = items.getByRole("listitem").filter({ hasText: "Espresso machine" });
  await expect(row).toContainText("€1,200.00 / pcs");
  await expect(row).toContainText("tax 25%");
  await expect(row.getByRole("img", { name: "Espresso machine" })).toHaveAttribute("src", /\/api\/files\//);

  // Search by the Swedish title finds the item (shown in English).
  const search = page.getByLabel("Search the library");
  await search.fill("espressomaskin");
  await expect(row).toBeVisible();
  await search.fill("cappuccino");
  await expect(page.getByText(/Nothing in the library matches “cappuccino”/)).toBeVisible();
  await search.fill("");

  // Editing keeps both languages and the image.
  await row.getByRole("button", { name: "Edit Espresso machine" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Espresso machine" });
  await edit.getByRole("tab", { name: "Swedish (sv)" }).click();
  await expect(edit.getByLabel("Title (sv)")).toHaveValue("Espressomaskin");
  await expect(edit.getByRole("img", { name: "espresso.png" })).toBeVisible();
  await edit.getByLabel("Price (EUR)").fill("1100");
  await edit.getByRole("button", { name: "Save product" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("€1,100.00 / pcs");
  await screenshot(page, "library-desktop");
});

test("[LIBRARY] a product needs a title and an image: the form says so next to the fields", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const company = await createCompany(page);
  await page.goto(`/proposals/library?company=${company.id}`);
  await page.getByRole("button", { name: "New product" }).click();
  const dialog = page.getByRole("dialog", { name: "New product" });
  await dialog.getByLabel("Price (EUR)").fill("abc");
  await dialog.getByRole("button", { name: "Add product" }).click();
  await expect(dialog.getByText("A title is required.")).toBeVisible();
  await expect(dialog.getByText("Add at least one image")).toBeVisible();
  await expect(dialog.getByText("A number, e.g. 120 or 99.50.")).toBeVisible();
  await expect(dialog.getByLabel("Title (en)")).toHaveAttribute("aria-invalid", "true");
});

test("[LIBRARY] bulk archive and restore a selection", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const company = await createCompany(page);
  await createProduct(page, company.id, "Grinder", 300);
  await createProduct(page, company.id, "Milk jug", 20);
  await createProduct(page, company.id, "Tamper", 35);
  await page.goto(`/proposals/library?company=${company.id}`);
  const items = page.getByRole("list", { name: "Library items" });
  await expect(items.getByRole("listitem")).toHaveCount(3);

  await page.getByLabel("Select Grinder").check();
  await page.getByLabel("Select Milk jug").check();
  await page.getByRole("button", { name: "Archive selected (2)" }).click();
  await expect(page.getByRole("dialog", { name: "Archive 2 items?" })).toContainText("Proposals that use them keep them");
  await answerConfirm(page, "Archive");
  await expect(page.getByText("Archived 2 items.")).toBeVisible();
  await expect(items.getByRole("listitem")).toHaveCount(1);
  await expect(items).toContainText("Tamper");

  await page.getByLabel("Show archived").check();
  await expect(items.getByRole("listitem")).toHaveCount(3);
  await expect(items.getByRole("listitem").filter({ hasText: "Archived" })).toHaveCount(2);
  await page.getByLabel("Select all shown").check();
  // Only the archived ones can be restored; the active one can be archived.
  await expect(page.getByRole("button", { name: "Restore selected (2)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Archive selected (1)" })).toBeVisible();
  await page.getByRole("button", { name: "Restore selected (2)" }).click();
  await expect(page.getByText("Restored 2 items.")).toBeVisible();
  await expect(items.getByRole("listitem").filter({ hasText: "Archived" })).toHaveCount(0);
  await page.getByLabel("Show archived").uncheck();
  await expect(items.getByRole("listitem")).toHaveCount(3);
});

test("[LIBRARY] the library fits a phone: list, search and the product form", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const company = await createCompany(page, "A company with a long name for a phone");
  await createProduct(page, company.id, "A product whose title is long enough to wrap on a phone screen", 1234.5);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/proposals/library?company=${company.id}`);
  await expect(page.getByRole("list", { name: "Library items" }).getByRole("listitem")).toHaveCount(1);
  expect(await overflowsSideways(page)).toBe(false);
  await page.getByLabel("Search the library").fill("wrap");
  await expect(page.getByRole("list", { name: "Library items" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "New product" }).click();
  const dialog = page.getByRole("dialog", { name: "New product" });
  await expect(dialog.getByLabel("Title (en)")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add product" })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await screenshot(page, "library-phone");
});
