import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, controlTimers, pickUpWithKeyboard, screenshot, stopTimersAndSettle } from "../support/helpers";

type Setup = { projectId: string; courseId: string; lessonId: string; otherLessonId: string; questionId: string; quizId: string };

/**
 * A new author (the signUpAndSignIn fixture) with a project of one course, one module and two
 * lessons, one question in the bank and a quiz of it.
 */
async function setUpLesson(page: Page, signUpAndSignIn: () => Promise<unknown>): Promise<Setup> {
  await signUpAndSignIn();
  const project = await authoringApi(page, "POST", "/projects", { name: "Editor project" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Cell biology" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "The cell" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Inside the cell" });
  const other = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Cell division" });
  const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Basics" });
  const question = await authoringApi(page, "POST", `/projects/${project.id}/questions`, {
    category_id: category.id,
    prompt: "Which organelle makes most of the cell's energy?",
    question_type: "single_choice",
    difficulty: 2,
    options: [
      { label: "Mitochondrion", is_correct: true },
      { label: "Ribosome", is_correct: false },
      { label: "Golgi apparatus", is_correct: false },
    ],
  });
  const quiz = await authoringApi(page, "POST", `/projects/${project.id}/quizzes`, {
    title: "Organelles check",
    question_ids: [question.id],
  });
  return {
    projectId: project.id,
    courseId: course.id,
    lessonId: lesson.id,
    otherLessonId: other.id,
    questionId: question.id,
    quizId: quiz.id,
  };
}

const editorUrl = (s: Setup) => `/projects/${s.projectId}/lessons/${s.lessonId}`;
const blockCard = (page: Page, n: number, type: string) => page.getByRole("article", { name: new RegExp(`^Block ${n}: ${type}`) });
const preview = (card: Locator) => card.getByRole("region", { name: /^Preview of block/ });

async function addBlock(page: Page, type: string) {
  const cards = page.getByRole("article", { name: /^Block \d+: / });
  const before = await cards.count();
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("menuitem", { name: type, exact: true }).click();
  // Question and quiz blocks are chosen in a dialog first: the caller waits for them (`settled`).
  if (type === "Question" || type === "Quiz") return;
  await settled(blockCard(page, before + 1, type));
}

/**
 * A new card has arrived, scrolled itself to the middle of the screen and put the cursor in its
 * first field: only then is it still. Until then a click can land just as the page jumps: the
 * press on the aimed element, the release elsewhere, and nothing clicked.
 */
async function settled(card: Locator) {
  await expect(card.locator(":focus")).toHaveCount(1);
}

async function blockSummaries(page: Page, lessonId: string): Promise<string[]> {
  const { blocks } = await authoringApi(page, "GET", `/lessons/${lessonId}/blocks`);
  return blocks.map((b: { content: { body?: string } }) => b.content?.body ?? "");
}

test.beforeEach(async ({ page }) => {
  // Keep the run hermetic: the YouTube player is never fetched (only its address is checked).
  await page.route("https://www.youtube-nocookie.com/**", (route) => route.abort());
});

