import { expect, test } from "@playwright/test";
import { screenshot } from "./helpers";

test("[DOCS] the API reference shows every course-authoring endpoint, served without a CDN", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (req) => {
    if (!req.url().startsWith("http://127.0.0.1")) external.push(req.url());
  });
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Course Authoring API", level: 1 })).toBeVisible();
  await expect(page.locator("article[id]").filter({ has: page.locator("h3 code") })).toHaveCount(58);
  await expect(page.getByRole("heading", { name: "Agent tools (MCP)" })).toBeVisible();
  await expect(page.getByText('"url": "https://YOUR-HOST/api/authoring/mcp"')).toBeVisible();
  await expect(page.locator("#create_course")).toContainText("/projects/{projectId}/courses");
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute("href", "/api/authoring/openapi.json");
  await screenshot(page, "api-reference");
  expect(external).toEqual([]);
});
