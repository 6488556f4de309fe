import type { Browser, Locator, Page } from "@playwright/test";
import { overflowsSideways } from "../proposals/helpers";
import { expect, test } from "../support/fixtures";
import { screenshot, signInViaApi, signUpViaApi, type TestUser, VIEWPORTS } from "../support/helpers";

// Issue 13, items 10-13: completion is explicit and undoable, unanswered questions are warned
// about, previews are not results, and authors see each learner's results.

type Call = (method: string, path: string, data?: unknown) => Promise<any>;

/** A request context signed in as a new user, and a JSON caller that throws on any refusal. */
async function signedIn(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL });
  const user = await signUpViaApi(context.request, name);
  await signInViaApi(context.request, user);
  const call: Call = async (method, path, data) => {
    const res = await context.request.fetch(path, { method, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  return { context, user, call };
}

/**
 * A team workspace (its owner the admin) with a published course: a long first lesson, a second
 * lesson with a four-question quiz, and a learner. Returns the owner's caller and the ids.
 */
async function academy(browser: Browser, baseURL: string, learners: TestUser[]) {
  const owner = await signedIn(browser, baseURL, "Olive Owner");
  const team = await owner.call("POST", "/api/workspaces", { name: "Acme Academy" });
  for (const learner of learners) {
    await owner.call("POST", `/api/workspaces/${team.id}/members`, { email: learner.email, role: "learner" });
  }
  const api = (method: string, path: string, data?: unknown) => owner.call(method, `/api/authoring${path}`, data);
  const project = await api("POST", "/projects", { name: "Onboarding", workspace_id: team.id });
  const course = await api("POST", `/projects/${project.id}/courses`, { title: "Safety basics" });
  const mod = await api("POST", `/courses/${course.id}/modules`, { title: "On site" });
  const longRead = await api("POST", `/modules/${mod.id}/lessons`, { title: "Hard hats" });
  const quizLesson = await api("POST", `/modules/${mod.id}/lessons`, { title: "Exits" });
  for (let i = 1; i <= 12; i++) {
    await api("POST", `/lessons/${longRead.id}/blocks`, {
      type: "text",
      content: { body: `Paragraph ${i}. ${"A hard hat protects your head from falling objects on site. ".repeat(8)}` },
    });
  }
  const category = await api("POST", `/projects/${project.id}/categories`, { name: "Safety" });
  const questions = [];
  for (const [prompt, right, wrong] of [
    ["Where is the nearest exit?", "Left", "Right"],
    ["Which colour are exit signs?", "Green", "Purple"],
    ["May you use the lift in a fire?", "No", "Yes"],
    ["Where do you gather?", "Car park", "Canteen"],
  ]) {
    questions.push(
      await api("POST", `/projects/${project.id}/questions`, {
        category_id: category.id,
        prompt,
        question_type: "single_choice",
        difficulty: 1,
        options: [
          { label: right, is_correct: true },
          { label: wrong, is_correct: false },
        ],
      }),
    );
  }
  const quiz = await api("POST", `/projects/${project.id}/quizzes`, { title: "Exit check", question_ids: questions.map((q) => q.id) });
  await api("POST", `/lessons/${quizLesson.id}/blocks`, { type: "text", content: { body: "Know your exits." } });
  await api("POST", `/lessons/${quizLesson.id}/blocks`, { type: "quiz", quiz_id: quiz.id });
  await api("POST", `/courses/${course.id}/publish`);
  return { owner, team, api, project, course, longRead, quizLesson, quiz, questions };
}

/** Waits until the browser has rendered twice: observers and effects of the last change have run. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** The cell of a table in the row named by its row header and the column named by its column header. */
async function cellOf(table: Locator, rowName: string, columnName: string) {
  const headers = await table.getByRole("columnheader").allInnerTexts();
  const column = headers.findIndex((h) => h.trim() === columnName);
  expect(column, `no column "${columnName}" in ${JSON.stringify(headers)}`).toBeGreaterThan(0);
  const row = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: rowName }) });
  // The row header is the row's first cell; the other columns are cells.
  return row.getByRole("cell").nth(column - 1);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test(`[LEARN] scrolling to the end of a lesson does not complete it; "Mark complete" does, it can be undone, and the outline says which lessons are complete (${name})`, async ({
      browser,
      baseURL,
      page,
    }) => {
      const learner = await signUpViaApi(page.request, "Lee Learner");
      const { owner, course, longRead } = await academy(browser, baseURL!, [learner]);
      await owner.context.close();
      await signInViaApi(page.request, learner);
      const completions: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/complete")) completions.push(`${request.method()} ${request.url()}`);
      });

      await page.goto(`/learn/lessons/${longRead.id}`);
      await expect(page.getByRole("heading", { name: "Hard hats", level: 1 })).toBeVisible();
      // Read to the very end.
      await page.getByText(/^Paragraph 12\./).scrollIntoViewIfNeeded();
      await page.getByRole("button", { name: "Mark complete" }).scrollIntoViewIfNeeded();
      await twoFrames(page);
      await page.reload();
      expect(completions).toEqual([]);
      await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();

      await page.getByRole("link", { name: "Safety basics" }).click();
      const outline = page.getByRole("list", { name: "Lessons of On site" });
      await expect(outline.getByRole("link", { name: "Hard hats, not completed" })).toBeVisible();
      await expect(outline.getByRole("link", { name: "Exits, not completed" })).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);

      // Completing is a deliberate step, and it can be taken back.
      await outline.getByRole("link", { name: "Hard hats, not completed" }).click();
      await page.getByRole("button", { name: "Mark complete" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Lesson complete" })).toBeVisible();
      await page.getByRole("button", { name: "Mark as not complete" }).click();
      await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Lesson complete" })).toHaveCount(0);
      await page.goto(`/learn/courses/${course.id}`);
      await expect(outline.getByRole("link", { name: "Hard hats, not completed" })).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Progress in Safety basics" })).toHaveAttribute("aria-valuenow", "0");

      await outline.getByRole("link", { name: "Hard hats, not completed" }).click();
      await page.getByRole("button", { name: "Mark complete" }).click();
      await expect(page.getByRole("button", { name: "Mark as not complete" })).toBeVisible();
      await page.reload();
      // Still complete after a reload, and still undoable.
      await expect(page.getByRole("button", { name: "Mark as not complete" })).toBeVisible();
      await page.getByRole("link", { name: "Safety basics" }).click();
      await expect(outline.getByRole("link", { name: "Hard hats, completed" })).toBeVisible();
      await expect(outline.getByRole("link", { name: "Exits, not completed" })).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Progress in Safety basics" })).toHaveAttribute("aria-valuenow", "1");
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `course-outline-progress-${name}`);
    });

    test(`[LEARN] submitting a quiz with unanswered questions asks first, one question at a time and all at once (${name})`, async ({
      browser,
      baseURL,
      page,
    }) => {
      const learner = await signUpViaApi(page.request, "Lee Learner");
      const { owner, quizLesson } = await academy(browser, baseURL!, [learner]);
      await owner.context.close();
      await signInViaApi(page.request, learner);
      await page.goto(`/learn/lessons/${quizLesson.id}`);
      const player = page.getByRole("region", { name: "Quiz: Exit check" });

      // One question at a time: answer the first, skip to the end.
      await player.getByRole("radio", { name: "Left" }).check();
      for (let i = 0; i < 3; i++) await player.getByRole("button", { name: "Next" }).click();
      await player.getByRole("button", { name: "Submit answers" }).click();
      const ask = page.getByRole("dialog", { name: "Submit with unanswered questions?" });
      await expect(ask).toBeVisible();
      await expect(ask).toContainText("3 questions are not answered. Submit anyway?");
      await ask.getByRole("button", { name: "Cancel" }).click();
      await expect(ask).toBeHidden();
      // Back at the first question left open, nothing scored.
      await expect(player.getByText("Which colour are exit signs?")).toBeVisible();
      await expect(player.getByRole("status").filter({ hasText: "of 4" })).toHaveCount(0);
      await player.getByRole("radio", { name: "Green" }).check();
      await player.getByRole("button", { name: "Next" }).click();
      await player.getByRole("button", { name: "Next" }).click();
      await player.getByRole("button", { name: "Submit answers" }).click();
      await expect(ask).toContainText("2 questions are not answered. Submit anyway?");
      await ask.getByRole("button", { name: "Submit anyway" }).click();
      await expect(player.getByRole("status").filter({ hasText: "2 of 4" })).toBeVisible();
      await expect(page.getByText("Your attempts (1)")).toBeVisible();

      // All at once: one unanswered question is named in the singular.
      await player.getByRole("button", { name: "Try again" }).click();
      await player.getByRole("button", { name: "Show all questions" }).click();
      await player.getByRole("radio", { name: "Left" }).check();
      await player.getByRole("radio", { name: "Green" }).check();
      await player.getByRole("radio", { name: "No", exact: true }).check();
      await player.getByRole("button", { name: "Submit answers" }).click();
      await expect(ask).toContainText("1 question is not answered. Submit anyway?");
      await ask.getByRole("button", { name: "Cancel" }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByText("Your attempts (1)")).toBeVisible();
      await player.getByRole("radio", { name: "Car park" }).check();
      // Everything answered: no question asked.
      await player.getByRole("button", { name: "Submit answers" }).click();
      await expect(player.getByRole("status").filter({ hasText: "4 of 4" })).toBeVisible();
      await expect(ask).toHaveCount(0);
      await expect(page.getByText("Your attempts (2)")).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);
    });

    test(`[QUIZZES] an author's preview of a quiz is scored but not recorded: not in their attempts, not in the results, even once they are a learner (${name})`, async ({
      browser,
      baseURL,
      page,
    }) => {
      const pat = await signUpViaApi(page.request, "Pat Author");
      const { owner, team, project, quiz, quizLesson } = await academy(browser, baseURL!, []);
      await owner.call("POST", `/api/workspaces/${team.id}/members`, { email: pat.email, role: "author" });
      await signInViaApi(page.request, pat);

      await page.goto(`/projects/${project.id}/quizzes/${quiz.id}`);
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByRole("dialog", { name: "Preview" });
      await expect(preview).toContainText("Nothing you answer here is recorded.");
      await preview.getByRole("radio", { name: "All on one page" }).check();
      await preview.getByRole("radio", { name: "Left" }).check();
      await preview.getByRole("button", { name: "Submit answers" }).click();
      // The unanswered-questions question opens above the preview; saying yes leaves the preview open.
      await page.getByRole("dialog", { name: "Submit with unanswered questions?" }).getByRole("button", { name: "Submit anyway" }).click();
      await expect(preview.getByRole("status").filter({ hasText: "1 of 4" })).toBeVisible();

      // The lesson preview scores without recording too.
      await page.goto(`/learn/lessons/${quizLesson.id}?preview=1`);
      const player = page.getByRole("region", { name: "Quiz: Exit check" });
      await player.getByRole("button", { name: "Show all questions" }).click();
      for (const answer of ["Left", "Green", "No", "Car park"]) await player.getByRole("radio", { name: answer, exact: true }).check();
      await player.getByRole("button", { name: "Submit answers" }).click();
      await expect(player.getByRole("status").filter({ hasText: "4 of 4" })).toBeVisible();

      // Pat has no attempts of their own at the quiz.
      const own = await page.request.get(`/api/learn/quizzes/${quiz.id}`);
      expect(own.status()).toBe(200);
      expect((await own.json()).attempts).toEqual([]);

      // Pat becomes a learner: the previews still are nobody's results.
      await owner.call("PATCH", `/api/workspaces/${team.id}/members/${pat.id}`, { role: "learner" });
      const ownerPage = await owner.context.newPage();
      await ownerPage.goto(`/projects/${project.id}/results`);
      const results = ownerPage.getByRole("listitem", { name: "Results of Exit check" });
      await expect(results.getByText("No attempts yet.")).toBeVisible();
      const perLearner = ownerPage.getByRole("table", { name: "Results per learner" });
      await expect(perLearner.getByRole("rowheader", { name: /Pat Author/ })).toBeVisible();
      await expect(await cellOf(perLearner, "Pat Author", "Exit check")).toHaveText("No attempts");
      await owner.context.close();
    });

    test(`[RESULTS] authors see each learner's completed lessons and best and last quiz score, in a table that fits the screen (${name})`, async ({
      browser,
      baseURL,
      page,
    }) => {
      const lee = await signUpViaApi(page.request, "Lee Learner");
      const kim = await signUpViaApi(page.request, "Kim Newcomer");
      const { owner, project, longRead, quiz, questions } = await academy(browser, baseURL!, [lee, kim]);
      const leeContext = await browser.newContext({ baseURL });
      await signInViaApi(leeContext.request, lee);
      const asLee = async (method: string, path: string, data?: unknown) => {
        const res = await leeContext.request.fetch(path, { method, data });
        if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
      };
      await asLee("POST", `/api/learn/lessons/${longRead.id}/complete`);
      const right = questions.map((q: { id: string; options: { id: string; is_correct: boolean }[] }) => ({
        question_id: q.id,
        selected_option_ids: [q.options.find((o) => o.is_correct)!.id],
      }));
      await asLee("POST", `/api/authoring/quizzes/${quiz.id}/submit`, { answers: right });
      await asLee("POST", `/api/authoring/quizzes/${quiz.id}/submit`, { answers: right.slice(0, 1) });
      await leeContext.close();
      await owner.context.close();

      await page.context().clearCookies();
      const ownerUser = owner.user;
      await signInViaApi(page.request, ownerUser);
      await page.goto(`/projects/${project.id}/results`);
      const table = page.getByRole("table", { name: "Results per learner" });
      await expect(table.getByRole("rowheader", { name: /Lee Learner/ })).toBeVisible();
      await expect(table.getByRole("rowheader", { name: /Kim Newcomer/ })).toBeVisible();
      // The owner is an admin, not a learner.
      await expect(table.getByRole("rowheader", { name: /Olive Owner/ })).toHaveCount(0);

      await expect(await cellOf(table, "Lee Learner", "Hard hats")).toHaveText("Completed");
      await expect(await cellOf(table, "Lee Learner", "Exits")).toHaveText("Not completed");
      await expect(await cellOf(table, "Lee Learner", "Exit check")).toHaveText("Best 100% · Last 25% · 2 attempts");
      await expect(await cellOf(table, "Kim Newcomer", "Hard hats")).toHaveText("Not completed");
      await expect(await cellOf(table, "Kim Newcomer", "Exit check")).toHaveText("No attempts");
      await expect(table.getByRole("rowheader", { name: /Lee Learner/ })).toContainText("1 of 2 lessons");

      // The page never scrolls sideways; a wide table scrolls inside its own box.
      expect(await overflowsSideways(page)).toBe(false);
      const box = page.getByRole("region", { name: "Results per learner" });
      await expect(box).toBeVisible();
      const fits = await box.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth + 1);
      expect(fits).toBe(true);
      await screenshot(page, `results-per-learner-${name}`);
    });
  });
}
