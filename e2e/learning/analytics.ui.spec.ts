import { overflowsSideways } from "../proposals/helpers";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { callerOf, screenshot, teamLesson, VIEWPORTS } from "../support/helpers";

/*
 * Course analytics and item analysis in pictures (issue 42): the Results tab's funnel from opening
 * the course to completing it, each quiz's score bands, and a quiz's item analysis with its flags
 * and a link to the question in the bank, where its editor shows how it works in every quiz that
 * asks it; every chart shows as a table too. The figures' rules:
 * test/integration/course-analytics.test.ts.
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[ANALYTICS] ${name}`, () => {
    test.use({ viewport });

    test(`an author sees where learners stop, how a quiz went and which questions fail them (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const team = await teamLesson(
        { page, browser, baseURL, viewport },
        {
          member: "Lee Learner",
          role: "learner",
          team: "Acme Academy",
          project: "Onboarding",
          course: "Site safety",
          module: "On site",
          lesson: "Hard hats",
        },
      );
      try {
        const { owner: call, project, course, lesson } = team;
        const api = (path: string, data?: unknown) => call("POST", `/api/authoring${path}`, data);
        const second = await api(`/modules/${lesson.module_id}/lessons`, { title: "Ladders" });
        const category = await api(`/projects/${project.id}/categories`, { name: "Safety" });
        const question = (prompt: string) =>
          api(`/projects/${project.id}/questions`, {
            category_id: category.id,
            prompt,
            question_type: "single_choice",
            difficulty: 2,
            options: [
              { label: "Right", is_correct: true },
              { label: "Wrong", is_correct: false },
            ],
          });
        const easy = await question("Do you wear a hard hat on site?");
        const hard = await question("How many rungs above the roof must a ladder reach?");
        const quiz = await api(`/projects/${project.id}/quizzes`, { title: "Safety check", question_ids: [easy.id, hard.id] });
        await api(`/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Wear a hard hat." } });
        await api(`/lessons/${second.id}/blocks`, { type: "quiz", quiz_id: quiz.id });
        await api(`/courses/${course.id}/publish`);

        // Lee opens both lessons, completes the first and takes the quiz: the easy one right, the hard one wrong.
        const asLee = callerOf(team.member.request);
        await asLee("GET", `/api/learn/lessons/${lesson.id}`);
        await asLee("POST", `/api/learn/lessons/${lesson.id}/complete`);
        await asLee("GET", `/api/learn/lessons/${second.id}`);
        const pick = (q: { id: string; options: { id: string; is_correct: boolean }[] }, right: boolean) => ({
          question_id: q.id,
          selected_option_ids: [q.options.find((o) => o.is_correct === right)!.id],
        });
        await asLee("POST", `/api/authoring/quizzes/${quiz.id}/submit`, { answers: [pick(easy, true), pick(hard, false)] });

        await page.goto(`/projects/${project.id}/results`);
        const analytics = page.getByRole("region", { name: "Course analytics" });
        const funnel = analytics.getByRole("figure", { name: "Where learners stop" });
        await expect(funnel).toContainText("1 learners opened Site safety and 0 completed it.");
        await funnel.getByRole("button", { name: "Show as table" }).click();
        const rows = funnel.getByRole("table").getByRole("row");
        await expect(rows.filter({ hasText: "Opened the course" })).toContainText("1");
        await expect(rows.filter({ hasText: "1. Hard hats" })).toContainText("1");
        await expect(rows.filter({ hasText: "Completed the course" })).toContainText("0");
        const scores = analytics.getByRole("figure", { name: "Scores in Safety check" });
        await expect(scores).toContainText("1 attempts by 1 learners; mean 50 %, pass rate 0 %.");
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `analytics-${name}`);

        // The item analysis: the hard question is flagged and links to the bank.
        await analytics.getByRole("link", { name: "Item analysis of Safety check" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Item analysis" })).toBeVisible();
        const hardItem = page.getByRole("article", { name: "Question 2" });
        await expect(hardItem).toContainText("How many rungs above the roof");
        await expect(hardItem.getByText("Too hard")).toBeVisible();
        await expect(hardItem.getByRole("row", { name: /Wrong/ })).toContainText("100 %");
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `item-analysis-${name}`);
        await hardItem.getByRole("link", { name: "Edit in the question bank" }).click();
        const editor = page.getByRole("dialog");
        await expect(editor).toContainText("How many rungs above the roof");

        // In its editor, how the question works in every quiz that asks it: here the one quiz, by its one attempt.
        await editor.getByText("How it works in quizzes").click();
        await expect(editor.getByText("1 answered · facility 0 % · discrimination –")).toBeVisible();
        await expect(editor.getByText("Too hard")).toBeVisible();
        const inQuizzes = editor.getByRole("figure", { name: "In each quiz" });
        await expect(inQuizzes.getByRole("row")).toHaveText(["QuizAttemptsAnsweredFacilityDiscrimination", "Safety check110 %–"]);
        await expect(editor.getByRole("row", { name: /Wrong/ })).toContainText("100 %");
        await expectAccessible(page, "question editor with how the question works in quizzes");
        await inQuizzes.getByRole("button", { name: "Show as chart" }).click();
        await inQuizzes.getByRole("link", { name: "Safety check" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Item analysis" })).toBeVisible();
      } finally {
        await team.memberContext.close();
      }
    });
  });
}