test("[LESSON EDITOR] every block type is added in the editor, previewed live and shown again after a reload", async ({
  page,
  signUpAndSignIn,
}) => {
  // Eleven block types, each edited, previewed and read back: a long walk on a busy machine.
  test.slow();
  const s = await setUpLesson(page, signUpAndSignIn);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(editorUrl(s));
  await expect(page.getByLabel("Lesson title")).toHaveValue("Inside the cell");
  await expect(page.getByRole("heading", { name: "This lesson has no blocks yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to course tree" })).toHaveAttribute("href", `/projects/${s.projectId}`);
  await screenshot(page, "lesson-editor-empty");

  // The menu offers every block type, and is keyboard-operable.
  await page.getByRole("button", { name: "Add block" }).click();
  const menu = page.getByRole("menu", { name: "Add a block at the end" });
  const types = ["Text", "Example", "Scenario", "Glossary", "Image", "Video", "Diagram", "Interactive", "Question", "Quiz", "Visual"];
  await expect(menu.getByRole("menuitem")).toHaveCount(types.length);
  for (const [i, type] of types.entries()) await expect(menu.getByRole("menuitem").nth(i)).toHaveAccessibleName(type);
  await expect(menu.getByRole("menuitem", { name: "Text", exact: true })).toBeFocused();
  await screenshot(page, "lesson-editor-add-menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Add block" })).toBeFocused();

  // Text: markdown is rendered, raw HTML is not executed.
  await addBlock(page, "Text");
  const text = blockCard(page, 1, "Text");
  await text
    .getByLabel("Text (Markdown)")
    .fill("Cells are the **building blocks** of life.\n\n<img src=x onerror=\"window.__pwned='markdown'\">");
  await expect(preview(text).locator("strong")).toHaveText("building blocks");
  await expect(preview(text).getByText("<img src=x onerror=\"window.__pwned='markdown'\">")).toBeVisible();
  await expect(text.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  await addBlock(page, "Example");
  const example = blockCard(page, 2, "Example");
  await example.getByLabel("Example (Markdown)").fill("A muscle cell holds *thousands* of mitochondria.");
  await expect(preview(example).getByRole("complementary", { name: "Example" })).toContainText(
    "A muscle cell holds thousands of mitochondria.",
  );

  await addBlock(page, "Scenario");
  const scenario = blockCard(page, 3, "Scenario");
  await scenario.getByLabel("Scenario text").fill("A cell is starved of oxygen. What happens first?");
  await scenario.getByLabel("Revealed text").fill("ATP production falls.");
  await expect(preview(scenario).getByText("ATP production falls.")).toBeHidden();
  await preview(scenario).getByRole("button", { name: "Reveal" }).click();
  await expect(preview(scenario).getByText("ATP production falls.")).toBeVisible();

  await addBlock(page, "Glossary");
  const glossary = blockCard(page, 4, "Glossary");
  await glossary.getByLabel("Glossary title").fill("Key terms");
  await glossary.getByLabel("Term 1", { exact: true }).fill("Organelle");
  await glossary.getByLabel("Definition 1").fill("A structure inside a cell with a job of its own.");
  await glossary.getByRole("button", { name: "Add term" }).click();
  await glossary.getByLabel("Term 2", { exact: true }).fill("Cytoplasm");
  await glossary.getByLabel("Definition 2").fill("The jelly that fills the cell.");
  await expect(preview(glossary).getByRole("term")).toHaveText(["Organelle", "Cytoplasm"]);
  await expect(preview(glossary).getByRole("definition").first()).toHaveText("A structure inside a cell with a job of its own.");

  // Image from SVG code: shown as an <img>, so the script inside never runs.
  await addBlock(page, "Image");
  const image = blockCard(page, 5, "Image");
  // The source is chosen with the keyboard, as a keyboard user would (arrows move within the group).
  await image.getByRole("radio", { name: "Web address" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(image.getByRole("radio", { name: "SVG code" })).toBeChecked();
  await image
    .getByLabel("SVG markup")
    .fill(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" onload="window.__pwned=\'onload\'">' +
        "<script>window.__pwned='script';alert('pwned')</script>" +
        '<rect width="120" height="80" fill="#2f6fed"/></svg>',
    );
  await image.getByLabel("Alt text").fill("A blue cell membrane");
  await image.getByLabel("Caption").fill("Figure 1. The membrane.");
  const svgImage = preview(image).getByRole("img", { name: "A blue cell membrane" });
  await expect(svgImage).toHaveAttribute("src", /^data:image\/svg\+xml/);
  await expect.poll(() => svgImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();

  // Video from a pasted YouTube link: the privacy-enhanced host, with the start time in whole seconds.
  await addBlock(page, "Video");
  const video = blockCard(page, 6, "Video");
  await video.getByLabel("YouTube video ID or link").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=95");
  await expect(video.getByLabel("Start at (seconds)")).toHaveValue("95");
  await video.getByLabel("Start at (seconds)").fill("90.7");
  await video.getByLabel("Video title").fill("How a cell divides");
  const player = preview(video).locator("iframe");
  await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90");
  await expect(player).toHaveAttribute("referrerpolicy", "strict-origin-when-cross-origin");
  await expect(player).toHaveAttribute("title", "How a cell divides");

  // Diagram: Mermaid draws an SVG; a syntax error is a readable message, then fixing it redraws.
  await addBlock(page, "Diagram");
  const diagram = blockCard(page, 7, "Diagram");
  await expect(preview(diagram).locator("svg")).toBeVisible();
  await diagram.getByLabel("Mermaid code").fill("flowchart TD\n  A[Nucleus] -->");
  await expect(preview(diagram).getByText("This diagram has an error and cannot be drawn.")).toBeVisible();
  await diagram.getByLabel("Mermaid code").fill("flowchart TD\n  A[Nucleus] --> B[Ribosome]\n  B --> C[Protein]");
  await expect(preview(diagram).locator("svg")).toContainText("Ribosome");
  await diagram.getByLabel("Caption").fill("From gene to protein");

  // Interactive HTML: scripts run, but in a sandbox without the page's origin.
  await addBlock(page, "Interactive");
  const interactive = blockCard(page, 8, "Interactive");
  await interactive
    .getByLabel("HTML code")
    .fill(
      "<p id=out>waiting</p><script>var r;try{r=parent.document.title?'reached the page':'?'}catch(e){r='sandboxed'}" +
        "try{localStorage.x=1}catch(e){r+=' without storage'}document.getElementById('out').textContent=r</script>",
    );
  await interactive.getByLabel("Height (pixels)").fill("240");
  await interactive.getByLabel("Title", { exact: true }).fill("Membrane simulator");
  const frame = preview(interactive).locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts");
  await expect(frame).toHaveAttribute("height", "240");
  await expect(frame).toHaveAttribute("title", "Membrane simulator");
  await expect(preview(interactive).frameLocator("iframe").locator("#out")).toHaveText("sandboxed without storage");

  // Question from the bank, answerable for practice; authors see right and wrong.
  await addBlock(page, "Question");
  const questionDialog = page.getByRole("dialog", { name: "Add a question block" });
  await questionDialog.getByLabel("Role").selectOption("checkpoint");
  await questionDialog.getByRole("button", { name: "Add question block" }).click();
  await expect(questionDialog).toBeHidden();
  const question = blockCard(page, 9, "Question");
  await settled(question);
  await expect(question.getByLabel("Role")).toHaveValue("checkpoint");
  await preview(question).getByRole("radio", { name: "Ribosome" }).check();
  await preview(question).getByRole("button", { name: "Check" }).click();
  await expect(preview(question).getByText("Not quite.")).toBeVisible();
  await preview(question).getByRole("radio", { name: "Mitochondrion" }).check();
  await preview(question).getByRole("button", { name: "Check" }).click();
  await expect(preview(question).getByText("✓ Correct!")).toBeVisible();

  // Quiz: played in the preview and scored by the server.
  await addBlock(page, "Quiz");
  await page.getByRole("dialog", { name: "Add a quiz block" }).getByRole("button", { name: "Add quiz block" }).click();
  const quiz = blockCard(page, 10, "Quiz");
  await settled(quiz);
  const quizPlayer = preview(quiz).getByRole("region", { name: "Quiz: Organelles check" });
  await expect(quizPlayer.getByText("1 of 1", { exact: true })).toBeVisible();
  await quizPlayer.getByRole("radio", { name: "Mitochondrion" }).check();
  await quizPlayer.getByRole("button", { name: "Submit answers" }).click();
  await expect(quizPlayer.getByRole("status")).toHaveText("1 of 1 · 100%");
  await expect(quizPlayer.getByText("Correct answer")).toBeVisible();

  await addBlock(page, "Visual");
  const visual = blockCard(page, 11, "Visual");
  await visual.getByLabel("What the visual should show").fill("A cut-away cell with each organelle labelled");
  await visual.getByLabel("Status").selectOption("in_progress");
  await expect(preview(visual).getByText("Status: In progress")).toBeVisible();

  // Everything is saved, and comes back from the server as it was.
  await expect(page.getByText("Saving…")).toHaveCount(0);
  await expect(page.getByText(/Couldn't save/)).toHaveCount(0);
  await screenshot(page, "lesson-editor-all-blocks");
  await page.reload();
  await expect(page.getByRole("article")).toHaveCount(11);
  await expect(preview(blockCard(page, 1, "Text")).locator("strong")).toHaveText("building blocks");
  await expect(preview(blockCard(page, 4, "Glossary")).getByRole("term")).toHaveText(["Organelle", "Cytoplasm"]);
  await expect(preview(blockCard(page, 5, "Image")).getByRole("img", { name: "A blue cell membrane" })).toHaveAttribute(
    "src",
    /^data:image\/svg\+xml/,
  );
  await expect(preview(blockCard(page, 6, "Video")).locator("iframe")).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90",
  );
  await expect(preview(blockCard(page, 7, "Diagram")).locator("svg")).toContainText("Protein");
  await expect(preview(blockCard(page, 8, "Interactive")).locator("iframe")).toHaveAttribute("sandbox", "allow-scripts");
  await expect(preview(blockCard(page, 9, "Question")).getByText("Which organelle makes most of the cell's energy?")).toBeVisible();
  await expect(preview(blockCard(page, 10, "Quiz")).getByRole("region", { name: "Quiz: Organelles check" })).toBeVisible();
  await expect(preview(blockCard(page, 11, "Visual")).getByText("A cut-away cell with each organelle labelled")).toBeVisible();

  const stored = await authoringApi(page, "GET", `/lessons/${s.lessonId}/blocks`);
  expect(stored.blocks.map((b: { type: string }) => b.type)).toEqual([
    "text",
    "example",
    "scenario",
    "glossary",
    "image",
    "video",
    "diagram",
    "interactive",
    "question",
    "quiz",
    "visual",
  ]);
  expect(stored.blocks[5].content).toMatchObject({ source: { type: "youtube", id: "dQw4w9WgXcQ", start: 90 } });
  expect(stored.blocks[8]).toMatchObject({ question_id: s.questionId, question_role: "checkpoint" });
  expect(stored.blocks[9]).toMatchObject({ quiz_id: s.quizId });

  // Neither the markdown HTML nor the SVG's script or onload ever ran.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await screenshot(page, "lesson-editor-reloaded");
});

test("[LESSON EDITOR] blocks reorder with the keyboard, persist, and roll back when the server refuses", async ({
  page,
  signUpAndSignIn,
}) => {
  const s = await setUpLesson(page, signUpAndSignIn);
  for (const body of ["First", "Second", "Third"]) {
    await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "text", content: { body } });
  }
  // This page is not told of saves elsewhere as they happen (its presence stream never connects):
  // the deletion below must reach it only as the server's refusal of its move.
  await page.route("**/api/presence/stream*", (route) => route.abort());
  await page.goto(editorUrl(s));
  await expect(page.getByRole("article")).toHaveCount(3);

  await pickUpWithKeyboard(page, page.getByRole("button", { name: "Reorder block 1: Text" }), /Picked up/);
  await page.keyboard.press("ArrowDown");
  // Tall blocks: the page may scroll first; the move is announced once the block is over its new place.
  await expect(page.getByRole("status").filter({ hasText: "The block is now at position 2 of 3." })).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: "Dropped. The block is now at position 2 of 3." })).toHaveCount(1);
  await expect(blockCard(page, 1, "Text")).toContainText("Second");
  await expect(blockCard(page, 2, "Text")).toContainText("First");
  await expect.poll(() => blockSummaries(page, s.lessonId)).toEqual(["Second", "First", "Third"]);

  await page.reload();
  await expect(blockCard(page, 1, "Text")).toContainText("Second");
  await expect(blockCard(page, 2, "Text")).toContainText("First");
  await expect(blockCard(page, 3, "Text")).toContainText("Third");

  // The server refuses the next move (someone deleted the block meanwhile): the order on screen
  // goes back, and the page says why.
  const { blocks } = await authoringApi(page, "GET", `/lessons/${s.lessonId}/blocks`);
  await authoringApi(page, "DELETE", `/blocks/${blocks[2].id}`);
  await pickUpWithKeyboard(page, page.getByRole("button", { name: "Reorder block 3: Text" }), /Picked up/);
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("status").filter({ hasText: "The block is now at position 2 of 3." })).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(page.getByRole("alert").filter({ hasText: "Couldn't move the block, so the previous order is back" })).toBeVisible();
  await expect(blockCard(page, 2, "Text")).toContainText("First");
  await screenshot(page, "lesson-editor-reorder-refused");
  expect(await blockSummaries(page, s.lessonId)).toEqual(["Second", "First"]);
});

