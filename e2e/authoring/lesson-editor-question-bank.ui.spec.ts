import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot, singleChoiceQuestion, VIEWPORTS } from "../support/helpers";

/** A lesson with a question block, in a project whose bank holds two more questions. */
async function lessonWithQuestionBlock(page: Page) {
  const project = await authoringApi(page, "POST", "/projects", { name: "Biology" });
  const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Cells" });
  const ask = (prompt: string, right: string, wrong: string) => singleChoiceQuestion(page, project.id, category.id, prompt, right, wrong);
  const shown = await ask("Which organelle makes most of the cell's energy?", "Mitochondrion", "Ribosome");
  const other = await ask("Where are proteins made?", "Ribosome", "Vacuole");
  await ask("What holds the cell's DNA?", "Nucleus", "Membrane");
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Cells" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Inside a cell" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Organelles" });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "question", question_id: shown.id, question_role: "practice" });
  return { project, lesson, shown, other };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[LESSON EDITOR] ${name}`, () => {
    test.use({ viewport });

    test(`a question block shows its question without reading the bank, which loads when the author changes it (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const { project, lesson, other } = await lessonWithQuestionBlock(page);
      const bankReads: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (request.method() === "GET" && url.pathname === `/api/authoring/projects/${project.id}/questions`) bankReads.push(url.search);
      });

      await page.goto(`/projects/${project.id}/lessons/${lesson.id}`);
      const card = page.getByRole("article", { name: /^Block 1: Question/ });
      await expect(card.getByTestId("current-question")).toHaveText("Which organelle makes most of the cell's energy? (single choice)");
      await expect(card.getByRole("region", { name: "Preview of block 1" }).getByRole("radio", { name: "Mitochondrion" })).toBeVisible();
      await expect(card.getByLabel("Role")).toHaveValue("practice");
      expect(bankReads).toEqual([]);
      await screenshot(page, `question-block-${name}`);

      // Changing the question reads the bank, once, and offers every question in it.
      await card.getByRole("button", { name: "Change question…" }).click();
      const select = card.getByLabel("Question", { exact: true });
      await expect(select).toBeFocused();
      await expect(select).toBeEnabled();
      await expect(select.locator("option")).toHaveCount(3);
      expect(bankReads).toHaveLength(1);

      const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/api/authoring/blocks/"));
      await select.selectOption({ label: "Where are proteins made? (single choice)" });
      expect((await saved).status()).toBe(200);
      await expect(card.getByRole("region", { name: "Preview of block 1" }).getByText("Where are proteins made?")).toBeVisible();

      const { blocks } = await authoringApi(page, "GET", `/lessons/${lesson.id}/blocks`);
      expect(blocks[0].question_id).toBe(other.id);

      // After a reload the block shows its new question, and the bank is not read again.
      bankReads.length = 0;
      await page.reload();
      await expect(page.getByRole("article", { name: /^Block 1: Question/ }).getByTestId("current-question")).toHaveText(
        "Where are proteins made? (single choice)",
      );
      expect(bankReads).toEqual([]);
    });
  });
}
