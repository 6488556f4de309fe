import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createCompany, overflowsSideways } from "../proposals/helpers";
import { expect, test } from "../support/fixtures";
import { callerOf, screenshot, signInViaApi, signUpViaApi, type TestUser, VIEWPORTS } from "../support/helpers";

/** An author's team workspace with one project and a published course, and a learner in it. */
async function teamWithLearner(browser: Browser, baseURL: string) {
  const authorContext = await browser.newContext({ baseURL });
  const author: APIRequestContext = authorContext.request;
  const authorUser = await signUpViaApi(author, "Ada Author");
  await signInViaApi(author, authorUser);
  const call = callerOf(author);
  const learner = await signUpViaApi(author, "Lee Learner");
  const team = await call("POST", "/api/workspaces", { name: "Acme Academy" });
  await call("POST", `/api/workspaces/${team.id}/members`, { email: learner.email, role: "learner" });
  const project = await call("POST", "/api/authoring/projects", { name: "Onboarding", workspace_id: team.id });
  const course = await call("POST", `/api/authoring/projects/${project.id}/courses`, { title: "Safety basics" });
  const mod = await call("POST", `/api/authoring/courses/${course.id}/modules`, { title: "On site" });
  await call("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "Hard hats" });
  await call("POST", `/api/authoring/courses/${course.id}/publish`);
  await authorContext.close();
  return { authorUser, learner, team, project };
}

async function signInWithForm(page: Page, user: TestUser) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test(`[NAV] a learner whose only team role is learner lands on Learn after signing in, and the header leads to Learn, Author and Proposals (${name})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const { learner } = await teamWithLearner(browser, baseURL!);
      await signInWithForm(page, learner);
      await expect(page).toHaveURL(`${baseURL}/learn`);
      await expect(page.getByRole("heading", { name: "Safety basics" })).toBeVisible();
      const nav = mainNav(page);
      await expect(nav.getByRole("link", { name: "Learn" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Author" })).not.toHaveAttribute("aria-current", /.*/);
      await expect(nav.getByRole("link", { name: "Proposals" })).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);

      await nav.getByRole("link", { name: "Author" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole("heading", { name: "Personal", level: 1 })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Author" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Learn" })).not.toHaveAttribute("aria-current", /.*/);
      await screenshot(page, `author-home-learner-${name}`);

      await nav.getByRole("link", { name: "Learn" }).click();
      await expect(page).toHaveURL(`${baseURL}/learn`);
      await expect(page.getByRole("heading", { name: "Your courses", level: 1 })).toBeVisible();
    });

    test(`[NAV] someone who authors signs in to the Author page; the header marks where they are and leads a newcomer to create a company under Proposals (${name})`, async ({
      page,
      baseURL,
    }) => {
      const user = await signUpViaApi(page.request, "Ada Author");
      await signInWithForm(page, user);
      await expect(page).toHaveURL(`${baseURL}/`);
      const nav = mainNav(page);
      await expect(nav.getByRole("link", { name: "Author" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Learn" })).toBeVisible();

      // In no company yet: Proposals leads to creating one (docs/decisions/032).
      await nav.getByRole("link", { name: "Proposals" }).click();
      await expect(page.getByRole("heading", { name: "Create your company" })).toBeVisible();
      await createCompany(page, "Ada's Studio");
      await page.reload();
      await nav.getByRole("link", { name: "Proposals" }).click();
      await expect(page).toHaveURL(/\/proposals/);
      await expect(nav.getByRole("link", { name: "Proposals" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Author" })).not.toHaveAttribute("aria-current", /.*/);
      expect(await overflowsSideways(page)).toBe(false);

      // A project page is part of Author.
      const project = await (await page.request.post("/api/authoring/projects", { data: { name: "Handbook" } })).json();
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole("heading", { name: "Handbook", level: 1 })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Author" })).toHaveAttribute("aria-current", "page");
    });

    test(`[NAV] in a team workspace where they are a learner, a learner sees no authoring project cards but a way to Learn, and members by name only (${name})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const { learner, authorUser, team } = await teamWithLearner(browser, baseURL!);
      await signInViaApi(page.request, learner);
      await page.goto(`/?workspace=${team.id}`);
      await expect(page.getByRole("heading", { name: "Acme Academy", level: 1 })).toBeVisible();
      await expect(page.getByText("Team workspace · you are a learner")).toBeVisible();
      // The project exists, but it is for authors: no card that would only bounce to Learn.
      await expect(page.getByRole("link", { name: "Onboarding" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "New project" })).toHaveCount(0);
      await screenshot(page, `team-workspace-as-learner-${name}`);
      await page.getByRole("main").getByRole("link", { name: "Go to your courses" }).click();
      await expect(page).toHaveURL(`${baseURL}/learn`);
      await expect(page.getByRole("heading", { name: "Safety basics" })).toBeVisible();

      await page.goto(`/workspaces/${team.id}/members`);
      const members = page.getByRole("list", { name: "Members" });
      await expect(members.getByText(authorUser.name, { exact: true })).toBeVisible();
      await expect(members.getByText(learner.email)).toBeVisible();
      await expect(page.getByText(authorUser.email)).toHaveCount(0);
      await screenshot(page, `members-as-learner-${name}`);
      expect(await overflowsSideways(page)).toBe(false);
    });
  });
}
