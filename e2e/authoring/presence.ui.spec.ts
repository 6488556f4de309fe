import { createCompany, proposalsApi } from "../proposals/helpers";
import { expect, test } from "../support/fixtures";
import { screenshot, teamLesson, VIEWPORTS } from "../support/helpers";

/*
 * Who else is here (issue 41, docs/decisions/061): two people in one lesson see each other, which
 * block the other is in, and the other's saves without a reload; two tabs on one proposal see each
 * other and each other's saves. (The same over two app instances: e2e/reliability/two-instances.api.spec.ts.)
 */

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[PRESENCE] ${name}`, () => {
    test.use({ viewport });

    test(`two authors in one lesson see each other, where the other is, and the other's saves (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Ada Author");
      const team = await teamLesson(
        { page, browser, baseURL, viewport },
        { member: "Bob Builder", role: "author", team: "Studio", project: "Botany", course: "Plants", module: "Basics", lesson: "Leaves" },
      );
      for (const body of ["Leaves are green.", "Roots drink water."]) {
        await team.owner("POST", `/api/authoring/lessons/${team.lesson.id}/blocks`, { type: "text", content: { body } });
      }
      const path = `/projects/${team.project.id}/lessons/${team.lesson.id}`;
      await page.goto(path);
      await team.member.goto(path);

      const adaSees = page.getByRole("status", { name: "Who else is here" });
      await expect(adaSees).toHaveText("Here now: Bob Builder");
      await expect(team.member.getByRole("status", { name: "Who else is here" })).toHaveText("Here now: Ada Author");

      // Bob goes into block 2 and rewrites it: Ada sees where he is, then his words, without a reload.
      const bobText = team.member.getByRole("article", { name: /Block 2/ }).getByLabel("Text (Markdown)");
      await bobText.click();
      await expect(adaSees).toHaveText("Here now: Bob Builder (block 2)");
      await expect(page.getByText("Here: Bob Builder")).toBeVisible();
      await bobText.fill("Roots drink water and salts.");
      await expect(
        team.member
          .getByRole("article", { name: /Block 2/ })
          .getByRole("status")
          .filter({ hasText: "Saved" }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Preview of block 2" })).toContainText("Roots drink water and salts.", {
        timeout: 15_000,
      });
      await expect(page.getByRole("article", { name: /Block 2/ }).getByLabel("Text (Markdown)")).toHaveValue(
        "Roots drink water and salts.",
      );
      await screenshot(page, `presence-lesson-${name}`);

      // Bob leaves: Ada no longer sees him.
      await team.memberContext.close();
      await expect(adaSees).toBeHidden({ timeout: 20_000 });
    });

    test(`two tabs on one proposal see each other and each other's saves (${name})`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn("Sam Seller");
      const company = await createCompany(page, "Sunny Roofs");
      const created = await proposalsApi(page, "POST", "/v3/proposals", { company_id: company.id, language: "en", title_md: "Roof offer" });
      const path = `/proposals/${created.proposal.uuid}/edit`;
      await page.goto(path);
      // The same person in a second tab (another browser context with the same session).
      const other = await browser.newContext({ baseURL, viewport, storageState: await page.context().storageState() });
      const tab = await other.newPage();
      await tab.goto(path);
      await expect(page.getByRole("status", { name: "Who else is here" })).toHaveText("Here now: you, in another tab");
      await expect(tab.getByRole("status", { name: "Who else is here" })).toHaveText("Here now: you, in another tab");
      // A save in one tab shows in the other's own title field without a reload (nothing is unsaved there).
      await tab.getByLabel("Title", { exact: true }).fill("Roof offer for the Bergs");
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Roof offer for the Bergs", { timeout: 15_000 });
      await other.close();
      await expect(page.getByRole("status", { name: "Who else is here" })).toBeHidden({ timeout: 20_000 });
    });
  });
}
