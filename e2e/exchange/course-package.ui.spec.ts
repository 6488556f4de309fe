/**
 * Issue 29: a course package is a web course of its own. The fixture course (every block type)
 * is written by writePackage, unpacked and served from a loopback server of the test's own, and
 * opened as an LMS would launch it (index.html) but with no LMS: the blocks render from the
 * package alone, navigation and progress work, answers are checked and scored in the page, axe
 * finds nothing serious, at desktop and phone width. Only loopback is reachable (YouTube is not).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { extractZip, FIXTURE_PNG, packageZip } from "../../test/package-fixtures";
import { VIEWPORTS } from "../support/helpers";
import { startStaticServer, type StaticServer } from "../support/static-server";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

let dir: string;
let server: StaticServer;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "course-package-"));
  await extractZip(await packageZip(), dir);
  server = await startStaticServer(dir);
});

test.afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens the package's launch file with every host but the loopback server unreachable. */
async function launch(page: Page) {
  await page.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => route.abort("blockedbyclient"),
  );
  await page.goto(`${server.url}/index.html`);
}

/** The lesson shown in the shell's frame, found by its title (the lesson's title). */
const lesson = (page: Page, title: string): FrameLocator => page.frameLocator(`iframe[title="${title}"]`);

/** On a phone the course's navigation is behind the menu button. */
async function openNav(page: Page, isPhone: boolean) {
  if (isPhone) await page.getByRole("button", { name: "Course menu" }).click();
  return page.getByRole("navigation", { name: "Course" });
}

