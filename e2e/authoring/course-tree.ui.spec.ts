import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { answerConfirm, authoringApi, dragKey, pickUpWithKeyboard, screenshot, signUpViaApi } from "../support/helpers";

async function projectWithTree(page: Page) {
  const project = await authoringApi(page, "POST", "/projects", { name: "Onboarding" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Welcome course" });
  const first = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "First module" });
  const second = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Second module" });
  const lessons = [];
  for (const title of ["Lesson A", "Lesson B"]) lessons.push(await authoringApi(page, "POST", `/modules/${first.id}/lessons`, { title }));
  lessons.push(await authoringApi(page, "POST", `/modules/${second.id}/lessons`, { title: "Lesson C" }));
  return { project, course, first, second, lessons };
}

const lessonTitles = (page: Page, moduleId: string) =>
  authoringApi(page, "GET", `/modules/${moduleId}/lessons`).then((r) => r.lessons.map((l: { title: string }) => l.title));

test("[COURSE TREE] build a course inline: add, rename and delete courses, modules and lessons", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  await page.goto("/");
  await page.getByRole("button", { name: "New project" }).click();
  await page.getByLabel("Project name").fill("Sales academy");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name: "Sales academy", level: 1 })).toBeVisible();
  await expect(page.getByText("No courses yet")).toBeVisible();

  await page.getByRole("button", { name: "+ Add course" }).click();
  await page.getByLabel("Add course title").fill("Negotiation");
  await page.getByLabel("Add course title").press("Enter");
  await expect(page.getByRole("listitem", { name: "course Negotiation" })).toBeVisible();
  await page.getByRole("button", { name: "+ Add module" }).click();
  await page.getByLabel("Add module title").fill("Basics");
  await page.getByLabel("Add module title").press("Enter");
  await page.getByRole("button", { name: "+ Add lesson" }).click();
  await page.getByLabel("Add lesson title").fill("Anchoring");
  await page.getByLabel("Add lesson title").press("Enter");
  await expect(page.getByRole("link", { name: "Anchoring" })).toBeVisible();

  await page.getByRole("button", { name: "Rename lesson Anchoring" }).click();
  await page.getByLabel("New title for lesson Anchoring").fill("Anchoring and framing");
  await page.getByLabel("New title for lesson Anchoring").press("Enter");
  await expect(page.getByRole("link", { name: "Anchoring and framing" })).toBeVisible();

  await page.getByRole("button", { name: "Delete lesson Anchoring and framing" }).click();
  await expect(page.getByRole("dialog")).toContainText("go to the trash");
  await page.getByRole("button", { name: "Move to trash" }).click();
  await expect(page.getByRole("link", { name: "Anchoring and framing" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("listitem", { name: "module Basics" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Anchoring and framing" })).toHaveCount(0);
  await screenshot(page, "course-tree-built");
});

test("[COURSE TREE] drag a lesson to another module with the pointer, and it stays there after a reload", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const { project, first, second } = await projectWithTree(page);
  await page.goto(`/projects/${project.id}`);
  const handle = page.getByRole("button", { name: "Move lesson Lesson A" });
  const target = page.getByRole("listitem", { name: "lesson Lesson C" });
  await expect(handle).toBeVisible();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
  await expect.poll(() => lessonTitles(page, second.id)).toEqual(["Lesson A", "Lesson C"]);
  expect(await lessonTitles(page, first.id)).toEqual(["Lesson B"]);
  await page.reload();
  const order = () =>
    page
      .getByRole("list", { name: "Course tree" })
      .getByRole("listitem")
      .evaluateAll((items) => items.map((i) => i.getAttribute("aria-label")).filter(Boolean));
  await expect
    .poll(order)
    .toEqual([
      "course Welcome course",
      "module First module",
      "lesson Lesson B",
      "module Second module",
      "lesson Lesson A",
      "lesson Lesson C",
    ]);
});

test("[COURSE TREE] move a lesson with the keyboard, with screen-reader announcements", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const { project, first, second } = await projectWithTree(page);
  await page.goto(`/projects/${project.id}`);
  await pickUpWithKeyboard(page, page.getByRole("button", { name: "Move lesson Lesson B" }), /Picked up lesson Lesson B/);
  await dragKey(page, "ArrowDown", /lesson Lesson B is over module Second module/);
  await dragKey(page, "ArrowDown", /lesson Lesson B is over lesson Lesson C/);
  await page.keyboard.press("Space");
  await expect.poll(() => lessonTitles(page, second.id)).toEqual(["Lesson B", "Lesson C"]);
  expect(await lessonTitles(page, first.id)).toEqual(["Lesson A"]);
  await page.reload();
  await expect(page.getByRole("listitem", { name: "lesson Lesson B" })).toBeVisible();
  expect(await lessonTitles(page, second.id)).toEqual(["Lesson B", "Lesson C"]);
});

test("[COURSE TREE] a move the server refuses is rolled back with a visible message", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const { project, first, lessons } = await projectWithTree(page);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole("listitem", { name: "lesson Lesson A" })).toBeVisible();
  // Someone else deletes the lesson meanwhile; this page still shows it.
  await authoringApi(page, "DELETE", `/lessons/${lessons[0].id}`);
  await pickUpWithKeyboard(page, page.getByRole("button", { name: "Move lesson Lesson A" }), /Picked up lesson Lesson A/);
  await dragKey(page, "ArrowDown", /lesson Lesson A is over lesson Lesson B/);
  await page.keyboard.press("Space");
  await expect(page.getByRole("alert").filter({ hasText: "Could not move lesson Lesson A" })).toBeVisible();
  expect(await lessonTitles(page, first.id)).toEqual(["Lesson B"]);
});

