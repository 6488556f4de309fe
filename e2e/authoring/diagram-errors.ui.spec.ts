import { expect, test } from "../support/fixtures";
import { screenshot, teamLesson } from "../support/helpers";

/**
 * A diagram whose Mermaid code does not parse: the author sees the parser's message in the
 * editor's preview, to fix it; a learner sees a calm note instead of the parser's output.
 */

const BROKEN = "flowchart TD\n  A[Nucleus] -->";
const PARSER_TEXT = /Parse error|Expecting|Lexical error/;

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`[DIAGRAMS] ${label}`, () => {
    test.use({ viewport });

    test(`a diagram that does not parse shows authors the parser's message and learners a note (${label})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      // A published lesson with a text block and a broken diagram, in a team with a learner.
      await signUpAndSignIn("Ada Author");
      const {
        owner: author,
        member: learner,
        memberContext: learnerContext,
        project,
        course,
        lesson,
      } = await teamLesson(
        { page, browser, baseURL, viewport },
        {
          member: "Lee Learner",
          role: "learner",
          team: "Academy",
          project: "Biology",
          course: "Cells",
          module: "Basics",
          lesson: "Inside a cell",
        },
      );
      await author("POST", `/api/authoring/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Every cell has parts." } });
      await author("POST", `/api/authoring/lessons/${lesson.id}/blocks`, {
        type: "diagram",
        content: { source: { type: "mermaid", code: BROKEN }, caption: "The parts of a cell" },
      });
      await author("POST", `/api/authoring/courses/${course.id}/publish`);

      // The learner: a calm note, no parser output.
      await learner.goto(`/learn/lessons/${lesson.id}`);
      await expect(learner.getByRole("heading", { name: "Inside a cell" })).toBeVisible();
      const diagram = learner.getByRole("region", { name: "diagram block" });
      await expect(diagram.getByRole("note")).toHaveText("This diagram could not be shown.");
      await expect(learner.getByText(PARSER_TEXT)).toHaveCount(0);
      await expect(learner.getByText("This diagram has an error and cannot be drawn.")).toHaveCount(0);
      await screenshot(learner, `diagram-error-learner-${label}`);

      // The author, in the editor's preview: the parser's message, to fix the code.
      await page.goto(`/projects/${project.id}/lessons/${lesson.id}`);
      const preview = page.getByRole("article", { name: /^Block 2: Diagram/ }).getByRole("region", { name: "Preview of block 2" });
      await expect(preview.getByRole("note")).toContainText("This diagram has an error and cannot be drawn.");
      await expect(preview.getByRole("note")).toContainText(PARSER_TEXT);
      await expect(page.getByText("This diagram could not be shown.")).toHaveCount(0);
      await screenshot(page, `diagram-error-author-${label}`);
      await learnerContext.close();
    });
  });
}
