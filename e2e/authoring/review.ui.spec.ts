import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { callerOf, screenshot, signInViaApi, signUpViaApi, VIEWPORTS } from "../support/helpers";
import { mailsTo, waitForMail } from "../support/mailbox";

/*
 * Reviewing a course together (issue 41): a reviewer without an account comments through a review
 * link, quoting a sentence; the author answers beside the block and resolves the thread; a mention
 * mails the member once; a suggested edit is accepted, and one made on an older version shows both.
 */

const SENTENCE = "Photosynthesis turns light into sugar.";

/** The signed-in author's course with one lesson of two text blocks; answers their ids and the lesson editor's path. */
async function courseToReview(page: Page) {
  const api = callerOf(page.request);
  const project = await api("POST", "/api/authoring/projects", { name: "Biology" });
  const course = await api("POST", `/api/authoring/projects/${project.id}/courses`, { title: "Plants" });
  const mod = await api("POST", `/api/authoring/courses/${course.id}/modules`, { title: "Basics" });
  const lesson = await api("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "Leaves" });
  const first = await api("POST", `/api/authoring/lessons/${lesson.id}/blocks`, {
    type: "text",
    content: { body: `Leaves are green. ${SENTENCE} Roots drink water.` },
  });
  const second = await api("POST", `/api/authoring/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Stems carry it up." } });
  return { api, project, course, lesson, first, second, editorPath: `/projects/${project.id}/lessons/${lesson.id}` };
}

/** Selects `text` where it appears inside `root` (a person dragging over it). */
async function selectText(page: Page, rootSelector: string, text: string) {
  await page.evaluate(
    ({ rootSelector, text }) => {
      const root = document.querySelector(rootSelector)!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
      throw new Error(`"${text}" is not in ${rootSelector}`);
    },
    { rootSelector, text },
  );
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[REVIEW] ${name}`, () => {
    test.use({ viewport });

    test(`a reviewer without an account comments through a link, quoting a sentence; the author replies and resolves (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const s = await courseToReview(page);

      // The author makes a review link from the course tree.
      await page.goto(`/projects/${s.project.id}`);
      await page.getByRole("button", { name: "Review links for course Plants" }).click();
      const dialog = page.getByRole("dialog", { name: "Review links for “Plants”" });
      await dialog.getByRole("button", { name: "Create review link" }).click();
      const url = await dialog.getByRole("textbox", { name: "Review link" }).inputValue();
      expect(url).toMatch(/\/review\/[A-Za-z0-9_-]{20,}$/);
      await dialog.getByRole("button", { name: "Done" }).click();

      // Someone without an account opens it: the draft lesson, as learners will see it.
      const reviewerContext = await browser.newContext({ baseURL, viewport });
      const reviewer = await reviewerContext.newPage();
      await reviewer.goto(new URL(url).pathname);
      await expect(reviewer.getByRole("heading", { level: 1, name: "Plants" })).toBeVisible();
      await expect(reviewer.getByRole("heading", { name: /Leaves/ })).toContainText("Draft");
      const block = reviewer.getByRole("article", { name: "Block 1 of Leaves" });
      await expect(block.getByText(SENTENCE, { exact: false })).toBeVisible();

      await selectText(reviewer, '[aria-label="Block 1 of Leaves"]', SENTENCE);
      await block.getByRole("button", { name: "💬 Comment" }).click();
      const form = reviewer.getByRole("form", { name: "New comment on Block 1 of Leaves" });
      await expect(form.getByText(SENTENCE)).toBeVisible();
      await form.getByLabel("Your name").fill("Rita Reviewer");
      await form.getByLabel("Your email").fill("rita@example.test");
      await form.getByLabel("Your comment").fill("Sugar is a simplification: say glucose.");
      await form.getByRole("button", { name: "Comment" }).click();
      const thread = block.getByRole("article", { name: "Comment by Rita Reviewer" });
      await expect(thread).toContainText("say glucose");
      await expect(thread.getByRole("blockquote")).toHaveText(SENTENCE);
      // The browser remembers who they are.
      await reviewer.reload();
      await expect(reviewer.getByText("Commenting as")).toContainText("Rita Reviewer");
      await screenshot(reviewer, `review-link-${name}`);

      // The author sees the thread under the block, replies and resolves it.
      await page.goto(s.editorPath);
      await expect(page.getByRole("region", { name: "Review", exact: true })).toContainText("1 open comment");
      const authorThread = page.getByRole("article", { name: "Comment by Rita Reviewer" });
      await expect(authorThread.getByRole("blockquote")).toHaveText(SENTENCE);
      await expect(authorThread).toContainText("Reviewer");
      await authorThread.getByRole("combobox", { name: "Reply to Rita Reviewer" }).fill("Good point, changed.");
      await authorThread.getByRole("button", { name: "Reply", exact: true }).click();
      await expect(authorThread.getByRole("list", { name: "Replies" })).toContainText("Good point, changed.");
      await authorThread.getByRole("button", { name: "Resolve" }).click();
      // Open threads show by default: the resolved one moves under "Resolved".
      await expect(authorThread).toBeHidden();
      await page.getByRole("button", { name: "Resolved (1)" }).click();
      await expect(page.getByRole("article", { name: "Comment by Rita Reviewer" })).toContainText("Resolved by Ada Author");
      await screenshot(page, `review-editor-${name}`);

      // The reviewer sees the answer.
      await reviewer.reload();
      await expect(block.getByRole("article", { name: "Comment by Rita Reviewer" })).toContainText("Good point, changed.");

      // The course tree counts open threads per lesson: none now.
      await page.goto(`/projects/${s.project.id}`);
      await expect(page.getByRole("listitem", { name: "lesson Leaves" })).toBeVisible();
      await expect(page.getByLabel(/open comments?$/)).toHaveCount(0);

      // Closing the link ends the reviewer's access at once.
      await page.getByRole("button", { name: "Review links for course Plants" }).click();
      await page.getByRole("button", { name: "Close this link" }).click();
      await expect(page.getByText("No open links.")).toBeVisible();
      await reviewer.reload();
      await expect(reviewer.getByRole("heading", { name: "This review link is closed" })).toBeVisible();
      await reviewerContext.close();
    });

    test(`a mention mails the member once, and a suggested edit is accepted; one made on an older version shows both (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const s = await courseToReview(page);
      // A verified member of the course's workspace to mention: a team with Mia in it.
      const memberContext = await browser.newContext({ baseURL, viewport });
      const member = await memberContext.newPage();
      const mia = await signUpViaApi(member.request, "Mia Member");
      await signInViaApi(member.request, mia);
      await member.goto((await waitForMail(member.request, { to: mia.email, subject: /Confirm your email address/ })).link!);
      const team = await s.api("POST", "/api/workspaces", { name: "Greenhouse" });
      await s.api("POST", `/api/workspaces/${team.id}/members`, { email: mia.email, role: "author" });
      const teamProject = await s.api("POST", "/api/authoring/projects", { name: "Shared biology", workspace_id: team.id });
      const course = await s.api("POST", `/api/authoring/projects/${teamProject.id}/courses`, { title: "Trees" });
      const mod = await s.api("POST", `/api/authoring/courses/${course.id}/modules`, { title: "Bark" });
      const lesson = await s.api("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: "Rings" });
      await s.api("POST", `/api/authoring/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "A ring a year." } });

      await page.goto(`/projects/${teamProject.id}/lessons/${lesson.id}`);
      await page.getByRole("button", { name: "Comment on block 1" }).click();
      const composer = page.getByRole("form", { name: "New comment on block 1" });
      const field = composer.getByRole("combobox", { name: "New comment on block 1" });
      await field.pressSequentially("Is this right, @Mi");
      await expect(composer.getByRole("option", { name: "Mia Member" })).toBeVisible();
      await field.press("Enter");
      await expect(field).toHaveValue("Is this right, @Mia Member ");
      await field.pressSequentially("?");
      await composer.getByRole("button", { name: "Comment" }).click();
      await expect(page.getByRole("article", { name: "Comment by Ada Author" })).toContainText("@Mia Member");
      const mail = await waitForMail(page.request, { to: mia.email, subject: /Ada Author mentioned you/ });
      expect(mail.link).toContain(`/lessons/${lesson.id}?thread=`);
      // The thread's link opens the lesson at the thread, for the member.
      await member.goto(mail.link!);
      await expect(member.getByRole("article", { name: "Comment by Ada Author" })).toContainText("Is this right");
      expect(await mailsTo(page.request, mia.email).then((all) => all.filter((m) => /mentioned you/.test(m.subject)).length)).toBe(1);
      await memberContext.close();

      // A suggested edit (an agent's, with a suggest-only key) shows as a diff; Accept applies it.
      const key = (await s.api("POST", "/api/authoring/api-keys", { name: "Drafting agent", scope: "suggest" })).key as string;
      const agent = async (path: string, data: unknown) => {
        const res = await page.request.post(`/api/authoring${path}`, { data, headers: { authorization: `Bearer ${key}` } });
        expect(res.status(), await res.text()).toBe(201);
      };
      await agent(`/blocks/${s.first.id}/suggestions`, {
        content: { body: "Leaves are green. They make glucose from light." },
        note: "Simpler",
      });
      await page.goto(s.editorPath);
      const suggestion = page.getByRole("article", { name: "Suggestion by Drafting agent" });
      await expect(suggestion).toContainText("Agent");
      await expect(suggestion.getByRole("deletion").first()).toContainText("Photosynthesis");
      await expect(suggestion.getByRole("insertion").first()).toContainText("glucose");
      await suggestion.getByRole("button", { name: "Accept" }).click();
      await expect(suggestion).toBeHidden();
      await expect(page.getByRole("region", { name: "Preview of block 1" })).toContainText("They make glucose from light.");

      // One made before the block changed: accepting shows the block now beside it, and asks.
      await agent(`/blocks/${s.second.id}/suggestions`, { content: { body: "Stems carry water up." } });
      await s.api("PATCH", `/api/authoring/blocks/${s.second.id}`, { content: { body: "Stems carry water and salts up." } });
      await page.reload();
      const late = page.getByRole("article", { name: "Suggestion by Drafting agent" });
      await late.getByRole("button", { name: "Accept" }).click();
      const both = late.getByRole("group", { name: "The block changed after this suggestion" });
      await expect(both.getByRole("region", { name: "The block now" })).toContainText("Stems carry water and salts up.");
      await expect(both.getByRole("region", { name: "The suggestion" })).toContainText("Stems carry water up.");
      await screenshot(page, `review-conflict-${name}`);
      await both.getByRole("button", { name: "Keep the block, reject it" }).click();
      await expect(late).toBeHidden();
      await expect(page.getByRole("region", { name: "Preview of block 2" })).toContainText("Stems carry water and salts up.");
    });
  });
}
