import type { Page } from "@playwright/test";
import { overflowsSideways } from "../proposals/helpers";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot, VIEWPORTS } from "../support/helpers";

async function expectNotFoundPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 }), `page at ${path}`).toBeVisible();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test(`[PAGES] an unknown address shows the app's not-found page with 404 and ways back (${name})`, async ({ page, baseURL }) => {
      await expectNotFoundPage(page, "/no-such-page/anywhere");
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Learn" })).toHaveAttribute("href", "/learn");
      await expect(main.getByRole("link", { name: "Author" })).toHaveAttribute("href", "/");
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `not-found-${name}`);
      await main.getByRole("link", { name: "Home page" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole("heading", { name: "Build courses people finish." })).toBeVisible();

      // Signed out, Learn leads through sign-in and back.
      await expectNotFoundPage(page, "/learn-typo");
      await page.getByRole("main").getByRole("link", { name: "Learn" }).click();
      await expect(page).toHaveURL(`${baseURL}/sign-in?next=%2Flearn`);
    });

    test(`[PAGES] a signed-in user on an unknown address keeps the header and gets back to their work (${name})`, async ({
      page,
      signUpAndSignIn,
      baseURL,
    }) => {
      await signUpAndSignIn("Ada Author");
      await expectNotFoundPage(page, "/projects");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Learn" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Author" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole("heading", { name: "Personal", level: 1 })).toBeVisible();
    });

    test(`[PAGES] an unknown course or lesson under authoring and learn draws the site header once (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const project = await authoringApi(page, "POST", "/projects", { name: "Handbook" });
      const unknown = "3f2a0b1c-0000-4000-8000-000000000000";
      for (const path of [
        `/projects/${unknown}/lessons/${unknown}`,
        `/projects/${project.id}/lessons/not-a-uuid`,
        `/projects/${project.id}/quizzes/not-a-uuid`,
        `/learn/lessons/${unknown}`,
        `/learn/courses/not-a-uuid`,
      ]) {
        await expectNotFoundPage(page, path);
        // One header (a page has one banner landmark), one main navigation, one main region.
        await expect(page.getByRole("banner"), `banners at ${path}`).toHaveCount(1);
        await expect(page.locator("header"), `header elements at ${path}`).toHaveCount(1);
        await expect(page.getByRole("navigation", { name: "Main" }), `main navigations at ${path}`).toHaveCount(1);
        await expect(page.getByRole("main"), `main regions at ${path}`).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 }), `h1 at ${path}`).toHaveCount(1);
        expect(await overflowsSideways(page), `sideways scroll at ${path}`).toBe(false);
      }
      await screenshot(page, `not-found-learn-${name}`);
    });
  });
}

// Once, at the desktop width: whether a malformed id is an error is the server's and the page's
// answer, not the screen's. The not-found page's phone layout is the per-width tests' above.
// (Until 7 December this ran at both widths: 33 page loads each, 59 s of CI.)
test("[PAGES] a malformed id in any page's address is not found, not an error", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn("Ada Author");
  const project = await authoringApi(page, "POST", "/projects", { name: "Handbook" });
  const malformed = ["not-a-uuid", "123", "3f2a0b1c-0000-0000-0000-zzzzzzzzzzzz"];
  for (const id of malformed) {
    for (const path of [
      `/projects/${id}`,
      `/projects/${id}/questions`,
      `/projects/${id}/quizzes`,
      `/projects/${id}/results`,
      `/projects/${id}/trash`,
      `/projects/${project.id}/lessons/${id}`,
      `/projects/${project.id}/quizzes/${id}`,
      `/workspaces/${id}/members`,
      `/learn/courses/${id}`,
      `/learn/lessons/${id}`,
      `/proposals/${id}/edit`,
    ]) {
      await expectNotFoundPage(page, path);
    }
  }
  // The recipient's page keeps its own wording for a link that leads nowhere.
  const response = await page.goto("/p/not-a-uuid");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This proposal is not available" })).toBeVisible();
});

test("[PAGES] the app has an icon and a web manifest that browsers can load", async ({ page, request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\//);
  expect((await favicon.body()).length).toBeGreaterThan(0);

  await page.goto("/sign-in");
  const icons = await page.locator('head link[rel="icon"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(icons.length).toBeGreaterThan(0);
  for (const href of icons) {
    const icon = await request.get(href);
    expect(icon.status(), href).toBe(200);
    expect(icon.headers()["content-type"], href).toMatch(/^image\//);
  }

  const manifestHref = await page.locator('head link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBeTruthy();
  const manifest = await request.get(manifestHref!);
  expect(manifest.status()).toBe(200);
  const body = JSON.parse(await manifest.text());
  expect(body).toMatchObject({ name: "Coursewright", start_url: "/" });
  expect(body.icons.length).toBeGreaterThan(0);
  for (const icon of body.icons as { src: string; type: string }[]) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()["content-type"], icon.src).toMatch(/^image\//);
  }
});

test("[PAGES] robots.txt keeps crawlers out of the API and lets them read a proposal page's own noindex", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  const rules = (await robots.text()).split("\n").filter((line) => !line.startsWith("#"));
  expect(rules).toContain("User-agent: *");
  expect(rules).toContain("Disallow: /api/");
  expect(rules.some((line) => line.startsWith("Disallow: /p"))).toBe(false);
});
