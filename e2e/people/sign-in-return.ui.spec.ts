import type { APIRequestContext, Page } from "@playwright/test";
import { createCompany } from "../proposals/helpers";
import { expect, test } from "../support/fixtures";
import { signInViaApi, signUpViaApi, type TestUser, VIEWPORTS } from "../support/helpers";

/**
 * A user with a project, a published lesson, a team workspace and a company, made through the API
 * in a request context of its own, so the page stays signed out.
 */
async function userWithContent(request: APIRequestContext) {
  const user = await signUpViaApi(request, "Ada Author");
  await signInViaApi(request, user);
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(path, { method, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const project = await call("POST", "/api/authoring/projects", { name: "Handbook" });
  const course = await call("POST", `/api/authoring/projects/${project.id}/courses`, { title: "Welcome" });
  const mod = await call("POST", `/api/authoring/courses/${course.id}/modules`, { title: "Start" });
  const lesson = await call("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "First day" });
  await call("POST", `/api/authoring/courses/${course.id}/publish`);
  const team = await call("POST", "/api/workspaces", { name: "Acme Academy" });
  const company = (await call("POST", "/api/proposals/v3/companies", { name: "Acme Studio" })).data;
  return { user, project, course, lesson, team, company };
}

async function signIn(page: Page, user: TestUser) {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test(`[ACCOUNT] every protected page sends a signed-out visitor to sign-in with its path and query, and sign-in returns there (${name})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const setup = await browser.newContext({ baseURL });
      const { user, project, course, lesson, team, company } = await userWithContent(setup.request);
      await setup.close();
      const pages: { path: string; shows: (page: Page) => Promise<void> }[] = [
        {
          path: `/learn/lessons/${lesson.id}?preview=1`,
          shows: (p) => expect(p.getByRole("heading", { name: "First day", level: 1 })).toBeVisible(),
        },
        {
          path: `/learn/courses/${course.id}`,
          shows: (p) => expect(p.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible(),
        },
        { path: "/learn", shows: (p) => expect(p.getByRole("heading", { name: "Your courses", level: 1 })).toBeVisible() },
        {
          path: `/projects/${project.id}/lessons/${lesson.id}`,
          shows: (p) => expect(p.getByLabel("Lesson title")).toHaveValue("First day"),
        },
        {
          path: `/projects/${project.id}/questions?difficulty=2`,
          shows: (p) => expect(p.getByRole("heading", { name: "Handbook", level: 1 })).toBeVisible(),
        },
        {
          path: `/workspaces/${team.id}/members`,
          shows: (p) => expect(p.getByRole("heading", { name: "Members of Acme Academy" })).toBeVisible(),
        },
        {
          path: `/proposals/library?company=${company.id}`,
          shows: (p) => expect(p.getByRole("heading", { name: "Content library", level: 1 })).toBeVisible(),
        },
        { path: "/account/api-keys?from=mail", shows: (p) => expect(p.getByRole("heading", { name: "API keys" })).toBeVisible() },
      ];
      for (const { path, shows } of pages) {
        await page.context().clearCookies();
        await page.goto(path);
        await expect(page, `signed out at ${path}`).toHaveURL(`${baseURL}/sign-in?next=${encodeURIComponent(path)}`);
        await signIn(page, user);
        await expect(page, `back at ${path}`).toHaveURL(`${baseURL}${path}`);
        await shows(page);
      }
    });

    test(`[ACCOUNT] a sign-in link with a next that leaves the app still lands on the app (${name})`, async ({ page, baseURL }) => {
      const user = await signUpViaApi(page.request);
      await page.goto(`/sign-in?next=${encodeURIComponent("https://example.org/learn")}`);
      await signIn(page, user);
      await expect(page).toHaveURL(`${baseURL}/`);
    });

    test(`[ACCOUNT] the sign-in and sign-up forms are on the page before any script runs (${name})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/sign-in?next=%2Flearn");
      await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Email")).toBeVisible();
      await expect(page.getByLabel("Password")).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();

      await page.goto("/sign-in?registered=1");
      await expect(page.getByText("Your account is ready. Sign in to continue.")).toBeVisible();

      await page.goto("/sign-up");
      await expect(page.getByRole("heading", { name: "Create your account", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Name")).toBeVisible();
      await expect(page.getByLabel("Email")).toBeVisible();
      await expect(page.getByLabel("Password")).toBeVisible();
      await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
      await context.close();
    });

    test(`[ACCOUNT] with scripts on, the server-rendered sign-in form signs in and goes to next (${name})`, async ({ page, baseURL }) => {
      const user = await signUpViaApi(page.request);
      await signInViaApi(page.request, user);
      await createCompany(page, "Sam's Studio");
      await page.context().clearCookies();
      await page.goto("/sign-in?next=%2Fproposals");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill("not the password at all");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(`${baseURL}/proposals`);
      await expect(page.getByRole("heading", { name: "Proposals", level: 1 })).toBeVisible();
    });
  });
}
