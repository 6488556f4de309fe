import { expect, test } from "../support/fixtures";
import { screenshot } from "../support/helpers";

/**
 * A page that fails while it renders shows the app's error page (app/error.tsx): plain words, a
 * way to try again and a way home, never the error itself. The failure is real: the course outline,
 * which reads its course in the browser, is handed a course its server would never send (a broken
 * proxy, a half-deployed server), and rendering it throws inside the app's own code. (The lesson
 * page is rendered on the server, so an answer changed in the browser never reaches it.)
 */
for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`[ERRORS] ${label}`, () => {
    test.use({ viewport });

    test(`a page that fails to render shows the app's error page with a way back (${label})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn("Ada Author");
      const courseId = "0b8a6c52-3d8e-4d5e-9a34-3f1f6e0b7a11";
      await page.route(`**/api/learn/courses/${courseId}`, (route) => route.fulfill({ status: 200, json: { title: "Half a course" } }));
      await page.goto(`/learn/courses/${courseId}`);
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
      await expect(page.getByText("This page could not be shown.")).toBeVisible();
      // The error itself stays out of the page.
      await expect(page.getByText(/TypeError|undefined|Cannot read/)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
      await screenshot(page, `error-page-${label}`);

      // The way back leads home.
      await page.getByRole("link", { name: "Home page" }).click();
      await expect(page).not.toHaveURL(/\/learn\/courses\//);
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
    });
  });
}