test("[LESSON EDITOR] a failed save keeps the typed text, says so, and saves once the network is back", async ({
  page,
  signUpAndSignIn,
}) => {
  const s = await setUpLesson(page, signUpAndSignIn);
  await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "text", content: { body: "Draft" } });
  await controlTimers(page);
  await page.goto(editorUrl(s));
  const card = blockCard(page, 1, "Text");
  const field = card.getByLabel("Text (Markdown)");
  await expect(field).toHaveValue("Draft");

  await page.route("**/api/authoring/blocks/*", (route) => (route.request().method() === "PATCH" ? route.abort() : route.continue()));
  await field.fill("Mitochondria have their own DNA.");
  await expect(card.getByRole("status").filter({ hasText: "Couldn't save — retrying" })).toBeVisible();
  await expect(card.getByText("Your changes are kept on this page")).toBeVisible();
  await expect(field).toHaveValue("Mitochondria have their own DNA.");
  await expect(preview(card)).toContainText("Mitochondria have their own DNA.");
  await screenshot(page, "lesson-editor-save-failed");
  expect(await blockSummaries(page, s.lessonId)).toEqual(["Draft"]);

  // The automatic retries are held back, so the save that follows is the button's.
  await stopTimersAndSettle(page);
  await expect(card.getByText("Your changes are kept on this page")).toBeVisible();
  await page.unroute("**/api/authoring/blocks/*");
  await card.getByRole("button", { name: "Retry now" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(card.getByText("Your changes are kept on this page")).toBeHidden();
  expect(await blockSummaries(page, s.lessonId)).toEqual(["Mitochondria have their own DNA."]);
  await page.clock.resume();
  await page.reload();
  await expect(blockCard(page, 1, "Text").getByLabel("Text (Markdown)")).toHaveValue("Mitochondria have their own DNA.");
});