test("[COURSE TREE] publishing says what becomes visible; badges follow", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const { project } = await projectWithTree(page);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole("button", { name: "Publish course Welcome course" }).click();
  await expect(page.getByRole("dialog")).toContainText("This publishes 3 draft lessons.");
  // The lessons have no blocks yet: the checks before publishing say so, and publishing stays possible.
  await expect(page.getByRole("dialog").getByRole("list", { name: "3 problems learners would see" })).toBeVisible();
  await page.getByRole("button", { name: "Publish anyway" }).click();
  const course = page.getByRole("listitem", { name: "course Welcome course" });
  await expect(course.getByText("Published", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "lesson Lesson C" }).getByText("Published", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Unpublish lesson Lesson C" }).click();
  await page.getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(page.getByRole("listitem", { name: "lesson Lesson C" }).getByText("Draft", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Unpublish course Welcome course" }).click();
  await expect(page.getByRole("dialog")).toContainText("their progress is kept");
  await page.getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(course.getByText("Draft", { exact: true })).toBeVisible();
  await screenshot(page, "course-tree-published");
});

test("[TRASH] delete and restore from the trash, with a clear message when a parent must come back first", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn("Tess Trash");
  const { project, course, lessons } = await projectWithTree(page);
  await authoringApi(page, "DELETE", `/lessons/${lessons[0].id}`);
  await authoringApi(page, "DELETE", `/courses/${course.id}`);
  await page.goto(`/projects/${project.id}/trash`);
  const lessonRow = page.getByRole("row").filter({ hasText: "Lesson A" });
  await expect(lessonRow).toContainText("Welcome course › First module");
  await expect(lessonRow).toContainText("by Tess Trash");
  await lessonRow.getByRole("button", { name: "Restore Lesson Lesson A" }).click();
  await expect(lessonRow.getByRole("alert")).toContainText("Restore its module first");
  await screenshot(page, "trash");
  await page.getByRole("button", { name: "Restore Course Welcome course" }).click();
  await expect(page.getByRole("button", { name: "Restore Course Welcome course" })).toHaveCount(0);
  await lessonRow.getByRole("button", { name: "Restore Lesson Lesson A" }).click();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  await page.getByRole("link", { name: "Courses" }).click();
  await expect(page.getByRole("link", { name: "Lesson A" })).toBeVisible();
});

test("[WORKSPACES] team workspace: members page adds, re-roles and removes members; projects rename, delete and restore", async ({
  page,
  signUpAndSignIn,
}) => {
  const colleague = await signUpViaApi(page.request, "Colin Colleague");
  await page.context().clearCookies();
  await signUpAndSignIn("Wanda Admin");
  await page.goto("/");
  await page.getByRole("button", { name: "+ New team workspace" }).click();
  await page.getByLabel("Team workspace name").fill("Acme Academy");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Acme Academy", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Members" }).click();
  await page.getByLabel("Email of an existing user").fill("nobody@example.test");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("No account uses this email")).toBeVisible();
  await page.getByLabel("Email of an existing user").fill(colleague.email);
  await page.getByRole("form", { name: "Add a member" }).getByLabel("Role").selectOption("learner");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByText("Colin Colleague", { exact: true })).toBeVisible();
  await page.getByLabel("Role of Colin Colleague").selectOption("author");
  await expect
    .poll(
      async () =>
        (await (await page.request.get(page.url().replace(/.*\/workspaces/, "/api/workspaces"))).json()).members.find(
          (m: { name: string }) => m.name === "Colin Colleague",
        )?.role,
    )
    .toBe("author");
  await page.getByLabel("Role of Wanda Admin").selectOption("author");
  await expect(page.getByRole("alert").filter({ hasText: "at least one admin" })).toBeVisible();
  await page.getByRole("button", { name: "Remove Colin Colleague" }).click();
  await answerConfirm(page, "Remove");
  await expect(members.getByText("Colin Colleague", { exact: true })).toHaveCount(0);
  await screenshot(page, "members");

  await page.getByRole("link", { name: "← Acme Academy" }).click();
  await page.getByRole("button", { name: "New project" }).click();
  await page.getByLabel("Project name").fill("Field sales");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name: "Field sales", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Acme Academy" }).click();
  await page.getByRole("button", { name: "Rename Field sales" }).click();
  await page.getByLabel("Project name").fill("Field sales 2027");
  await page.getByLabel("Project name").press("Enter");
  await expect(page.getByRole("link", { name: "Field sales 2027" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Field sales 2027" }).click();
  await answerConfirm(page, "Delete");
  await expect(page.getByRole("link", { name: "Field sales 2027" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Deleted projects" })).toBeVisible();
  await screenshot(page, "workspace-home");
  await page.getByRole("button", { name: "Restore Field sales 2027" }).click();
  await expect(page.getByRole("link", { name: "Field sales 2027" })).toBeVisible();
});
