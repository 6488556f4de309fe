import type { Page, Route } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot } from "../support/helpers";

/**
 * Editing together without losing work (issue 13, item 7; docs/decisions/011-optimistic-concurrency.md):
 * the same author has one lesson open in two tabs and edits one block in both. The second save is
 * refused by the server (If-Match), and the editor shows both versions and lets the author choose.
 */

const ORIGINAL = "Cells are the building blocks of life.";
const THEIRS = "Tab one: cells are the smallest living units.";
const MINE = "Tab two: every living thing is made of cells,\nand every cell comes from another cell.";

/** A new author with a lesson holding one text block; the lesson's editor open in two tabs of one browser. */
async function twoTabsOnOneBlock(page: Page, signUpAndSignIn: () => Promise<unknown>) {
  await signUpAndSignIn();
  const project = await authoringApi(page, "POST", "/projects", { name: "Shared project" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Biology" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Cells" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "What a cell is" });
  const block = await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "text", content: { body: ORIGINAL } });
  const url = `/projects/${project.id}/lessons/${lesson.id}`;
  const other = await page.context().newPage();
  for (const tab of [page, other]) {
    await tab.goto(url);
    await expect(textOf(tab)).toHaveValue(ORIGINAL);
  }
  return { first: page, second: other, blockId: block.id as string };
}

const card = (tab: Page) => tab.getByRole("article", { name: /^Block 1: Text/ });
const textOf = (tab: Page) => card(tab).getByLabel("Text (Markdown)");
const saved = (tab: Page) => card(tab).getByRole("status").filter({ hasText: "Saved" });
const conflictDialog = (tab: Page) => tab.getByRole("dialog", { name: "Block 1 was changed elsewhere" });

/**
 * Tab one saves, then tab two saves over the version it loaded. Tab two's reads wait meanwhile:
 * a poll of its (the blocks, who else saved) that came in between would show it tab one's edit
 * before its author typed, and there would be nothing to ask (a slow run once did just that).
 */
async function secondNeverSaw(second: Page, firstSaves: () => Promise<void>, secondSaves: () => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holdReads = async (route: Route) => {
    if (route.request().method() === "GET") await released;
    await route.continue();
  };
  await second.route("**/api/**", holdReads);
  try {
    await firstSaves();
    const saving = second.waitForRequest((r) => r.method() === "PATCH");
    await secondSaves();
    await saving;
  } finally {
    // The route stays, passing everything on: removing it while a held read is being let through
    // would leave that read to Playwright's default handling and the handler's own continue() to fail.
    release();
  }
}

/** Tab one saves its edit; tab two, which never saw it, then types over the version it loaded. */
async function editInBothTabs(first: Page, second: Page) {
  await secondNeverSaw(
    second,
    async () => {
      await textOf(first).fill(THEIRS);
      await expect(saved(first)).toBeVisible();
    },
    () => textOf(second).fill(MINE),
  );
  const dialog = conflictDialog(second);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Theirs" })).toContainText(THEIRS);
  await expect(dialog.getByRole("region", { name: "Yours" })).toContainText(MINE.split("\n")[1]);
  // Behind the dialog the author's text is still in the form, unsaved.
  await expect(textOf(second)).toHaveValue(MINE);
  return dialog;
}

async function storedBody(page: Page, blockId: string): Promise<string> {
  return (await authoringApi(page, "GET", `/blocks/${blockId}`)).content.body;
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`[EDITING CONFLICTS] ${label}`, () => {
    test.use({ viewport });

    test(`keeping mine saves my text over theirs, and a reload shows it (${label})`, async ({ page, signUpAndSignIn }) => {
      const { first, second, blockId } = await twoTabsOnOneBlock(page, signUpAndSignIn);
      const dialog = await editInBothTabs(first, second);
      await screenshot(second, `editing-conflict-dialog-${label}`);

      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect(saved(second)).toBeVisible();
      await expect.poll(() => storedBody(page, blockId)).toBe(MINE);
      await second.reload();
      await expect(textOf(second)).toHaveValue(MINE);

      // The first tab, with nothing unsaved, shows the saved version by itself at its next look at
      // the blocks (within 20 s), and says the block was edited elsewhere (issue 41).
      await expect(first.getByRole("status").filter({ hasText: "Also being edited" })).toContainText("Block 1", { timeout: 30_000 });
      await expect(textOf(first)).toHaveValue(MINE);
      // Its next edit is based on that version: it saves without asking.
      await textOf(first).fill(`${MINE} Again.`);
      await expect(saved(first)).toBeVisible();
      await expect(conflictDialog(first)).toBeHidden();
      await expect.poll(() => storedBody(page, blockId)).toBe(`${MINE} Again.`);
    });

    test(`taking theirs shows their text, and Undo brings mine back: typed text is never lost (${label})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      const { first, second, blockId } = await twoTabsOnOneBlock(page, signUpAndSignIn);
      let dialog = await editInBothTabs(first, second);

      // Closing the dialog keeps my text on the page, unsaved, and saving again asks again.
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(textOf(second)).toHaveValue(MINE);
      await expect(card(second).getByText(/changed elsewhere while you were editing it/)).toBeVisible();
      expect(await storedBody(page, blockId)).toBe(THEIRS);
      await card(second).getByRole("button", { name: "Retry now" }).click();
      dialog = conflictDialog(second);
      await expect(dialog).toBeVisible();

      await dialog.getByRole("button", { name: "Take theirs" }).click();
      await expect(dialog).toBeHidden();
      await expect(textOf(second)).toHaveValue(THEIRS);
      await expect(saved(second)).toBeVisible();
      expect(await storedBody(page, blockId)).toBe(THEIRS);

      await second.getByRole("button", { name: "Undo" }).click();
      await expect(textOf(second)).toHaveValue(MINE);
      await expect.poll(() => storedBody(page, blockId)).toBe(MINE);
      await expect(saved(second)).toBeVisible();
      await second.reload();
      await expect(textOf(second)).toHaveValue(MINE);
    });

    test(`the lesson title asks too: both titles are shown and keeping mine saves it (${label})`, async ({ page, signUpAndSignIn }) => {
      const { first, second } = await twoTabsOnOneBlock(page, signUpAndSignIn);
      const title = (tab: Page) => tab.getByLabel("Lesson title");
      await secondNeverSaw(
        second,
        async () => {
          await title(first).fill("What a cell is made of");
          await title(first).press("Enter");
          await expect(first.getByRole("status").filter({ hasText: "Saved" }).first()).toBeVisible();
        },
        async () => {
          await title(second).fill("Cells, the units of life");
          await title(second).press("Enter");
        },
      );
      const dialog = second.getByRole("dialog", { name: "The lesson title was changed elsewhere" });
      await expect(dialog.getByRole("region", { name: "Theirs" })).toContainText("What a cell is made of");
      await expect(dialog.getByRole("region", { name: "Yours" })).toContainText("Cells, the units of life");
      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => (await authoringApi(page, "GET", second.url().replace(/.*\/lessons\//, "/lessons/"))).title)
        .toBe("Cells, the units of life");
      await second.reload();
      await expect(title(second)).toHaveValue("Cells, the units of life");
    });
  });
}
