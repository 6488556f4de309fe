import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, VIEWPORTS } from "../support/helpers";

/**
 * Courses leaving and entering the app (issue 29): the course tree's Export dialog saves a SCORM
 * 1.2, SCORM 2004 or cmi5 package or a course archive under the server's name, and the Import
 * dialog turns an archive into a new draft course, at desktop and phone width.
 */

type Tree = { projectId: string; courseId: string };

/** A project of the signed-in user with a course of one module and two lessons, each with text. */
async function courseTree(page: Page, projectName: string, title: string, { published }: { published: boolean }): Promise<Tree> {
  const user = await authoringApi(page, "GET", "/workspaces");
  const personal = (user.workspaces as { id: string; kind: string }[]).find((w) => w.kind === "personal")!;
  const project = await authoringApi(page, "POST", "/projects", { name: projectName, workspace_id: personal.id });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Basics" });
  for (const lessonTitle of ["Spotting hazards", "Reporting them"]) {
    const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: lessonTitle });
    await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "text", content: { body: `All about ${lessonTitle}.` } });
  }
  if (published) await authoringApi(page, "POST", `/courses/${course.id}/publish`);
  return { projectId: project.id, courseId: course.id };
}

/** The saved file's first bytes: a zip starts with "PK". */
async function startOf(download: Download): Promise<string> {
  const path = await download.path();
  return (await readFile(path)).subarray(0, 2).toString("latin1");
}

