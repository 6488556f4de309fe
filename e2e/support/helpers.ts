import { randomBytes } from "node:crypto";
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.test`;
}

export type TestUser = { email: string; password: string; name: string; id: string; personal_workspace_id: string };

/**
 * Signs up through the API (fast); the sign-up page itself has its own test. Sign-up answers
 * "check your inbox" and no ids (docs/decisions/031), so the account's id and personal workspace
 * are read in a session of its own, signed in while the address is still unverified: `request`'s
 * own cookies stay as they were. The sign-up page and the verification link have their own tests
 * (e2e/people/account.ui.spec.ts, e2e/people/accounts-mail.ui.spec.ts).
 */
export async function signUpViaApi(request: APIRequestContext, name = "Test User"): Promise<TestUser> {
  const email = uniqueEmail();
  const password = `pw-${randomBytes(9).toString("base64url")}`;
  const res = await request.post("/api/account/signup", { data: { email, password, name } });
  if (res.status() !== 202) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const own = await playwrightRequest.newContext({ baseURL: new URL(res.url()).origin });
  try {
    await signInViaApi(own, { email, password });
    const session = await (await own.get("/api/auth/session")).json();
    const { workspaces } = await (await own.get("/api/authoring/workspaces")).json();
    const personal = (workspaces as { id: string; kind: string }[]).find((w) => w.kind === "personal");
    if (!session?.user?.id || !personal) throw new Error(`no account after sign-up for ${email}`);
    return { email, password, name, id: session.user.id, personal_workspace_id: personal.id };
  } finally {
    await own.dispose();
  }
}

/**
 * Signs a request context in through next-auth's credentials callback, as the sign-in form does,
 * without the form: the session cookie lands in the context's cookie jar. For `page.request` that
 * jar is the browser context's, so the page is signed in too. The sign-in form keeps its own test
 * ([ACCOUNT] sign up, sign out, sign in).
 */
export async function signInViaApi(request: APIRequestContext, user: { email: string; password: string }) {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  await request.post("/api/auth/callback/credentials", { form: { email: user.email, password: user.password, csrfToken, json: "true" } });
  const session = await (await request.get("/api/auth/session")).json();
  if (session?.user?.email !== user.email) throw new Error(`sign-in failed for ${user.email}: ${JSON.stringify(session)}`);
}

/** JSON calls with a request context's session, throwing on any answer but 2xx: set-up, not the subject of a test. */
export function callerOf(request: APIRequestContext) {
  return async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(path, { method, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
}

/**
 * Two people over one lesson: the signed-in user of `page` makes a team with a second member, who
 * signs in in a browser of their own, and a lesson in a course of the team's project. Close
 * `memberContext` at the end of the test.
 */
export async function teamLesson(
  { page, browser, baseURL, viewport }: { page: Page; browser: Browser; baseURL?: string; viewport: { width: number; height: number } },
  names: { member: string; role: "author" | "learner"; team: string; project: string; course: string; module: string; lesson: string },
) {
  const owner = callerOf(page.request);
  const memberContext = await browser.newContext({ baseURL, viewport });
  const member = await memberContext.newPage();
  const memberUser = await signUpViaApi(member.request, names.member);
  await signInViaApi(member.request, memberUser);
  const team = await owner("POST", "/api/workspaces", { name: names.team });
  await owner("POST", `/api/workspaces/${team.id}/members`, { email: memberUser.email, role: names.role });
  const project = await owner("POST", "/api/authoring/projects", { name: names.project, workspace_id: team.id });
  const course = await owner("POST", `/api/authoring/projects/${project.id}/courses`, { title: names.course });
  const mod = await owner("POST", `/api/authoring/courses/${course.id}/modules`, { title: names.module });
  const lesson = await owner("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: names.lesson });
  return { owner, member, memberContext, project, course, lesson };
}

/**
 * Whether specs save their screenshots (test-results/screenshots) for a person to look at: yes on a
 * developer's machine, no in CI (CI=true), where nobody sees them and each cost the browser a
 * full-page PNG; E2E_SCREENSHOTS=1 or 0 says otherwise. A failing test's screenshot is Playwright's
 * own (playwright.config.ts) and is always taken.
 */
const SAVES_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === "1" : process.env.CI !== "true";

/** Saves the page as it is (the whole page, or the screen with `fullPage: false`) under test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SAVES_SCREENSHOTS) return;
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}

/**
 * Picks an item up with the keyboard (dnd-kit's keyboard sensor): focuses its handle, presses Space
 * and waits for the announcement. The sensor starts listening for arrow keys in a timer it sets as
 * it picks the item up, so an arrow pressed as soon as the announcement shows can be lost (a loaded
 * machine showed it). A timer set now runs after the sensor's, so once it has run the sensor listens.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, announcement: string | RegExp) {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(announcement)).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Presses one key of a keyboard drag and waits for what it announces, so that the next key starts
 * from the place this one reached, as it does for a person who listens before pressing again.
 */
export async function dragKey(page: Page, key: string, announcement: string | RegExp) {
  await page.keyboard.press(key);
  await expect(page.getByText(announcement)).toBeAttached();
}

/**
 * Puts the page's timers under the test's control: call it before the page loads. Time flows as
 * usual until `stopTimersAndSettle`. It also counts the page's requests under way, which that
 * needs.
 */
export async function controlTimers(page: Page) {
  await page.clock.install();
  await page.addInitScript(() => {
    const w = window as unknown as { __requestsUnderWay: number };
    w.__requestsUnderWay = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof window.fetch>) => {
      w.__requestsUnderWay += 1;
      return fetch(...args).finally(() => {
        w.__requestsUnderWay -= 1;
      });
    };
  });
}

/**
 * Stops the page's clock (see `controlTimers`) and waits until no request of the page is under way.
 * From then on nothing the page scheduled, an automatic retry say, runs by itself, and no earlier
 * request can still meet a changed network: what follows is caused by the test's own action.
 * `page.clock.resume()` lets time flow again (do that before a reload).
 */
export async function stopTimersAndSettle(page: Page) {
  const now = await page.evaluate(() => Date.now());
  // A little ahead, since the page's clock runs on while this is sent; timers due by then fire once.
  await page.clock.pauseAt(now + 1_000);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __requestsUnderWay: number }).__requestsUnderWay)).toBe(0);
}

/** Answers the app's confirm dialog (components/ui/confirm-dialog) with its confirm button. */
export async function answerConfirm(page: Page, confirmLabel: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: confirmLabel, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Calls the course-authoring API as the signed-in browser user (the page's cookies), to set up
 * data a test is not about.
 */
export async function authoringApi<T = any>(
  page: Page,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(`/api/authoring${path}`, { method, data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/**
 * The boxes of several elements measured in one layout of the page (viewport coordinates), for
 * comparing their places: one `boundingBox()` each can straddle a layout change (a banner or a
 * fetched section coming in between) and compare an element's old place with another's new one.
 */
export async function boxesAtOnce(page: Page, locators: Locator[]) {
  const handles = await Promise.all(locators.map((locator) => locator.elementHandle()));
  return page.evaluate(
    (elements) =>
      elements.map((element) => {
        const { x, y, width, height } = element!.getBoundingClientRect();
        return { x, y, width, height };
      }),
    handles,
  );
}

/** The two widths every user-visible feature is tested at: a desktop and a phone (390 px). */
export const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/** A single-choice question in the project's category: `right` is its correct option, `wrong` the other. */
export const singleChoiceQuestion = (page: Page, projectId: string, categoryId: string, prompt: string, right: string, wrong: string) =>
  authoringApi(page, "POST", `/projects/${projectId}/questions`, {
    category_id: categoryId,
    prompt,
    question_type: "single_choice",
    difficulty: 1,
    options: [
      { label: right, is_correct: true },
      { label: wrong, is_correct: false },
    ],
  });

/** The body of the specs' true/false question, "Must you wear a hard hat on site?" (Yes), in a category. */
export const hardHatQuestion = (categoryId: string) => ({
  category_id: categoryId,
  prompt: "Must you wear a hard hat on site?",
  question_type: "true_false",
  difficulty: 1,
  options: [
    { label: "Yes", is_correct: true },
    { label: "No", is_correct: false },
  ],
});
