/**
 * The main pages of every role, checked with axe-core against the WCAG 2.0 to 2.2 A and AA rules:
 * the signed-out visitor's sign-in, the author's home, course tree, lesson editor and question
 * bank, the learner's lesson, the salesperson's proposals list, proposal editor and content
 * library, and the customer's proposal page. A serious or critical violation fails the test, named
 * by rule, impact, the elements it was found on and what to fix; the lesser ones are left to review.
 *
 * One data set per width, made in beforeAll through the API, serves the pages of that width.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { createCompany, createProduct, proposalsApi } from "../proposals/helpers";
import { expectAccessible } from "../support/axe";
import { hardHatQuestion, signInViaApi, signUpViaApi, teamLesson } from "../support/helpers";

type DataSet = {
  author: BrowserContext;
  learner: BrowserContext;
  projectId: string;
  lessonId: string;
  teamId: string;
  companyId: number;
  draftUuid: string;
  sentUuid: string;
  /** The quiz placed in the lesson, for its item analysis. */
  quizId: string;
  /** A review link of the course (suggestions allowed), on whose text block there is a thread and a suggested edit. */
  reviewPath: string;
};

/**
 * An author with a personal project and a team (where a learner takes the published course): a
 * lesson of several block types, a question in the bank and a quiz of it. A company of the same
 * author with a library product, a draft proposal and a sent one.
 */
