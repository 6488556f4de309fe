/**
 * axe-core over a page, against the WCAG 2.0 to 2.2 A and AA rules. A serious or critical
 * violation fails, named by rule, impact, the elements it was found on and what to fix; the lesser
 * ones are left to review.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** Runs axe over the page as it is now; each serious or critical violation is one line saying what to fix. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A colour in the middle of a transition (a button enabled as the page comes to life fades from
  // its disabled colour) is not the page's colour: axe reads colours once none is changing.
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ""))
    .map((v) => {
      // The first element's finding says by how much it misses (a contrast ratio, an attribute).
      const first = v.nodes[0];
      const finding = [...first.any, ...first.all, ...first.none][0]?.message ?? "";
      return `${v.id} (${v.impact}): ${v.help}. ${finding} At: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`;
    });
}

/** Checks one page; soft, so every page of a test is reported before the test fails. */
export async function expectAccessible(page: Page, name: string) {
  expect.soft(await seriousViolations(page), `serious or critical axe violations on the ${name}`).toEqual([]);
}