for (const { name, viewport } of VIEWPORTS) {
  const isPhone = name === "phone";
  test.describe(`${name} width`, () => {
    test.use({ viewport });

    test(`[PACKAGE] every block type renders from the package alone (${name})`, async ({ page }) => {
      await launch(page);
      const welcome = lesson(page, "Welcome to the site");
      await expect(welcome.getByRole("heading", { level: 1, name: "Welcome to the site" })).toBeVisible();
      // Markdown as the app renders it: bold and lists, HTML shown as text.
      await expect(welcome.locator("strong", { hasText: "hard hat" })).toBeVisible();
      await expect(welcome.getByRole("listitem").filter({ hasText: "Sign in at the gate" })).toBeVisible();
      await expect(welcome.getByText("<b onclick=alert(1)>raw</b>")).toBeVisible();
      await expect(welcome.getByRole("complementary", { name: "Example" })).toContainText("Maria signs in at 07:00");
      const scenario = welcome.getByRole("region", { name: "Scenario" });
      await expect(scenario.getByText("Lend them a pair")).toBeHidden();
      await scenario.getByText("Reveal").click();
      await expect(scenario.getByText("Lend them a pair")).toBeVisible();
      const glossary = welcome.getByRole("region", { name: "Site words" });
      await expect(glossary.getByRole("term")).toHaveText(["PPE", "Toolbox talk"]);
      await expect(glossary.getByRole("definition").first()).toHaveText("Personal protective equipment");

      await page.getByRole("button", { name: "Next lesson" }).click();
      const seeing = lesson(page, "Seeing the site");
      // The copied image is served from the package, the SVG through a data URL (never run).
      const photo = seeing.getByRole("img", { name: "A red hard hat" });
      await expect(photo).toHaveAttribute("src", /^\.\.\/assets\/images\/[0-9a-f]+\.png$/);
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
      const served = await page.request.get(`${server.url}/lessons/${await photo.getAttribute("src")}`);
      expect(Buffer.from(await served.body()).equals(FIXTURE_PNG)).toBe(true);
      await expect(seeing.getByRole("img", { name: "A missing picture" })).toHaveAttribute(
        "src",
        "https://images.example.test/missing.png",
      );
      await expect(seeing.getByRole("img", { name: "A teal sign" })).toHaveAttribute("src", /^data:image\/svg\+xml/);
      // YouTube with its start time, and a written link for when the embed cannot play.
      await expect(seeing.locator('iframe[title="Site tour"]')).toHaveAttribute(
        "src",
        /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?start=90$/,
      );
      await expect(seeing.getByRole("link", { name: "Watch “Site tour” on YouTube" })).toHaveAttribute(
        "href",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s",
      );
      // Mermaid, bundled in the package, drew the diagram.
      const diagram = seeing.getByRole("img", { name: "Way in" });
      await expect(diagram.locator("svg")).toBeVisible();
      await expect(diagram).toContainText("Office");
      // Author HTML runs in a sandbox without the package's origin.
      const frame = seeing.locator('iframe[title="Hazard spotter"]');
      await expect(frame).toHaveAttribute("sandbox", "allow-scripts");
      await expect(seeing.frameLocator('iframe[title="Hazard spotter"]').getByText("Script ran")).toBeVisible();
      await expect(seeing.getByRole("region", { name: "Visual placeholder" })).toContainText("A photo of the site gate at dawn");

      await page.getByRole("button", { name: "Next lesson" }).click();
      const practice = lesson(page, "Practice");
      await expect(practice.getByRole("group", { name: "Which item protects your head?" })).toBeVisible();
      await expect(practice.getByRole("note")).toHaveText("This block cannot be shown.");
      await page.getByRole("button", { name: "Next lesson" }).click();
      await expect(lesson(page, "Final check").getByRole("form", { name: "Site safety check" })).toBeVisible();
    });

    test(`[PACKAGE] the course menu and Previous/Next move between lessons and count the lessons viewed (${name})`, async ({ page }) => {
      await launch(page);
      const progress = page.getByRole("progressbar", { name: "Course progress" });
      await expect(lesson(page, "Welcome to the site").getByRole("heading", { level: 1 })).toBeVisible();
      await expect(progress).toHaveAttribute("aria-valuenow", "25");
      await expect(page.getByRole("button", { name: "Previous lesson" })).toBeDisabled();

      await page.getByRole("button", { name: "Next lesson" }).click();
      await expect(lesson(page, "Seeing the site").getByRole("heading", { level: 1 })).toHaveText("Seeing the site");
      await expect(progress).toHaveAttribute("aria-valuenow", "50");

      const nav = await openNav(page, isPhone);
      await expect(nav.getByRole("link")).toHaveText(["Welcome to the site", "Seeing the site", "Practice", "Final check"]);
      await expect(nav.getByRole("link", { name: "Seeing the site" })).toHaveAttribute("aria-current", "page");
      await nav.getByRole("link", { name: "Final check" }).click();
      await expect(lesson(page, "Final check").getByRole("heading", { level: 1 })).toHaveText("Final check");
      await expect(progress).toHaveAttribute("aria-valuenow", "75");
      await expect(page.getByRole("button", { name: "Next lesson" })).toBeDisabled();
      // A lesson chosen on a phone closes the menu over it.
      if (isPhone) await expect(nav).toBeHidden();

      await page.getByRole("button", { name: "Previous lesson" }).click();
      await expect(lesson(page, "Practice").getByRole("heading", { level: 1 })).toHaveText("Practice");
      await expect(progress).toHaveAttribute("aria-valuenow", "100");
      await expect(page.getByText("4 of 4 lessons viewed")).toBeVisible();

      await page.getByRole("button", { name: "Exit" }).click();
      await expect(page.getByRole("status").filter({ hasText: "You can close this window" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Exit" })).toBeDisabled();
      // The page fits the width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    test(`[PACKAGE] practice questions are checked in place and the quiz is scored by the server's rule (${name})`, async ({ page }) => {
      await launch(page);
      const nav = await openNav(page, isPhone);
      await nav.getByRole("link", { name: "Practice" }).click();
      const practice = lesson(page, "Practice");
      const helmet = practice.locator("form").filter({ has: practice.getByRole("group", { name: "Which item protects your head?" }) });
      await helmet.getByRole("radio", { name: "Gloves" }).check();
      await helmet.getByRole("button", { name: "Check answer" }).click();
      await expect(helmet.getByRole("status")).toHaveText("Not quite");
      await helmet.getByRole("radio", { name: "Hard hat" }).check();
      await expect(helmet.getByRole("status")).toHaveText("");
      await helmet.getByRole("button", { name: "Check answer" }).click();
      await expect(helmet.getByRole("status")).toHaveText("Correct");
      const ppe = practice
        .locator("form")
        .filter({ has: practice.getByRole("group", { name: "Which of these are protective equipment?" }) });
      await ppe.getByRole("checkbox", { name: "Goggles" }).check();
      await ppe.getByRole("button", { name: "Check answer" }).click();
      await expect(ppe.getByRole("status")).toHaveText("Not quite");
      await ppe.getByRole("checkbox", { name: "High-visibility vest" }).check();
      await ppe.getByRole("button", { name: "Check answer" }).click();
      await expect(ppe.getByRole("status")).toHaveText("Correct");

      await page.getByRole("button", { name: "Next lesson" }).click();
      const quiz = lesson(page, "Final check").getByRole("form", { name: "Site safety check" });
      await expect(quiz.getByRole("group")).toHaveCount(3);
      await quiz.getByRole("group", { name: "Which item protects your head?" }).getByRole("radio", { name: "Hard hat" }).check();
      // Only one of the two right answers: the question scores 0, as on the server.
      await quiz
        .getByRole("group", { name: "Which of these are protective equipment?" })
        .getByRole("checkbox", { name: "Goggles" })
        .check();
      await quiz.getByRole("group", { name: "A ladder should be checked before each use." }).getByRole("radio", { name: "True" }).check();
      await quiz.getByRole("button", { name: "Submit answers" }).click();
      await expect(quiz.getByRole("status")).toHaveText("You scored 2 of 3 (67%). Passed");
      await quiz.getByRole("group", { name: "A ladder should be checked before each use." }).getByRole("radio", { name: "False" }).check();
      await quiz.getByRole("button", { name: "Submit answers" }).click();
      await expect(quiz.getByRole("status")).toHaveText("You scored 1 of 3 (33%). Not passed");

      // The shell keeps the answers for the session: back on the quiz, they and the result are shown again.
      await page.getByRole("button", { name: "Previous lesson" }).click();
      await expect(lesson(page, "Practice").getByRole("heading", { level: 1 })).toHaveText("Practice");
      await page.getByRole("button", { name: "Next lesson" }).click();
      const again = lesson(page, "Final check").getByRole("form", { name: "Site safety check" });
      await expect(again.getByRole("status")).toHaveText("You scored 1 of 3 (33%). Not passed");
      await expect(again.getByRole("radio", { name: "Hard hat" })).toBeChecked();
      await expect(again.getByRole("checkbox", { name: "Goggles" })).toBeChecked();
      await expect(again.getByRole("checkbox", { name: "High-visibility vest" })).not.toBeChecked();
      await expect(again.getByRole("radio", { name: "False" })).toBeChecked();
    });

    test(`[PACKAGE] axe finds no accessibility violation on any page of the package (${name})`, async ({ page }) => {
      await launch(page);
      for (const title of ["Welcome to the site", "Seeing the site", "Practice", "Final check"]) {
        if (title !== "Welcome to the site") await page.getByRole("button", { name: "Next lesson" }).click();
        await expect(lesson(page, title).getByRole("heading", { level: 1 })).toHaveText(title);
        if (title === "Seeing the site")
          await expect(lesson(page, title).getByRole("img", { name: "Way in" }).locator("svg")).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} At: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect.soft(found, `axe violations with the lesson “${title}” open`).toEqual([]);
      }
    });
  });
}
