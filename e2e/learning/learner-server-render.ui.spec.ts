import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, hardHatQuestion, signInViaApi, signUpViaApi, VIEWPORTS } from "../support/helpers";

// Issue 14, front end: the learner's lesson is rendered on the server. Its text is in the HTML the
// server sends, it reads without JavaScript, and the browser does not fetch the lesson again.

/** The signed-in user's published course: a lesson of markdown and a practice question, and a second lesson. */
async function publishedLesson(page: Page) {
  const project = await authoringApi(page, "POST", "/projects", { name: "Site safety" });
  const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Safety" });
  const question = await authoringApi(page, "POST", `/projects/${project.id}/questions`, hardHatQuestion(category.id));
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Safety basics" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "On site" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Hard hats" });
  await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Exits" });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, {
    type: "text",
    content: { body: "Wear a **hard hat** at all times.\n\n- Check the strap\n- Replace it after a knock" },
  });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, {
    type: "question",
    question_id: question.id,
    question_role: "practice",
  });
  await authoringApi(page, "POST", `/courses/${course.id}/publish`);
  return { lesson };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} width, without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test(`[LEARN] the lesson's text is in the HTML the server sends, and the lesson reads without JavaScript (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const { lesson } = await publishedLesson(page);

      // The HTML itself, requested with the signed-in cookies.
      const response = await page.request.get(`/learn/lessons/${lesson.id}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Hard hats<\/h1>/);
      expect(html).toContain("Wear a <strong>hard hat</strong> at all times.");
      expect(html).toContain("Replace it after a knock");
      expect(html).toContain("Must you wear a hard hat on site?");

      // The page in a browser that runs no script: everything to read is there.
      await page.goto(`/learn/lessons/${lesson.id}`);
      await expect(page.getByRole("heading", { name: "Hard hats", level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Safety basics" })).toBeVisible();
      await expect(page.getByText("Lesson 1 of 2")).toBeVisible();
      await expect(page.locator("strong", { hasText: "hard hat" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Check the strap" })).toBeVisible();
      await expect(page.getByText("Must you wear a hard hat on site?")).toBeVisible();
      await expect(page.getByRole("radio", { name: "Yes" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Next lesson →" })).toBeVisible();
      await expect(page.getByLabel("Loading the lesson")).toHaveCount(0);
    });
  });

  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test(`[LEARN] the browser does not fetch the lesson it was sent, and its islands work once loaded (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const { lesson } = await publishedLesson(page);
      const lessonReads: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === `/api/learn/lessons/${lesson.id}`) lessonReads.push(request.method());
      });

      await page.goto(`/learn/lessons/${lesson.id}`);
      await expect(page.getByRole("heading", { name: "Hard hats", level: 1 })).toBeVisible();
      await page.getByRole("radio", { name: "Yes" }).check();
      await page.getByRole("button", { name: "Check" }).click();
      await expect(page.getByText("Correct!")).toBeVisible();
      await page.getByRole("button", { name: "Mark complete" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Lesson complete" })).toBeVisible();
      // The server-rendered header catches up with the completion.
      await expect(page.getByText("Lesson 1 of 2 · Completed")).toBeVisible();
      expect(lessonReads).toEqual([]);
    });

    test(`[LEARN] another user's lesson is the not-found page, answered with 404 (${name})`, async ({ page, browser, baseURL }) => {
      const ownerContext = await browser.newContext({ baseURL });
      const owner = await ownerContext.newPage();
      await signInViaApi(owner.request, await signUpViaApi(owner.request, "Olive Owner"));
      const { lesson } = await publishedLesson(owner);
      await ownerContext.close();

      await signInViaApi(page.request, await signUpViaApi(page.request, "Sam Stranger"));
      const response = await page.goto(`/learn/lessons/${lesson.id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
      await expect(page.getByText("Hard hats")).toHaveCount(0);
    });
  });
}