test("[LESSON EDITOR] content shapes the renderers do not know show a small note, never an error page", async ({
  page,
  signUpAndSignIn,
}) => {
  const s = await setUpLesson(page, signUpAndSignIn);
  // Content is stored as given: shapes the renderers do not know must render empty.
  await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "text", content: { body: "Still here" } });
  await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "image", content: { source: { type: "gif", data: 42 } } });
  await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "diagram", content: "not an object" });
  await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "glossary", content: { terms: "none" } });
  await page.goto(editorUrl(s));

  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(preview(blockCard(page, 1, "Text"))).toContainText("Still here");
  for (const [n, type] of [
    [2, "Image"],
    [3, "Diagram"],
    [4, "Glossary"],
  ] as const) {
    await expect(preview(blockCard(page, n, type)).getByRole("note")).toHaveText("This block cannot be shown.");
  }
  await screenshot(page, "lesson-editor-unknown-blocks");
});

test("[LESSON EDITOR] a block moves to another lesson of the course, and a deleted block comes back with Undo", async ({
  page,
  signUpAndSignIn,
}) => {
  const s = await setUpLesson(page, signUpAndSignIn);
  await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "text", content: { body: "Stays here" } });
  await authoringApi(page, "POST", `/lessons/${s.lessonId}/blocks`, { type: "text", content: { body: "Belongs to division" } });
  await page.goto(editorUrl(s));

  await blockCard(page, 2, "Text").getByRole("button", { name: "Move to lesson…" }).click();
  const dialog = page.getByRole("dialog", { name: "Move to another lesson" });
  await expect(dialog.getByRole("radio", { name: /Inside the cell/ })).toBeDisabled();
  await dialog.getByRole("radio", { name: "Cell division" }).check();
  await screenshot(page, "lesson-editor-move-dialog");
  await dialog.getByRole("button", { name: "Move block" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByText("Moved to “Cell division”.")).toBeVisible();
  expect(await blockSummaries(page, s.otherLessonId)).toEqual(["Belongs to division"]);

  await blockCard(page, 1, "Text").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "This lesson has no blocks yet" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(preview(blockCard(page, 1, "Text"))).toContainText("Stays here");
  expect(await blockSummaries(page, s.lessonId)).toEqual(["Stays here"]);
});

