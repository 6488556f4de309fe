import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot, VIEWPORTS } from "../support/helpers";

const youTube = (id: string, start: number) => ({
  type: "video",
  content: { source: { type: "youtube", id, start }, title: "Clip", caption: "" },
});

/**
 * A course with one of each problem, stored through the API as an agent (or an older form) could:
 * an empty lesson, a Vimeo link in a YouTube block, a diagram that does not parse, a question
 * block whose question is in the trash, a quiz block whose quiz has no questions; and a sound lesson.
 */
async function courseWithProblems(page: Page) {
  const project = await authoringApi(page, "POST", "/projects", { name: "Awareness" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Security basics" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Phishing & scams" });
  const lesson = (title: string) => authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title });
  const empty = await lesson("Empty lesson");
  const media = await lesson("Spotting a fake");
  const checks = await lesson("Check yourself");
  const sound = await lesson("Sound lesson");
  const block = (lessonId: string, body: unknown) => authoringApi(page, "POST", `/lessons/${lessonId}/blocks`, body);
  await block(media.id, youTube("https://vimeo.com/76979871", 0));
  await block(media.id, { type: "diagram", content: { source: { type: "mermaid", code: "flowchart TD\n  Mail -->" }, caption: "" } });
  const category = await authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: "Basics" });
  const question = await authoringApi(page, "POST", `/projects/${project.id}/questions`, {
    category_id: category.id,
    prompt: "Is a bank asking for your PIN by mail a scam?",
    question_type: "true_false",
    difficulty: 1,
    options: [
      { label: "Yes", is_correct: true },
      { label: "No", is_correct: false },
    ],
  });
  await block(checks.id, { type: "question", question_id: question.id, question_role: "practice" });
  const quiz = await authoringApi(page, "POST", `/projects/${project.id}/quizzes`, { title: "Phishing quiz", question_ids: [] });
  await block(checks.id, { type: "quiz", quiz_id: quiz.id });
  await authoringApi(page, "DELETE", `/questions/${question.id}`);
  await block(sound.id, { type: "text", content: { body: "Look at the sender's address." } });
  return { project, course, empty, media, checks, sound, quiz };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[PUBLISH CHECKS] ${name}`, () => {
    test.use({ viewport });

    test(`publishing a course lists what learners would meet, with links to fix each, and publishes anyway (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const s = await courseWithProblems(page);
      await page.goto(`/projects/${s.project.id}`);
      await page.getByRole("button", { name: "Publish course Security basics", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Publish “Security basics”?" });
      const problems = dialog.getByRole("list", { name: "5 problems learners would see" }).getByRole("listitem");
      await expect(problems).toHaveCount(5);
      await expect(problems.filter({ hasText: "has no blocks" })).toContainText("Empty lesson");
      await expect(problems.filter({ hasText: "vimeo.com/76979871" })).toContainText("is not a YouTube video ID");
      await expect(problems.filter({ hasText: "Mermaid code does not parse" })).toContainText("Spotting a fake");
      await expect(problems.filter({ hasText: "question is in the trash" })).toContainText("Check yourself");
      await expect(problems.filter({ hasText: "has no questions" })).toContainText("Phishing quiz");
      await expect(problems.filter({ hasText: "has no blocks" }).getByRole("link", { name: "Empty lesson" })).toHaveAttribute(
        "href",
        `/projects/${s.project.id}/lessons/${s.empty.id}`,
      );
      await expect(problems.filter({ hasText: "has no questions" }).getByRole("link", { name: "Edit the quiz" })).toHaveAttribute(
        "href",
        `/projects/${s.project.id}/quizzes/${s.quiz.id}`,
      );
      await expect(dialog.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
      await screenshot(page, `publish-checks-${name}`);

      await dialog.getByRole("button", { name: "Publish anyway" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("listitem", { name: "course Security basics" }).getByText("Published")).toBeVisible();
      expect((await authoringApi(page, "GET", `/courses/${s.course.id}`)).published_at).not.toBeNull();

      // A link in the list leads to the lesson to fix.
      await page.getByRole("button", { name: "Unpublish course Security basics" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Unpublish" }).click();
      await page.getByRole("button", { name: "Publish course Security basics", exact: true }).click();
      await dialog.getByRole("link", { name: "Empty lesson" }).click();
      await expect(page.getByLabel("Lesson title")).toHaveValue("Empty lesson");
    });

    test(`publishing a sound lesson finds no problems, and names only that lesson's (${name})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn();
      const s = await courseWithProblems(page);
      await page.goto(`/projects/${s.project.id}`);
      await page.getByRole("button", { name: "Publish lesson Sound lesson", exact: true }).click();
      const soundDialog = page.getByRole("dialog", { name: "Publish “Sound lesson”?" });
      await expect(soundDialog.getByRole("status")).toHaveText(/No problems found/);
      await expect(soundDialog.getByRole("button", { name: "Publish anyway" })).toHaveCount(0);
      await soundDialog.getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("button", { name: "Publish lesson Spotting a fake", exact: true }).click();
      const mediaDialog = page.getByRole("dialog", { name: "Publish “Spotting a fake”?" });
      const problems = mediaDialog.getByRole("list", { name: "2 problems learners would see" }).getByRole("listitem");
      await expect(problems).toHaveCount(2);
      await expect(problems.nth(0)).toContainText("Block 1 (video)");
      await expect(problems.nth(1)).toContainText("Block 2 (diagram)");
      await mediaDialog.getByRole("button", { name: "Publish anyway" }).click();
      await expect(mediaDialog).toBeHidden();
      await expect.poll(async () => (await authoringApi(page, "GET", `/lessons/${s.media.id}`)).published_at).not.toBeNull();
    });

    test(`the video form does not save a Vimeo link, a negative start or a non-web address, and says why by the field (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await page.route("https://www.youtube-nocookie.com/**", (route) => route.abort());
      await signUpAndSignIn();
      const project = await authoringApi(page, "POST", "/projects", { name: "Video project" });
      const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Course" });
      const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Module" });
      const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Lesson" });
      const block = await authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, youTube("dQw4w9WgXcQ", 30));
      const stored = async () => (await authoringApi(page, "GET", `/blocks/${block.id}`)).content;

      await page.goto(`/projects/${project.id}/lessons/${lesson.id}`);
      const card = page.getByRole("article", { name: /^Block 1: Video/ });
      const idField = card.getByLabel("YouTube video ID or link");
      const startField = card.getByLabel("Start at (seconds)");
      await expect(idField).toHaveValue("dQw4w9WgXcQ");

      await idField.fill("https://vimeo.com/76979871");
      await expect(idField).toHaveAttribute("aria-invalid", "true");
      await expect(idField).toHaveAccessibleDescription(/Not saved: this is not a YouTube link or a video ID/);
      await startField.fill("-5");
      await expect(startField).toHaveAttribute("aria-invalid", "true");
      await expect(startField).toHaveAccessibleDescription("Not saved: the start is a number of seconds, 0 or more.");
      await screenshot(page, `video-form-refused-${name}`);

      // Another edit saves the block: what was refused is not in it.
      await card.getByLabel("Video title").fill("Spotting a fake sender");
      await expect(card.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
      await expect.poll(async () => (await stored()).title).toBe("Spotting a fake sender");
      expect((await stored()).source).toEqual({ type: "youtube", id: "dQw4w9WgXcQ", start: 30 });

      // Corrected input is saved, and the messages go.
      await idField.fill("https://youtu.be/aqz-KE-bpKQ");
      await startField.fill("12");
      await expect(idField).not.toHaveAttribute("aria-invalid", "true");
      await expect(startField).not.toHaveAttribute("aria-invalid", "true");
      await expect.poll(async () => (await stored()).source).toEqual({ type: "youtube", id: "aqz-KE-bpKQ", start: 12 });

      // A video file address must be a web address.
      await card.getByRole("radio", { name: "Video file URL" }).check();
      const urlField = card.getByLabel("Video URL");
      await urlField.fill("https://example.com/talk.mp4");
      await expect.poll(async () => (await stored()).source).toEqual({ type: "url", url: "https://example.com/talk.mp4" });
      await urlField.fill("javascript:alert(1)");
      await expect(urlField).toHaveAccessibleDescription("Not saved: use an http or https address of a video file.");
      await card.getByLabel("Caption").fill("From the 2025 talk");
      await expect.poll(async () => (await stored()).caption).toBe("From the 2025 talk");
      expect((await stored()).source).toEqual({ type: "url", url: "https://example.com/talk.mp4" });
    });

    test(`unpublishing a course says that publishing it again publishes its draft lessons too, and it does (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const project = await authoringApi(page, "POST", "/projects", { name: "Republish" });
      const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Fire safety" });
      const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Basics" });
      const live = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Exits" });
      await authoringApi(page, "POST", `/lessons/${live.id}/blocks`, { type: "text", content: { body: "Know your exits." } });
      await authoringApi(page, "POST", `/courses/${course.id}/publish`);
      const draft = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Extinguishers (draft)" });
      await authoringApi(page, "POST", `/lessons/${draft.id}/blocks`, { type: "text", content: { body: "Not ready." } });

      await page.goto(`/projects/${project.id}`);
      await page.getByRole("button", { name: "Unpublish course Fire safety" }).click();
      const dialog = page.getByRole("dialog", { name: "Unpublish “Fire safety”?" });
      await expect(dialog).toContainText("Learners lose access to the course and all its lessons at once; their progress is kept.");
      await expect(dialog).toContainText(
        "Publishing the course again publishes it together with every lesson that is a draft at that time, including the draft “Extinguishers (draft)”.",
      );
      await expect(dialog).not.toContainText("brings it all back");
      await dialog.getByRole("button", { name: "Unpublish" }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole("button", { name: "Publish course Fire safety", exact: true }).click();
      await page.getByRole("dialog", { name: "Publish “Fire safety”?" }).getByRole("button", { name: "Publish", exact: true }).click();
      await expect.poll(async () => (await authoringApi(page, "GET", `/lessons/${draft.id}`)).published_at).not.toBeNull();
    });
  });
}
