import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, callerOf, hardHatQuestion, screenshot, signInViaApi, signUpViaApi, singleChoiceQuestion } from "../support/helpers";

/** An author's signed-in request context, and a team workspace with a published course. */
async function setUp(browser: Browser, baseURL: string) {
  const authorContext = await browser.newContext({ baseURL });
  const author = authorContext.request;
  const authorUser = await signUpViaApi(author, "Ada Author");
  await signInViaApi(author, authorUser);
  const call = callerOf(author);
  const learnerUser = await signUpViaApi(author, "Lee Learner");
  const team = await call("POST", "/api/workspaces", { name: "Acme Academy" });
  await call("POST", `/api/workspaces/${team.id}/members`, { email: learnerUser.email, role: "learner" });
  const project = await call("POST", "/api/authoring/projects", { name: "Onboarding", workspace_id: team.id });
  const course = await call("POST", `/api/authoring/projects/${project.id}/courses`, {
    title: "Safety basics",
    description: "What everyone needs on day one.",
  });
  const mod = await call("POST", `/api/authoring/courses/${course.id}/modules`, { title: "On site" });
  const first = await call("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "Hard hats" });
  const second = await call("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "Exits" });
  const draft = await call("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "Draft lesson" });
  const category = await call("POST", `/api/authoring/projects/${project.id}/categories`, { name: "Safety" });
  const question = await call("POST", `/api/authoring/projects/${project.id}/questions`, hardHatQuestion(category.id));
  const quiz = await call("POST", `/api/authoring/projects/${project.id}/quizzes`, { title: "Safety check", question_ids: [question.id] });
  await call("POST", `/api/authoring/lessons/${first.id}/blocks`, { type: "text", content: { body: "Wear a **hard hat** at all times." } });
  await call("POST", `/api/authoring/lessons/${first.id}/blocks`, {
    type: "question",
    question_id: question.id,
    question_role: "practice",
  });
  await call("POST", `/api/authoring/lessons/${second.id}/blocks`, { type: "text", content: { body: "Know your exits." } });
  await call("POST", `/api/authoring/lessons/${second.id}/blocks`, { type: "quiz", quiz_id: quiz.id });
  await call("POST", `/api/authoring/courses/${course.id}/publish`);
  await call("POST", `/api/authoring/lessons/${draft.id}/unpublish`);
  return { authorContext, call, learnerUser, project, course, first, second, draft, author: author as APIRequestContext };
}

test("[LEARN] a learner takes a published course: reads, practises, takes the quiz, and keeps progress across unpublish and republish", async ({
  browser,
  page,
  baseURL,
}) => {
  const { authorContext, call, learnerUser, project, course, first } = await setUp(browser, baseURL!);
  await signInViaApi(page.request, learnerUser);
  await page.goto("/learn");
  await expect(page.getByRole("heading", { name: "Safety basics" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Progress in Safety basics" })).toHaveAttribute("aria-valuenow", "0");
  await screenshot(page, "learn-home");

  await page.getByRole("link", { name: "Safety basics", exact: true }).click();
  await expect(page.getByRole("link", { name: "Hard hats" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Exits" })).toBeVisible();
  await expect(page.getByText("Draft lesson")).toHaveCount(0);
  await page.getByRole("link", { name: "Start the course" }).click();

  await expect(page.getByRole("heading", { name: "Hard hats", level: 1 })).toBeVisible();
  await expect(page.locator("strong", { hasText: "hard hat" })).toBeVisible();
  // Practice question: instant feedback.
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Not quite")).toBeVisible();
  await page.getByRole("button", { name: "Try again" }).click();
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Correct!")).toBeVisible();
  await page.getByRole("button", { name: "Mark complete" }).click();
  await expect(page.getByText("Lesson complete")).toBeVisible();
  await screenshot(page, "lesson-reader");

  await page.getByRole("link", { name: "Next lesson →" }).click();
  await expect(page.getByRole("heading", { name: "Exits", level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: /Submit/ }).click();
  await expect(page.getByText(/1 of 1/).first()).toBeVisible();
  await expect(page.getByText("Your attempts (1)")).toBeVisible();

  // Progress survives a reload.
  await page.goto(`/learn/courses/${course.id}`);
  await expect(page.getByRole("progressbar", { name: "Progress in Safety basics" })).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("link", { name: /Hard hats/ })).toContainText("Completed");

  // Unpublished: the learner is told, clearly; progress is kept for the republish.
  await call("POST", `/api/authoring/courses/${course.id}/unpublish`);
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "not published" })).toBeVisible();
  await page.goto(`/learn/lessons/${first.id}`);
  await expect(page.getByRole("alert").filter({ hasText: "Not available right now" })).toBeVisible();
  await call("POST", `/api/authoring/courses/${course.id}/publish`);
  await page.goto(`/learn/courses/${course.id}`);
  await expect(page.getByRole("progressbar", { name: "Progress in Safety basics" })).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("link", { name: /Hard hats/ })).toContainText("Completed");

  // The author sees it in the results, with a chart.
  const authorPage = await authorContext.newPage();
  await authorPage.goto(`/projects/${project.id}/results`);
  const results = authorPage.getByRole("listitem", { name: "Results of Safety check" });
  await expect(results).toContainText("1");
  await expect(results.getByRole("img", { name: /Score distribution of Safety check/ })).toBeVisible();
  await screenshot(authorPage, "results");
  await authorContext.close();
});

test("[LEARN] a learner cannot open the authoring pages of the project, and sees no drafts", async ({ browser, page, baseURL }) => {
  const { authorContext, learnerUser, project, draft } = await setUp(browser, baseURL!);
  await signInViaApi(page.request, learnerUser);
  await page.goto(`/projects/${project.id}`);
  await expect(page).toHaveURL(/\/learn$/);
  await page.goto(`/learn/lessons/${draft.id}`);
  await expect(page.getByRole("alert").filter({ hasText: "not published" })).toBeVisible();
  await authorContext.close();
});

test("[LEARN] an author previews a draft lesson as learners will see it, from the lesson editor", async ({
  page,
  context,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const project = await authoringApi(page, "POST", "/projects", { name: "Preview project" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Draft course" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "M" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Work in progress" });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Almost **ready**." } });
  await page.goto(`/projects/${project.id}/lessons/${lesson.id}`);
  const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Preview as learner" }).click()]);
  await expect(preview.getByRole("status").filter({ hasText: "Preview: this is how learners will see this lesson" })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Work in progress", level: 1 })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "ready" })).toBeVisible();
  await expect(preview.getByRole("button", { name: "Mark complete" })).toHaveCount(0);
});

test("[LEARN] the quiz player shows one question at a time or all at once, and scores either way", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const project = await authoringApi(page, "POST", "/projects", { name: "Quiz project" });
  const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Maths" });
  const ask = (prompt: string, right: string, wrong: string) => singleChoiceQuestion(page, project.id, category.id, prompt, right, wrong);
  const q1 = await ask("1 + 1?", "2", "3");
  const q2 = await ask("2 + 2?", "4", "5");
  const quiz = await authoringApi(page, "POST", `/projects/${project.id}/quizzes`, { title: "Sums", question_ids: [q1.id, q2.id] });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Numbers" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "M" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Sums lesson" });
  await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type: "quiz", quiz_id: quiz.id });

  await page.goto(`/learn/lessons/${lesson.id}?preview=1`);
  const player = page.getByRole("region", { name: "Quiz: Sums" });
  await expect(player.getByText("1 + 1?")).toBeVisible();
  await expect(player.getByText("2 + 2?")).toHaveCount(0);
  await player.getByRole("button", { name: "Show all questions" }).click();
  await expect(player.getByText("2 + 2?")).toBeVisible();
  await player.getByRole("radio", { name: "2", exact: true }).check();
  await player.getByRole("radio", { name: "5", exact: true }).check();
  await player.getByRole("button", { name: "Submit answers" }).click();
  await expect(player.getByRole("status").filter({ hasText: "1 of 2" })).toBeVisible();
});