async function makeDataSet(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<DataSet> {
  const author = await browser.newContext({ baseURL, viewport, reducedMotion: "reduce" });
  const page = await author.newPage();
  const authorUser = await signUpViaApi(page.request, "Ada Author");
  await signInViaApi(page.request, authorUser);
  const team = await teamLesson(
    { page, browser, baseURL, viewport },
    {
      member: "Lee Learner",
      role: "learner",
      team: "Acme Academy",
      project: "Onboarding",
      course: "Safety basics",
      module: "On site",
      lesson: "Hard hats",
    },
  );
  const { owner: call, project, course, lesson } = team;
  await call("POST", "/api/authoring/projects", { name: "Notes of my own", workspace_id: authorUser.personal_workspace_id });
  const api = (path: string, data?: unknown) => call("POST", `/api/authoring${path}`, data);
  const category = await api(`/projects/${project.id}/categories`, { name: "Safety" });
  const question = await api(`/projects/${project.id}/questions`, hardHatQuestion(category.id));
  const quiz = await api(`/projects/${project.id}/quizzes`, { title: "Safety check", question_ids: [question.id] });
  const svg = '<svg viewBox="0 0 120 60"><rect width="100%" height="100%" fill="#2563eb"/></svg>';
  for (const block of [
    { type: "text", content: { body: "Wear a **hard hat** at all times. [Why](https://example.test/why)" } },
    { type: "image", content: { source: { type: "svg", code: svg }, alt: "A blue sign", caption: "The sign at the gate" } },
    { type: "question", question_id: question.id, question_role: "practice" },
    { type: "quiz", quiz_id: quiz.id },
    { type: "glossary", content: { title: "Words on site", terms: [{ term: "PPE", definition: "Personal protective equipment" }] } },
    { type: "scenario", content: { body: "A visitor arrives without a hat.", reveal: "Lend them one." } },
  ]) {
    await api(`/lessons/${lesson.id}/blocks`, block);
  }
  // Review: a thread and a suggested edit on the text block, shown under it in the lesson editor and on the review link's page.
  const [textBlock] = (await call("GET", `/api/authoring/lessons/${lesson.id}/blocks`)).blocks as { id: string }[];
  const thread = await api(`/blocks/${textBlock.id}/comments`, { body: "Is a bump cap enough?", quote: "hard hat" });
  await api(`/comments/${thread.id}/replies`, { body: "No: a hard hat." });
  await api(`/blocks/${textBlock.id}/suggestions`, { content: { body: "Wear a **hard hat** on site at all times." }, note: "Clearer" });
  const reviewLink = await api(`/courses/${course.id}/review-links`, { allow_suggestions: true });
  await api(`/courses/${course.id}/publish`);
  // A draft beside the published lessons: its row offers "Publish" where theirs offer "Unpublish".
  const later = await api(`/courses/${course.id}/modules`, { title: "Later" });
  await api(`/modules/${later.id}/lessons`, { title: "Ladders" });

  const company = await createCompany(page, "Sunny Roofs AB");
  const item = await createProduct(page, company.id, "Solar panel", 100);
  const proposal = async (title: string) =>
    (
      await proposalsApi(page, "POST", "/v3/proposals", {
        company_id: company.id,
        language: "en",
        title_md: title,
        description_md: "# Your new roof\nEverything *included*.",
        recipient: { first_name: "Rita", last_name: "Recipient", email: "rita@customer.example", company_name: "Lindqvist AB" },
        blocks: [{ content_id: item.variation_id, quantity: 2 }],
        tax_options: { mode: "standard" },
      })
    ).proposal.uuid as string;
  const draftUuid = await proposal("Roof for the Berg house");
  const sentUuid = await proposal("Roof for the Lindqvist house");
  await proposalsApi(page, "POST", `/v3/proposals/${sentUuid}/send`, {});
  // An approval rule the draft (2 × 100) breaks: its editor shows the approval panel (issue 41).
  await proposalsApi(page, "PUT", `/v3/companies/${company.id}/approval-rules`, { max_total_without_tax: 150 });
  await page.close();
  return {
    author,
    learner: team.memberContext,
    projectId: project.id,
    lessonId: lesson.id,
    teamId: project.workspace.id,
    companyId: company.id,
    draftUuid,
    sentUuid,
    quizId: quiz.id,
    reviewPath: new URL(reviewLink.url).pathname,
  };
}

/**
 * The checks at one width. Each width has a spec file of its own (accessibility-desktop and
 * -phone), so the two run side by side rather than one after the other in a single worker.
 */
export function accessibilityTests({ name, viewport }: { name: string; viewport: { width: number; height: number } }) {
  test.describe(`accessibility (${name})`, () => {
    test.use({ viewport });
    let data: DataSet;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      data = await makeDataSet(browser, test.info().project.use.baseURL!, viewport);
    });

    test.afterAll(async () => {
      await data?.author.close();
      await data?.learner.close();
    });

    test(`[A11Y] the sign-in page has no serious axe violations (${name})`, async ({ page }) => {
      await page.goto("/sign-in");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expectAccessible(page, "sign-in page");
    });

    test(`[A11Y] the author's home, course tree, lesson editor and question bank have no serious axe violations (${name})`, async () => {
      test.slow();
      const page = await data.author.newPage();
      await page.goto("/");
      await expect(page.getByRole("link", { name: "Notes of my own" })).toBeVisible();
      await expectAccessible(page, "authoring home (personal workspace)");
      await page.goto(`/?workspace=${data.teamId}`);
      await expect(page.getByRole("link", { name: "Onboarding" })).toBeVisible();
      await expectAccessible(page, "authoring home (team workspace)");

      await page.goto(`/projects/${data.projectId}`);
      await expect(page.getByRole("link", { name: "Hard hats" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Publish lesson Ladders" })).toBeVisible();
      await expectAccessible(page, "course tree");

      await page.goto(`/projects/${data.projectId}/lessons/${data.lessonId}`);
      const previews = page.getByRole("region", { name: /^Preview of block/ });
      await expect(previews).toHaveCount(6);
      for (const preview of await previews.all()) await expect(preview).toBeVisible();
      await expect(page.getByText("Wear a hard hat at all times.").first()).toBeVisible();
      await expect(page.getByLabel(/^Loading quiz/)).toHaveCount(0);
      await expect(page.getByRole("article", { name: "Comment by Ada Author" })).toBeVisible();
      await expect(page.getByRole("article", { name: "Suggestion by Ada Author" })).toBeVisible();
      await expectAccessible(page, "lesson editor, with a thread and a suggested edit");

      await page.goto(`/projects/${data.projectId}/questions`);
      await expect(page.getByRole("article", { name: "Must you wear a hard hat on site?" })).toBeVisible();
      await expectAccessible(page, "question bank");
      await page.close();
    });

    test(`[A11Y] a review link's page, its comment and suggestion forms have no serious axe violations (${name})`, async ({ browser }) => {
      const reviewer = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport, reducedMotion: "reduce" });
      const page = await reviewer.newPage();
      await page.goto(data.reviewPath);
      await expect(page.getByRole("heading", { level: 1, name: "Safety basics" })).toBeVisible();
      await expect(page.getByRole("article", { name: "Comment by Ada Author" })).toBeVisible();
      await expectAccessible(page, "review link's page");
      const block = page.getByRole("article", { name: "Block 1 of Hard hats" });
      await block.getByRole("button", { name: "💬 Comment" }).click();
      await expect(page.getByRole("form", { name: "New comment on Block 1 of Hard hats" })).toBeVisible();
      await expectAccessible(page, "review link's comment form");
      await page.getByRole("button", { name: "Cancel" }).click();
      await block.getByRole("button", { name: "✎ Suggest an edit" }).click();
      await expect(page.getByRole("form", { name: "Suggest an edit to Block 1 of Hard hats" })).toBeVisible();
      await expectAccessible(page, "review link's suggestion form");
      await reviewer.close();
    });

    test(`[A11Y] course analytics and a quiz's item analysis have no serious axe violations (${name})`, async () => {
      const page = await data.author.newPage();
      await page.goto(`/projects/${data.projectId}/results`);
      await expect(page.getByRole("figure", { name: "Where learners stop" })).toBeVisible();
      await expect(page.getByRole("figure", { name: "Scores in Safety check" })).toBeVisible();
      await expectAccessible(page, "course analytics");
      await page.goto(`/projects/${data.projectId}/results/quizzes/${data.quizId}`);
      await expect(page.getByRole("article", { name: "Question 1" })).toBeVisible();
      await expectAccessible(page, "item analysis");
      await page.close();
    });

    test(`[A11Y] the learner's lesson has no serious axe violations (${name})`, async () => {
      const page = await data.learner.newPage();
      await page.goto(`/learn/lessons/${data.lessonId}`);
      await expect(page.getByRole("heading", { name: "Hard hats", level: 1 })).toBeVisible();
      await expect(page.getByRole("radio", { name: "Yes" }).first()).toBeVisible();
      await expectAccessible(page, "learner's lesson");
      await page.close();
    });

    test(`[A11Y] the proposals list and the proposal editor have no serious axe violations (${name})`, async () => {
      const page = await data.author.newPage();
      await page.goto(`/proposals?company=${data.companyId}`);
      await expect(page.getByRole("tablist", { name: "Status" })).toBeVisible();
      await expect(page.getByText("Roof for the Lindqvist house").first()).toBeVisible();
      await expect(page.getByText("Roof for the Berg house").first()).toBeVisible();
      await expectAccessible(page, "proposals list");

      await page.goto(`/proposals/${data.draftUuid}/edit`);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Roof for the Berg house");
      await expect(page.getByRole("article", { name: "Block 1: Solar panel" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Totals" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Needs an owner's approval before it is sent" })).toBeVisible();
      await expectAccessible(page, "proposal editor (draft)");
      // The description open in place, and (on a phone) the side panel as a drawer.
      await page.getByRole("button", { name: "Edit the description" }).click();
      await expect(page.getByLabel("Description", { exact: true })).toBeFocused();
      await expectAccessible(page, "proposal editor (description open)");
      const panelButton = page.getByRole("button", { name: "Recipient and settings" });
      if (await panelButton.isVisible()) await panelButton.click();
      await expect(page.getByRole("navigation", { name: "Versions of this proposal" })).toBeVisible();
      await expectAccessible(page, "proposal editor (side panel)");
      await page.goto(`/proposals/${data.sentUuid}/edit`);
      await expect(page.getByRole("heading", { level: 1, name: "Roof for the Lindqvist house" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Link to share" })).toBeVisible();
      await expectAccessible(page, "proposal editor (sent)");

      await page.close();
    });

    test(`[A11Y] the content library, members with approval rules, and the pipeline have no serious axe violations (${name})`, async () => {
      const page = await data.author.newPage();
      await page.goto(`/proposals/library?company=${data.companyId}`);
      await expect(page.getByText("Solar panel").first()).toBeVisible();
      await expectAccessible(page, "content library");
      await page.goto(`/proposals/members?company=${data.companyId}`);
      await expect(page.getByRole("region", { name: "Approval rules" }).getByLabel("Largest total without tax")).toHaveValue("150");
      await expect(page.getByRole("region", { name: "Courses you sell" }).getByLabel("Workspace")).toBeVisible();
      await expectAccessible(page, "members and approval rules");
      await page.goto(`/proposals/pipeline?company=${data.companyId}`);
      await expect(page.getByRole("figure", { name: "Sent and accepted" })).toBeVisible();
      await expectAccessible(page, "pipeline");
      await page.getByRole("figure", { name: "Sent and accepted" }).getByRole("button", { name: "Show as table" }).click();
      await expectAccessible(page, "pipeline (as a table)");
      await page.close();
    });

    test(`[A11Y] a panel still loading is an announced, named status with no serious axe violations (${name})`, async () => {
      // The real answer is held back (not replaced) until the placeholder has been checked.
      const hold = async (page: Page, url: string) => {
        let release = () => {};
        const gate = new Promise<void>((resolve) => (release = resolve));
        await page.route(url, async (route) => {
          await gate;
          await route.continue();
        });
        return release;
      };

      const learner = await data.learner.newPage();
      const releaseCourses = await hold(learner, "**/api/learn/courses");
      await learner.goto("/learn");
      const courses = learner.getByRole("status", { name: "Loading your courses" });
      await expect(courses).toBeVisible();
      await expect(courses).toHaveText("Loading your courses");
      await expectAccessible(learner, "learner's home while loading");
      releaseCourses();
      await expect(courses).toHaveCount(0);
      await expect(learner.getByText("Safety basics").first()).toBeVisible();
      await learner.close();

      const author = await data.author.newPage();
      const releaseProposals = await hold(author, "**/api/proposals/v3/proposals?*");
      await author.goto(`/proposals?company=${data.companyId}`);
      const proposals = author.getByRole("status", { name: "Loading proposals" });
      await expect(proposals).toBeVisible();
      await expectAccessible(author, "proposals list while loading");
      releaseProposals();
      await expect(proposals).toHaveCount(0);
      await expect(author.getByText("Roof for the Berg house").first()).toBeVisible();
      await author.close();
    });

    test(`[A11Y] the customer's proposal page has no serious axe violations (${name})`, async ({ page }) => {
      await page.goto(`/p/${data.sentUuid}`);
      await expect(page.getByRole("heading", { level: 1, name: "Roof for the Lindqvist house" })).toBeVisible();
      await expect(page.getByRole("form", { name: "Accept this proposal" })).toBeVisible();
      // The page as the customer uses it: live (its script starts after the first paint).
      await expect(page.getByRole("button", { name: "Decline" })).toBeEnabled();
      await expectAccessible(page, "customer's proposal page");
    });
  });
}
