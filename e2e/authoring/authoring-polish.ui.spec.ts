import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot, VIEWPORTS } from "../support/helpers";

async function smallTree(page: Page) {
  const project = await authoringApi(page, "POST", "/projects", { name: "Awareness" });
  const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, { title: "Security basics" });
  const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: "Phishing & scams" });
  const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: "Spotting a fake" });
  return { project, course, mod, lesson };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`[AUTHORING POLISH] ${name}`, () => {
    test.use({ viewport });

    test(`renaming a tree item to an empty title is refused with a message, and the old title stays (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const { project, lesson } = await smallTree(page);
      await page.goto(`/projects/${project.id}`);

      await page.getByRole("button", { name: "Rename lesson Spotting a fake" }).click();
      const input = page.getByLabel("New title for lesson Spotting a fake");
      await input.fill("   ");
      await input.press("Enter");
      await expect(input).toBeVisible();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("alert").filter({ hasText: "A title cannot be empty" })).toHaveText(
        "A title cannot be empty: type one, or press Escape to keep “Spotting a fake”.",
      );
      await expect(input).toHaveAccessibleDescription(/A title cannot be empty/);
      await screenshot(page, `rename-empty-refused-${name}`);
      await input.press("Escape");
      await expect(page.getByRole("link", { name: "Spotting a fake" })).toBeVisible();

      // Leaving an emptied title closes the field, keeps the title and says so.
      await page.getByRole("button", { name: "Rename lesson Spotting a fake" }).click();
      await input.fill("");
      await page.getByRole("heading", { name: "Courses" }).click();
      await expect(page.getByText("A title cannot be empty: “Spotting a fake” keeps its title.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Spotting a fake" })).toBeVisible();
      expect((await authoringApi(page, "GET", `/lessons/${lesson.id}`)).title).toBe("Spotting a fake");
    });

    test(`screen-reader names keep words apart: the trash's kind and title, the workspace switcher's name and kind (${name})`, async ({
      page,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn();
      const { project, mod } = await smallTree(page);
      await authoringApi(page, "DELETE", `/modules/${mod.id}`);
      await page.goto(`/projects/${project.id}/trash`);
      // The item's own cell (on a phone it also holds where it was and when it was deleted).
      await expect(page.getByRole("cell", { name: /^Module Phishing & scams/ })).toBeVisible();
      await expect(page.getByRole("button", { name: "Restore Module Phishing & scams" })).toBeVisible();

      await page.goto("/");
      const switcher = page.getByRole("navigation", { name: "Workspaces" });
      await expect(switcher.getByRole("link", { name: "Personal, personal workspace" })).toBeVisible();
      const team = await page.request.post("/api/workspaces", { data: { name: "Acme Academy" } });
      expect(team.ok()).toBe(true);
      await page.reload();
      await expect(switcher.getByRole("link", { name: "Acme Academy, admin, team workspace" })).toBeVisible();
    });

    test(`a small SVG keeps its own size, and a large one fits the column (${name})`, async ({ page, signUpAndSignIn }) => {
      await signUpAndSignIn();
      const { project, lesson } = await smallTree(page);
      const svg = (attrs: string) => `<svg ${attrs}><rect width="100%" height="100%" fill="#2563eb"/></svg>`;
      const image = (code: string, alt: string) =>
        authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, {
          type: "image",
          content: { source: { type: "svg", code }, alt, caption: "" },
        });
      await image(svg('viewBox="0 0 120 60"'), "Small badge");
      await image(svg('width="120" height="60"'), "Sized badge");
      await image(svg('viewBox="0 0 4000 1000"'), "Wide banner");

      await page.goto(`/projects/${project.id}/lessons/${lesson.id}`);
      const size = async (alt: string) => {
        const img = page.getByRole("region", { name: /^Preview of block/ }).getByRole("img", { name: alt });
        await expect(img).toBeVisible();
        return (await img.boundingBox())!;
      };
      for (const alt of ["Small badge", "Sized badge"]) {
        const box = await size(alt);
        expect(Math.round(box.width), alt).toBe(120);
        expect(Math.round(box.height), alt).toBe(60);
      }
      const column = await page.getByRole("region", { name: /^Preview of block 3/ }).boundingBox();
      const wide = await size("Wide banner");
      expect(wide.width).toBeLessThanOrEqual(column!.width);
      expect(wide.width / wide.height).toBeCloseTo(4, 1);
      await screenshot(page, `svg-sizes-${name}`);
    });
  });
}