test("[LESSON EDITOR] the lesson title is edited in place and saved", async ({ page, signUpAndSignIn }) => {
  const s = await setUpLesson(page, signUpAndSignIn);
  await page.goto(editorUrl(s));
  const title = page.getByLabel("Lesson title");
  await title.fill("");
  await expect(page.getByText("A lesson needs a title.")).toBeVisible();
  await title.fill("Inside the eukaryotic cell");
  await title.press("Enter");
  await expect.poll(async () => (await authoringApi(page, "GET", `/lessons/${s.lessonId}`)).title).toBe("Inside the eukaryotic cell");
  await page.reload();
  await expect(page.getByLabel("Lesson title")).toHaveValue("Inside the eukaryotic cell");
});

test("[LESSON EDITOR] the lesson's history tells people from AI agents, with the key an agent used", async ({
  page,
  playwright,
  baseURL,
  signUpAndSignIn,
}) => {
  const s = await setUpLesson(page, signUpAndSignIn);
  const key = (await authoringApi(page, "POST", "/api-keys", { name: "Claude" })).key;
  const agent = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" },
  });
  const call = await agent.post("/api/authoring/mcp", {
    data: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "update_lesson", arguments: { lessonId: s.lessonId, title: "Renamed by an agent" } },
    },
  });
  expect(call.status()).toBe(200);
  await authoringApi(page, "PATCH", `/lessons/${s.lessonId}`, { title: "Renamed in the app" });
  await page.goto(editorUrl(s));
  await page.getByText("Lesson history").click();
  const history = page.getByRole("list", { name: "Lesson history" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").nth(1)).toContainText("AI agent");
  await expect(history.getByRole("listitem").nth(1)).toContainText("with key “Claude”");
  await expect(history.getByRole("listitem").nth(0)).toContainText("Person");
  await agent.dispose();
});
