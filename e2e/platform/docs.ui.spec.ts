import type { Locator, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { screenshot } from "../support/helpers";

/** The operations an OpenAPI document declares: the page must show each one. */
async function operationCount(page: Page, path: string): Promise<number> {
  const doc = await (await page.request.get(path)).json();
  return Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
}

/**
 * An operation's heading reads "post /v3/contacts — Create a contact". Counted as h4 elements by
 * their text: role queries over the whole reference (a hundred operations) computed every
 * element's accessible name and took a minute on a loaded machine (issue 40).
 */
const operations = (section: Locator) => section.locator("h4").filter({ hasText: /^\s*(get|post|put|patch|delete)\s*\// });

const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test("[DOCS] the API reference shows both services, every endpoint and both MCP connections, served without a CDN", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (req) => {
    if (!req.url().startsWith("http://127.0.0.1")) external.push(req.url());
  });
  const authoringOps = await operationCount(page, "/api/authoring/openapi.json");
  const proposalsOps = await operationCount(page, "/api/proposals/openapi.json");
  // The document's 58 operations, GET /courses/{id}/publish-checks (decision 013) and the project's
  // and the course's outlines (decision 016), the export links (decision 045), and the review's 16
  // (threads, suggestions, review links and what a link opens: decision 060), and course analytics and item
  // analysis (decision 065).
  expect(authoringOps).toBe(85);
  expect(proposalsOps).toBeGreaterThanOrEqual(8);

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  const services = page.getByRole("navigation", { name: "Services" });
  await expect(services.getByRole("link")).toHaveText(["Course authoring API", "Proposals API"]);

  const authoring = page.getByRole("region", { name: "Course Authoring API" });
  await expect(operations(authoring)).toHaveCount(authoringOps);
  await expect(authoring.getByRole("heading", { name: "Agent tools (MCP)" })).toBeVisible();
  await expect(authoring.getByText('"url": "https://YOUR-HOST/api/authoring/mcp"')).toBeVisible();
  await expect(authoring.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute("href", "/api/authoring/openapi.json");
  await expect(authoring.getByRole("article").filter({ hasText: "/projects/{projectId}/courses" }).first()).toBeVisible();

  await services.getByRole("link", { name: "Proposals API" }).click();
  await expect(page).toHaveURL(/#proposals$/);
  const proposals = page.getByRole("region", { name: "Proposals API" });
  await expect(proposals.getByRole("heading", { name: "Proposals API", level: 2 })).toBeInViewport();
  await expect(operations(proposals)).toHaveCount(proposalsOps);
  await expect(proposals.getByRole("heading", { name: /^post\s*\/v3\/contacts — Create a contact$/ })).toBeVisible();
  await expect(proposals.getByRole("heading", { name: "Contacts", level: 3 })).toBeVisible();
  await expect(proposals.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute("href", "/api/proposals/openapi.json");
  await expect(proposals.getByRole("heading", { name: "Agent tools (MCP)" })).toBeVisible();
  await expect(proposals.getByText('"url": "https://YOUR-HOST/api/proposals/mcp"')).toBeVisible();
  await expect(proposals.getByText("claude mcp add --transport http coursewright-proposals")).toBeVisible();
  await expect(proposals.getByText(/Sending, accepting, rejecting and withdrawing proposals are not offered to agents/)).toBeVisible();

  // Each service's own side navigation leads into its own sections.
  await page.getByRole("navigation", { name: "Proposals API sections" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page).toHaveURL(/#proposals-contacts$/);
  // The screen as the reader sees it: the whole reference as one picture took longer than the test.
  await screenshot(page, "api-reference", { fullPage: false });
  expect(external).toEqual([]);
});

test("[DOCS] on a phone the reference fits the screen and the services' navigation reaches the proposals API", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: "Proposals API" }).click();
  const proposals = page.getByRole("region", { name: "Proposals API" });
  await expect(proposals.getByRole("heading", { name: "Proposals API", level: 2 })).toBeInViewport();
  await expect(proposals.getByText('"url": "https://YOUR-HOST/api/proposals/mcp"')).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await screenshot(page, "phone-api-reference", { fullPage: false });
});

test("[DOCS] the user guide says what each role finds where, and the docs' navigation leads between the guides", async ({ page }) => {
  await page.goto("/docs/api");
  await page.getByRole("link", { name: "User guide" }).click();
  await expect(page).toHaveURL(/\/docs\/guide$/);
  await expect(page).toHaveTitle(/^User guide/);
  await expect(page.getByRole("heading", { name: "Using Coursewright", level: 1 })).toBeVisible();
  for (const role of ["Everyone", "Accounts", "Authors", "Learners", "Agents", "Sales staff", "Proposals API", "Webhooks", "APIs"]) {
    await expect(page.getByRole("heading", { name: role, level: 2 })).toBeVisible();
  }
  await expect(page.getByText(/"Forgot password\?" on the sign-in page mails a link to choose a new password/)).toBeVisible();
  const files = page.getByRole("table").getByRole("row", { name: /hosted images and files/ });
  await expect(files.getByRole("cell").last()).toHaveText("/api/files/<uuid>");

  const docs = page.getByRole("navigation", { name: "Documentation" });
  await expect(docs.getByRole("link")).toHaveText(["User guide", "API reference", "Webhooks", "Moving courses"]);
  await expect(docs.getByRole("link", { name: "User guide" })).toHaveAttribute("aria-current", "page");
  // The guide's own links lead to the other guides too.
  await page.getByRole("main").getByRole("article").getByRole("link", { name: "Moving courses" }).click();
  await expect(page).toHaveURL(/\/docs\/course-exchange$/);
  await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "Webhooks", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/webhooks$/);
  const webhooksNav = page.getByRole("navigation", { name: "Documentation" });
  await expect(webhooksNav.getByRole("link", { name: "Webhooks", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(webhooksNav.getByRole("link", { name: "Your company's webhooks" })).toHaveAttribute("href", "/proposals/webhooks");
  await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "User guide" }).click();
  await expect(page.getByRole("heading", { name: "Using Coursewright", level: 1 })).toBeVisible();
  await screenshot(page, "user-guide");
});

test("[DOCS] on a phone the user guide fits the screen, its table of endpoints included", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/guide");
  await expect(page.getByRole("heading", { name: "Using Coursewright", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "API reference" })).toBeVisible();
  const table = page.getByRole("table");
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByRole("row", { name: /as a SCORM 1\.2, SCORM 2004 or cmi5 package/ })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  const box = await table.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await screenshot(page, "phone-user-guide");
});
