import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi } from "../support/helpers";

/** A lesson of three blocks: two Markdown texts and a diagram. */
async function setUp(page: Page, signUpAndSignIn: () => Promise<unknown>) {
  await signUpAndSignIn();
  const project = await authoringApi(page, "POST", "/projects", { name: "Folding project" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Safety" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Basics" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Hazards" });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Spot the **hazard** first." } });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "example", content: { body: "A wet floor by the door." } });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, {
    type: "diagram",
    content: { source: { type: "mermaid", code: "graph TD\n  A[See] --> B[Report]" }, caption: "" },
  });
  return { url: `/projects/${project.id}/lessons/${lesson.id}`, lessonId: lesson.id as string };
}

const card = (page: Page, n: number) => page.getByRole("article", { name: new RegExp(`^Block ${n}:`) });
const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`${label} width`, () => {
    test.use({ viewport });

    test(`[LESSON EDITOR] (${label}) a block card collapses to what learners see, its text is edited in place, and the choice is remembered`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const s = await setUp(page, signUpAndSignIn);
      await page.goto(s.url);
      const first = card(page, 1);
      await expect(first.getByLabel("Text (Markdown)")).toHaveValue("Spot the **hazard** first.");

      const collapse = first.getByRole("button", { name: "Collapse block 1" });
      await expect(collapse).toHaveAttribute("aria-expanded", "true");
      await collapse.click();
      await expect(first.getByRole("button", { name: "Expand block 1" })).toHaveAttribute("aria-expanded", "false");
      await expect(first.getByLabel("Text (Markdown)")).toHaveCount(0);
      const shown = first.getByRole("region", { name: "Preview of block 1" });
      await expect(shown.getByText("hazard", { exact: true })).toHaveCSS("font-weight", "700");

      // In place: the rendered text becomes its Markdown, and back.
      await shown.getByRole("button", { name: "Edit the text of block 1 in place" }).click();
      const inPlace = shown.getByLabel("Text of block 1 (Markdown)");
      await expect(inPlace).toBeFocused();
      await inPlace.fill("Spot the **hazard**, then _report_ it.");
      await shown.getByRole("button", { name: "Done" }).click();
      await expect(shown.getByText("report", { exact: true })).toBeVisible();
      await expect(first.getByText("Saved")).toBeVisible();
      const { blocks } = await authoringApi(page, "GET", `/lessons/${s.lessonId}/blocks`);
      expect(blocks[0].content.body).toBe("Spot the **hazard**, then _report_ it.");

      // Remembered in this browser: after a reload the card is still folded, the others are not.
      await page.reload();
      await expect(card(page, 1).getByRole("button", { name: "Expand block 1" })).toBeVisible();
      await expect(card(page, 2).getByLabel("Example (Markdown)")).toBeVisible();

      // The whole lesson folds to what learners see, and unfolds.
      const unfolded = await height(page);
      await page.getByRole("button", { name: "Collapse all blocks" }).click();
      for (const n of [1, 2, 3]) await expect(card(page, n).getByRole("button", { name: `Expand block ${n}` })).toBeVisible();
      await expect(page.getByLabel("Example (Markdown)")).toHaveCount(0);
      await expect(card(page, 3).getByRole("region", { name: "Preview of block 3" }).locator("svg").first()).toBeVisible();
      expect(await height(page)).toBeLessThan(unfolded);
      await page.getByRole("button", { name: "Expand all blocks" }).click();
      await expect(card(page, 1).getByLabel("Text (Markdown)")).toHaveValue("Spot the **hazard**, then _report_ it.");
      await expect(card(page, 2).getByLabel("Example (Markdown)")).toBeVisible();
    });
  });
}
