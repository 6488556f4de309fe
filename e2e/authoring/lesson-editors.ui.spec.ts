import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { screenshot, teamLesson } from "../support/helpers";

/**
 * "Also being edited by…": two authors have one lesson open, each in a browser of their own. Each
 * editor learns from the server (its next look, within 20 s) who else saved in the lesson in the
 * last few minutes; its own saves, even from before a reload of the tab, are never counted.
 */

const card = (page: Page, n: number) => page.getByRole("article", { name: new RegExp(`^Block ${n}:`) });
const textOf = (page: Page, n: number) => card(page, n).getByLabel("Text (Markdown)");
const saved = (page: Page, n: number) => card(page, n).getByRole("status").filter({ hasText: "Saved" });
const notice = (page: Page) => page.getByRole("status").filter({ hasText: "Also being edited" });

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`[EDITING] ${label}`, () => {
    test.use({ viewport });

    test(`an author sees who else saved in the lesson, never their own tab (${label})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      // Ada's team, with Bob as a second author, and a lesson of two text blocks.
      await signUpAndSignIn("Ada Author");
      const {
        owner: ada,
        member: bob,
        memberContext: bobContext,
        project,
        lesson,
      } = await teamLesson(
        { page, browser, baseURL, viewport },
        {
          member: "Bob Author",
          role: "author",
          team: "Writers",
          project: "Shared",
          course: "Biology",
          module: "Cells",
          lesson: "What a cell is",
        },
      );
      for (const body of ["First paragraph.", "Second paragraph."]) {
        await ada("POST", `/api/authoring/lessons/${lesson.id}/blocks`, { type: "text", content: { body } });
      }
      const url = `/projects/${project.id}/lessons/${lesson.id}`;

      // Ada saves in her tab, then reloads it: the tab is still the same session.
      await page.goto(url);
      await textOf(page, 1).fill("Ada's first paragraph.");
      await expect(saved(page, 1)).toBeVisible();
      await page.reload();
      await expect(textOf(page, 1)).toHaveValue("Ada's first paragraph.");

      // Bob opens the lesson and sees Ada at once; then he saves the second block.
      await bob.goto(url);
      await expect(notice(bob)).toContainText("Also being edited by Ada Author");
      await textOf(bob, 2).fill("Bob's second paragraph.");
      await expect(saved(bob, 2)).toBeVisible();

      // Ada's editor learns of Bob on its next look, and counts nobody else: not her own tab.
      await expect(notice(page)).toContainText("Also being edited by Bob Author:", { timeout: 30_000 });
      await expect(notice(page)).toContainText("Block 2 was saved there");
      await expect(notice(page)).not.toContainText("other");
      await screenshot(page, `also-being-edited-${label}`);
      await bobContext.close();
    });
  });
}
