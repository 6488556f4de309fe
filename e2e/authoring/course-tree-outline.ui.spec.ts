import type { Page, Request } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, dragKey, pickUpWithKeyboard, VIEWPORTS } from "../support/helpers";

/** A project whose lessons carry blocks with a recognisable text the tree must never download. */
async function projectWithContent(page: Page) {
  const project = await authoringApi(page, "POST", "/projects", { name: "Big library" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Handbook" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Chapter one" });
  const lessons = [];
  for (const title of ["Lesson A", "Lesson B", "Lesson C"]) {
    const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title });
    for (let i = 0; i < 3; i++) {
      await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "text", content: { body: `SECRET-BODY ${title} ${i}` } });
    }
    lessons.push(lesson);
  }
  return { project, course, mod, lessons };
}

const lessonTitles = (page: Page, moduleId: string) =>
  authoringApi(page, "GET", `/modules/${moduleId}/lessons`).then((r) => r.lessons.map((l: { title: string }) => l.title));

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[COURSE TREE] ${name}`, () => {
    test.use({ viewport });

    test(`the tree reads the project's outline, never block content, and a move is saved without reading the tree again (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const { project, mod } = await projectWithContent(page);
      const treeReads: string[] = [];
      const bodies: string[] = [];
      const onRequest = (request: Request) => {
        const url = new URL(request.url());
        if (request.method() === "GET" && url.pathname.startsWith(`/api/authoring/projects/${project.id}`)) treeReads.push(url.pathname);
      };
      page.on("request", onRequest);
      page.on("response", async (response) => {
        if (response.url().includes("/api/authoring/") && response.request().method() === "GET") {
          bodies.push(await response.text().catch(() => ""));
        }
      });

      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole("listitem", { name: "lesson Lesson C" })).toBeVisible();
      expect(treeReads).toContain(`/api/authoring/projects/${project.id}/outline`);
      expect(treeReads).not.toContain(`/api/authoring/projects/${project.id}`);
      expect(bodies.join("\n")).not.toContain("SECRET-BODY");

      // Move Lesson A below Lesson B with the keyboard; the PATCH's answer is all the tree reads.
      treeReads.length = 0;
      const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/api/authoring/lessons/"));
      await pickUpWithKeyboard(page, page.getByRole("button", { name: "Move lesson Lesson A" }), /Picked up lesson Lesson A/);
      await dragKey(page, "ArrowDown", /lesson Lesson A is over lesson Lesson B/);
      await page.keyboard.press("Space");
      expect((await saved).status()).toBe(200);
      await expect.poll(() => lessonTitles(page, mod.id)).toEqual(["Lesson B", "Lesson A", "Lesson C"]);
      await expect(page.getByRole("listitem", { name: /^lesson Lesson/ })).toHaveCount(3);
      await expect(page.getByRole("listitem", { name: /^lesson Lesson/ }).first()).toHaveAccessibleName("lesson Lesson B");
      // A rename after the move is based on the version the move's answer carried: no conflict.
      // The tree's reads so far, taken as the rename's request is seen: the test's own steps may run
      // later than the page's (a read the rename's answer asks for must not count).
      let readsBeforeRename: string[] | undefined;
      const renaming = page.waitForRequest((r) => {
        const isRename = r.method() === "PATCH" && r.url().includes("/api/authoring/lessons/");
        if (isRename) readsBeforeRename ??= [...treeReads];
        return isRename;
      });
      await page.getByRole("button", { name: "Rename lesson Lesson A" }).click();
      await page.getByLabel("New title for lesson Lesson A").fill("Lesson A, renamed");
      await page.getByLabel("New title for lesson Lesson A").press("Enter");
      await renaming;
      // A refetch after the move would have been asked for as the move settled, before the person
      // could even open the rename: by the time the rename went out, none was.
      expect(readsBeforeRename).toEqual([]);
      await expect(page.getByRole("link", { name: "Lesson A, renamed" })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.reload();
      await expect(page.getByRole("listitem", { name: /^lesson Lesson/ }).first()).toHaveAccessibleName("lesson Lesson B");
      expect(await lessonTitles(page, mod.id)).toEqual(["Lesson B", "Lesson A, renamed", "Lesson C"]);
    });

    test(`the lesson editor reads its course's outline, not the project's, for its location and "Move to lesson…" (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const { project, course, lessons } = await projectWithContent(page);
      // Another course of the same project: its lessons are no target of a move from this lesson.
      const other = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Elsewhere" });
      const otherModule = await authoringApi(page, "POST", `/courses/${other.id}/modules`, { title: "Far chapter" });
      await authoringApi(page, "POST", `/modules/${otherModule.id}/lessons`, { title: "Far lesson" });
      const reads: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "GET") reads.push(new URL(request.url()).pathname);
      });

      await page.goto(`/projects/${project.id}/lessons/${lessons[0].id}`);
      await expect(page.getByRole("navigation", { name: "Lesson location" })).toHaveText("Handbook › Chapter one");
      expect(reads).toContain(`/api/authoring/courses/${course.id}/outline`);
      expect(reads.filter((path) => path.startsWith(`/api/authoring/projects/${project.id}`))).toEqual([]);

      await page.getByRole("button", { name: "Move to lesson…" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Move to another lesson" });
      await expect(dialog.getByRole("radio", { name: /Lesson B/ })).toBeVisible();
      await expect(dialog.getByRole("radio", { name: /Lesson C/ })).toBeVisible();
      await expect(dialog.getByRole("radio", { name: /Far lesson/ })).toHaveCount(0);
      await dialog.getByRole("radio", { name: /Lesson C/ }).check();
      await dialog.getByRole("button", { name: "Move block" }).click();
      await expect(page.getByText("Moved to “Lesson C”.")).toBeVisible();
      const moved = await authoringApi(page, "GET", `/lessons/${lessons[2].id}/blocks`);
      expect(moved.blocks.map((b: { content: { body: string } }) => b.content.body)).toContain("SECRET-BODY Lesson A 0");
    });
  });
}
