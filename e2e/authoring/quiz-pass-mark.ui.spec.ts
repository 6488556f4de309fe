import { expect, test } from "../support/fixtures";
import { authoringApi, VIEWPORTS } from "../support/helpers";

// A quiz's pass mark (decision 066): set in its editor, checked there, kept on reload.
for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test(`[QUIZZES] an author sets a quiz's pass mark, a mark outside 0..100 is explained, and the saved one stays (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const project = await authoringApi(page, "POST", "/projects", { name: "Safety training" });
      const quiz = await authoringApi(page, "POST", `/projects/${project.id}/quizzes`, { title: "Final check" });

      // Reached from the project's Quizzes tab.
      await page.goto(`/projects/${project.id}`);
      await page.getByRole("link", { name: "Quizzes" }).click();
      await page.getByRole("link", { name: "Final check" }).click();
      await expect(page).toHaveURL(new RegExp(`/quizzes/${quiz.id}$`));
      const mark = page.getByLabel("Pass mark (%)");
      const save = page.getByRole("button", { name: "Save pass mark" });
      await expect(mark).toHaveValue("70");
      await expect(save).toBeDisabled();

      await mark.fill("150");
      await save.click();
      await expect(page.getByText("A whole number from 0 to 100.")).toBeVisible();
      await expect(mark).toHaveAttribute("aria-invalid", "true");

      await mark.fill("85");
      await save.click();
      await expect(save).toBeDisabled();
      await expect(page.getByRole("status").filter({ hasText: "Pass mark saved." })).toHaveCount(1);
      expect((await authoringApi(page, "GET", `/quizzes/${quiz.id}`)).pass_percentage).toBe(85);

      await page.reload();
      await expect(page.getByLabel("Pass mark (%)")).toHaveValue("85");
      const box = await page.getByLabel("Pass mark (%)").boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    });
  });
}
