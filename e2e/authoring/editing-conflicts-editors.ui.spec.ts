import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot } from "../support/helpers";

/**
 * Editing together without losing work, beyond the lesson editor (docs/decisions/011-optimistic-concurrency.md):
 * the course tree, the quiz editor and the question bank send If-Match with the version they read.
 * In each test another writer (an API call with the same account, as a second tab would make)
 * changes an item behind the page's back; the page's save then shows both versions, and each
 * choice ends with what the author chose, as the API and a reload show it.
 */

type Project = { id: string };

async function newProject(page: Page, signUpAndSignIn: () => Promise<unknown>) {
  await signUpAndSignIn();
  return authoringApi<Project>(page, "POST", "/projects", { name: "Shared project" });
}

/** The conflict dialog of an item, with both versions shown. */
async function conflictShown(page: Page, title: string, theirs: string, mine: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: `${title} was changed elsewhere` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Theirs" })).toContainText(theirs);
  await expect(dialog.getByRole("region", { name: "Yours" })).toContainText(mine);
  return dialog;
}

const titleOf = async (page: Page, path: string) => (await authoringApi(page, "GET", path)).title as string;

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`[EDITING CONFLICTS] other editors, ${label}`, () => {
    test.use({ viewport });

    test(`course tree: a title renamed elsewhere asks; keeping mine and taking theirs both hold after a reload (${label})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const project = await newProject(page, signUpAndSignIn);
      const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Biology" });
      const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Cells" });
      const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "What a cell is" });
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole("listitem", { name: "course Biology" })).toBeVisible();

      // Keep mine: the course was renamed elsewhere after the tree was read.
      await authoringApi(page, "PATCH", `/courses/${course.id}`, { title: "Biology, theirs" });
      await page.getByRole("button", { name: "Rename course Biology" }).click();
      await page.getByLabel("New title for course Biology").fill("Biology, mine");
      await page.getByLabel("New title for course Biology").press("Enter");
      let dialog = await conflictShown(page, "The title of course “Biology”", "Biology, theirs", "Biology, mine");
      // Behind the dialog the typed title is still in its input.
      await expect(page.getByLabel("New title for course Biology")).toHaveValue("Biology, mine");
      await screenshot(page, `editing-conflict-course-tree-${label}`);
      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("listitem", { name: "course Biology, mine" })).toBeVisible();
      await expect.poll(() => titleOf(page, `/courses/${course.id}`)).toBe("Biology, mine");

      // The tree keeps the version it saved: renaming again, with no change elsewhere, just saves.
      await page.getByRole("button", { name: "Rename course Biology, mine" }).click();
      await page.getByLabel("New title for course Biology, mine").fill("Biology 101");
      await page.getByLabel("New title for course Biology, mine").press("Enter");
      await expect(page.getByRole("listitem", { name: "course Biology 101" })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect.poll(() => titleOf(page, `/courses/${course.id}`)).toBe("Biology 101");

      // Take theirs on a lesson: the tree shows their title, and Undo saves mine after all.
      await authoringApi(page, "PATCH", `/lessons/${lesson.id}`, { title: "Cell basics" });
      await page.getByRole("button", { name: "Rename lesson What a cell is" }).click();
      await page.getByLabel("New title for lesson What a cell is").fill("What cells are");
      await page.getByLabel("New title for lesson What a cell is").press("Enter");
      dialog = await conflictShown(page, "The title of lesson “What a cell is”", "Cell basics", "What cells are");
      await dialog.getByRole("button", { name: "Take theirs" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("link", { name: "Cell basics" })).toBeVisible();
      expect(await titleOf(page, `/lessons/${lesson.id}`)).toBe("Cell basics");
      await page.reload();
      await expect(page.getByRole("link", { name: "Cell basics" })).toBeVisible();

      // The module: taking theirs, then Undo, which saves mine on their version.
      await authoringApi(page, "PATCH", `/modules/${mod.id}`, { title: "Cells and tissues" });
      await page.getByRole("button", { name: "Rename module Cells" }).click();
      await page.getByLabel("New title for module Cells").fill("Living cells");
      await page.getByLabel("New title for module Cells").press("Enter");
      dialog = await conflictShown(page, "The title of module “Cells”", "Cells and tissues", "Living cells");
      await dialog.getByRole("button", { name: "Take theirs" }).click();
      await expect(page.getByRole("listitem", { name: "module Cells and tissues" })).toBeVisible();
      await page.getByRole("button", { name: "Undo" }).click();
      await expect(page.getByRole("listitem", { name: "module Living cells" })).toBeVisible();
      await expect.poll(() => titleOf(page, `/modules/${mod.id}`)).toBe("Living cells");
      await page.reload();
      await expect(page.getByRole("listitem", { name: "module Living cells" })).toBeVisible();
    });

    test(`quiz editor: the title and the question list ask when changed elsewhere (${label})`, async ({ page, signUpAndSignIn }) => {
      const project = await newProject(page, signUpAndSignIn);
      const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Basics" });
      const question = (prompt: string) =>
        authoringApi(page, "POST", `/projects/${project.id}/questions`, {
          prompt,
          category_id: category.id,
          question_type: "single_choice",
          difficulty: 2,
          options: [
            { label: "Yes", is_correct: true },
            { label: "No", is_correct: false },
          ],
        });
      const first = await question("Is the sun a star?");
      const second = await question("Is the moon a planet?");
      const quiz = await authoringApi(page, "POST", `/projects/${project.id}/quizzes`, { title: "Space", question_ids: [first.id] });
      const quizPath = `/quizzes/${quiz.id}`;
      await page.goto(`/projects/${project.id}/quizzes/${quiz.id}`);
      const title = page.getByRole("textbox", { name: "Quiz title" });
      await expect(title).toHaveValue("Space");
      const inQuiz = page.getByRole("list", { name: "Questions in this quiz" }).getByRole("listitem");
      await expect(inQuiz).toHaveText([/sun/]);

      // The title: renamed elsewhere, then here; keeping mine saves it over theirs.
      await authoringApi(page, "PATCH", quizPath, { title: "Space, theirs" });
      await title.fill("Space, mine");
      await page.getByRole("button", { name: "Save title" }).click();
      let dialog = await conflictShown(page, "The quiz title", "Space, theirs", "Space, mine");
      await expect(title).toHaveValue("Space, mine");
      await screenshot(page, `editing-conflict-quiz-title-${label}`);
      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: "Save title" })).toBeDisabled();
      await expect.poll(() => titleOf(page, quizPath)).toBe("Space, mine");

      // Saving again with nothing changed elsewhere just saves: the editor kept the new version.
      await title.fill("Space quiz");
      await page.getByRole("button", { name: "Save title" }).click();
      await expect(page.getByRole("button", { name: "Save title" })).toBeDisabled();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect.poll(() => titleOf(page, quizPath)).toBe("Space quiz");

      // The question list: another writer added a question; removing the first here asks, and taking theirs shows their list.
      await authoringApi(page, "PATCH", quizPath, { question_ids: [first.id, second.id] });
      await page.getByRole("button", { name: `Remove “${first.prompt}” from the quiz` }).click();
      dialog = await conflictShown(page, "The quiz’s question list", second.prompt, "No questions");
      // Behind the dialog the author's list stays on the screen.
      await expect(inQuiz).toHaveCount(0);
      await dialog.getByRole("button", { name: "Take theirs" }).click();
      await expect(dialog).toBeHidden();
      await expect(inQuiz).toHaveText([/sun/, /moon/]);
      const stored = await authoringApi(page, "GET", quizPath);
      expect(stored.questions.map((q: { id: string }) => q.id)).toEqual([first.id, second.id]);
      // The title the other writer's change left alone is still this page's.
      expect(stored.title).toBe("Space quiz");

      // Keep mine on the list: reordered elsewhere, a removal here wins.
      await authoringApi(page, "PATCH", quizPath, { question_ids: [second.id, first.id] });
      await page.getByRole("button", { name: `Remove “${second.prompt}” from the quiz` }).click();
      dialog = await conflictShown(page, "The quiz’s question list", `1. ${second.prompt}`, `1. ${first.prompt}`);
      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect(inQuiz).toHaveText([/sun/]);
      await expect
        .poll(async () => (await authoringApi(page, "GET", quizPath)).questions.map((q: { id: string }) => q.id))
        .toEqual([first.id]);
      await page.reload();
      await expect(title).toHaveValue("Space quiz");
      await expect(inQuiz).toHaveText([/sun/]);
    });

    test(`question bank: a question, a category and a family changed elsewhere ask before saving (${label})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const project = await newProject(page, signUpAndSignIn);
      const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Science" });
      const family = await authoringApi(page, "POST", `/projects/${project.id}/question-families`, { name: "Cells" });
      const question = await authoringApi(page, "POST", `/projects/${project.id}/questions`, {
        prompt: "What is a cell?",
        category_id: category.id,
        question_family_id: family.id,
        question_type: "single_choice",
        difficulty: 2,
        options: [
          { label: "The unit of life", is_correct: true },
          { label: "A kind of rock", is_correct: false },
        ],
      });
      const promptOf = async () => (await authoringApi(page, "GET", `/questions/${question.id}`)).prompt as string;
      await page.goto(`/projects/${project.id}/questions`);
      const editor = page.getByRole("dialog", { name: "Edit question" });

      // A question: keep mine.
      await page.getByRole("button", { name: "Edit “What is a cell?”" }).click();
      await authoringApi(page, "PATCH", `/questions/${question.id}`, { prompt: "What is a cell, theirs?" });
      await editor.getByLabel("Prompt").fill("What is a cell, mine?");
      await editor.getByRole("button", { name: "Save changes" }).click();
      let dialog = await conflictShown(page, "This question", "What is a cell, theirs?", "What is a cell, mine?");
      await screenshot(page, `editing-conflict-question-${label}`);
      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect(editor).toBeHidden();
      await expect.poll(promptOf).toBe("What is a cell, mine?");
      await expect(page.getByRole("article", { name: "What is a cell, mine?" })).toBeVisible();

      // The same question again: take theirs puts their version in the editor, and nothing of mine is saved.
      await page.getByRole("button", { name: "Edit “What is a cell, mine?”" }).click();
      await authoringApi(page, "PATCH", `/questions/${question.id}`, { prompt: "What is a living cell?" });
      await editor.getByLabel("Prompt").fill("What do cells do?");
      await editor.getByRole("button", { name: "Save changes" }).click();
      dialog = await conflictShown(page, "This question", "What is a living cell?", "What do cells do?");
      await dialog.getByRole("button", { name: "Take theirs" }).click();
      await expect(dialog).toBeHidden();
      await expect(editor.getByLabel("Prompt")).toHaveValue("What is a living cell?");
      await editor.getByRole("button", { name: "Cancel" }).click();
      expect(await promptOf()).toBe("What is a living cell?");

      // A category: keep mine.
      const categories = page.getByRole("list", { name: "Categories" });
      await authoringApi(page, "PATCH", `/categories/${category.id}`, { name: "Natural science" });
      await page.getByRole("button", { name: "Rename Science" }).click();
      await page.getByLabel("New name for Science").fill("Life science");
      await page.getByLabel("New name for Science").press("Enter");
      dialog = await conflictShown(page, "The name of the category “Science”", "Natural science", "Life science");
      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect(categories.getByRole("button", { name: "Life science", exact: true })).toBeVisible();
      await expect.poll(async () => (await authoringApi(page, "GET", `/categories/${category.id}`)).name).toBe("Life science");

      // A family: take theirs.
      const families = page.getByRole("list", { name: "Question families" });
      await authoringApi(page, "PATCH", `/question-families/${family.id}`, { name: "Cell biology" });
      await page.getByRole("button", { name: "Edit Cells" }).click();
      await families.getByLabel("Family name").fill("Cells, mine");
      await page.getByRole("button", { name: "Save family" }).click();
      dialog = await conflictShown(page, "The family “Cells”", "Cell biology", "Cells, mine");
      await dialog.getByRole("button", { name: "Take theirs" }).click();
      await expect(dialog).toBeHidden();
      await expect(families).toContainText("Cell biology");
      expect((await authoringApi(page, "GET", `/question-families/${family.id}`)).name).toBe("Cell biology");

      await page.reload();
      await expect(categories.getByRole("button", { name: "Life science", exact: true })).toBeVisible();
      await expect(families).toContainText("Cell biology");
      await expect(page.getByRole("article", { name: "What is a living cell?" })).toBeVisible();
    });
  });
}