async function openExport(page: Page, title: string) {
  await page.getByRole("button", { name: `Export course ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Export “${title}”` });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[COURSE EXCHANGE] ${name}`, () => {
    test.use({ viewport });

    test(`exports each format from the course's Export dialog as a zip named by the server (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const { projectId } = await courseTree(page, "Exports", "Safety Basics", { published: true });
      await page.goto(`/projects/${projectId}`);
      const dialog = await openExport(page, "Safety Basics");
      await expect(dialog.getByText(/contain the quiz answer key/)).toBeVisible();

      for (const [label, format] of [
        ["SCORM 1.2", "scorm12"],
        ["SCORM 2004", "scorm2004"],
        ["cmi5", "cmi5"],
        ["Course archive", "archive"],
      ] as const) {
        await dialog.getByRole("radio", { name: new RegExp(`^${label}`) }).check();
        if (format === "cmi5") {
          // The passing score is asked only with the quiz rule.
          await expect(dialog.getByLabel("Passing score (%)")).toBeHidden();
          await dialog.getByRole("radio", { name: /Passing the final quiz/ }).check();
          // Empty by default: the package passes a learner where the final quiz's own pass mark does.
          await expect(dialog.getByLabel("Passing score (%)")).toHaveValue("");
          await expect(dialog.getByText("Empty: the final quiz's own pass mark.")).toBeVisible();
          await dialog.getByRole("radio", { name: /Every lesson viewed/ }).check();
        }
        if (format === "archive") await expect(dialog.getByText(/contain the quiz answer key/)).toBeHidden();
        const saved = page.waitForEvent("download");
        await dialog.getByRole("button", { name: "Export", exact: true }).click();
        const download = await saved;
        expect(download.suggestedFilename()).toBe(`safety-basics-${format}.zip`);
        expect(await startOf(download)).toBe("PK");
        await expect(dialog.getByRole("status").filter({ hasText: `safety-basics-${format}.zip` })).toBeVisible();
        await expect(dialog.getByRole("link", { name: "Save it again" })).toHaveAttribute("download", `safety-basics-${format}.zip`);
      }
    });

    test(`a package of an unpublished course says to publish it or include drafts (${name})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn("Ada Author");
      const { projectId } = await courseTree(page, "Drafts", "Draft Course", { published: false });
      await page.goto(`/projects/${projectId}`);
      const dialog = await openExport(page, "Draft Course");
      await dialog.getByRole("radio", { name: /^SCORM 1\.2/ }).check();
      await dialog.getByRole("button", { name: "Export", exact: true }).click();
      await expect(dialog.getByRole("alert")).toContainText("This course is not published. Publish the course, or tick “Include drafts”");

      // A review copy with the drafts is what the author can have now.
      await dialog.getByRole("checkbox", { name: /Include drafts/ }).check();
      await expect(dialog.getByRole("alert")).toBeHidden();
      const saved = page.waitForEvent("download");
      await dialog.getByRole("button", { name: "Export", exact: true }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toBe("draft-course-scorm12.zip");
      expect(await startOf(download)).toBe("PK");
    });

    test(`a package whose image cannot be copied names it, and exports with a link when the author says so (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const { projectId, courseId } = await courseTree(page, "Pictures", "Picture Course", { published: true });
      const outline = await authoringApi(page, "GET", `/courses/${courseId}/outline`);
      const lessonId = outline.modules[0].lessons[1].id as string;
      // A loopback address: the app's download guard refuses it, as it would any private address.
      const unreachable = "http://127.0.0.1:9/hazard-sign.png";
      await authoringApi(page, "POST", `/lessons/${lessonId}/blocks`, {
        type: "image",
        content: { source: { type: "url", url: unreachable }, alt: "A hazard sign", caption: "" },
      });
      await page.goto(`/projects/${projectId}`);
      const dialog = await openExport(page, "Picture Course");
      await dialog.getByRole("radio", { name: /^SCORM 2004/ }).check();
      await dialog.getByRole("button", { name: "Export", exact: true }).click();
      const alert = dialog.getByRole("alert");
      await expect(alert).toContainText("An image could not be copied into the package");
      await expect(alert.getByRole("listitem")).toHaveText([
        `In “Reporting them”: ${unreachable} (it could not be downloaded: 127.0.0.1 is a private or reserved address)`,
      ]);

      const saved = page.waitForEvent("download");
      await alert.getByRole("button", { name: "Export with image links" }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toBe("picture-course-scorm2004.zip");
      expect(await startOf(download)).toBe("PK");
      await expect(dialog.getByRole("alert")).toBeHidden();
    });

    test(`an archive imported on the project's Courses page becomes a new draft course (${name})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn("Ada Author");
      const source = await courseTree(page, "Source", "Fire Drill", { published: true });
      const res = await page.request.get(`/api/authoring/courses/${source.courseId}/export?format=archive`);
      expect(res.status()).toBe(200);
      const archive = await res.body();
      const target = await courseTree(page, "Target", "Existing Course", { published: false });

      // Reached from the navigation: the project's Courses tab.
      await page.goto(`/projects/${target.projectId}/questions`);
      await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Courses" }).click();
      await page.getByRole("button", { name: "Import course" }).click();
      const dialog = page.getByRole("dialog", { name: "Import a course" });
      await dialog
        .getByLabel("Course archive")
        .setInputFiles({ name: "fire-drill-archive.zip", mimeType: "application/zip", buffer: archive });
      await expect(dialog.getByText("Chosen: fire-drill-archive.zip")).toBeVisible();
      await dialog.getByRole("button", { name: "Import", exact: true }).click();

      await expect(dialog.getByRole("heading", { name: "Imported “Fire Drill”" })).toBeVisible();
      const created = dialog.getByRole("list", { name: "What the import created" });
      await expect(created).toContainText("1 module");
      await expect(created).toContainText("2 lessons");
      await expect(created).toContainText("2 blocks");
      // The tree behind the dialog has it already, as a draft after the existing course.
      await dialog.getByRole("link", { name: "Open “Fire Drill”" }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${target.projectId}/lessons/`));
      await expect(page.getByLabel("Lesson title")).toHaveValue("Spotting hazards");
      await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Courses" }).click();
      const tree = page.getByRole("list", { name: "Course tree" });
      await expect(tree.getByRole("listitem", { name: "course Fire Drill" })).toContainText("Draft");
      await expect(tree.getByRole("listitem", { name: /^course / })).toHaveText([/Existing Course/, /Fire Drill/]);
    });

    test(`the API reference links to the guide on moving courses and export links (${name})`, async ({ page }) => {
      await page.goto("/docs/api");
      await page.getByRole("link", { name: "Moving courses" }).click();
      await expect(page).toHaveURL(/\/docs\/course-exchange$/);
      await expect(page.getByRole("heading", { name: "Moving courses: packages, archives and links", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Export links (agents)" })).toBeVisible();
      await expect(page.getByText(/It lasts 15 minutes and may be used any number of times/)).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
    });

    test(`a file that is no course archive gets the server's reason (${name})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn("Ada Author");
      const { projectId } = await courseTree(page, "Bad files", "Only Course", { published: false });
      await page.goto(`/projects/${projectId}`);
      await page.getByRole("button", { name: "Import course" }).click();
      const dialog = page.getByRole("dialog", { name: "Import a course" });
      await dialog
        .getByLabel("Course archive")
        .setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("just some notes") });
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      const alert = dialog.getByRole("alert");
      await expect(alert).toContainText(/^Could not import notes\.zip: \S.{8,}/);
      await expect(dialog.getByRole("button", { name: "Import", exact: true })).toBeEnabled();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("list", { name: "Course tree" }).getByRole("listitem", { name: /^course / })).toHaveCount(1);
    });
  });
}
