import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot } from "../support/helpers";

const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test("[LAYOUT] the course tree, lesson editor and lesson reader fit a tablet and the reader fits a phone", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const project = await authoringApi(page, "POST", "/projects", { name: "A project with a rather long name for a small screen" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, {
    title: "A course whose title is long enough to wrap on a tablet",
  });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Module" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Lesson" });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, {
    type: "text",
    content: { body: "| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n\nSome text." },
  });
  await authoringApi(page, "POST", `/courses/${course.id}/publish`);

  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole("listitem", { name: /course A course whose title/ })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await screenshot(page, "tablet-course-tree");
  await page.goto(`/projects/${project.id}/lessons/${lesson.id}`);
  await expect(page.getByLabel("Lesson title")).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/learn/lessons/${lesson.id}`);
  await expect(page.getByRole("heading", { name: "Lesson", level: 1 })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await screenshot(page, "phone-lesson-reader");
});
