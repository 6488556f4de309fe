import type { Browser, Page } from "@playwright/test";
import { gradientPng } from "../../lib/seed/demo-images";
import { recordFigures } from "../../test/reliability-figures";
import { expect, test } from "../support/fixtures";
import { authoringApi, callerOf, signInViaApi, signUpViaApi } from "../support/helpers";
import {
  fieldsFilled,
  hostileDiagrams,
  hostileMarkdown,
  hostileScript,
  hostileSvg,
  hostileText,
  INTERACTIVE_PROBE,
  INTERACTIVE_RAN,
  PAYLOAD_COUNT,
  PAYLOAD_TEXT,
  pagesVisited,
  tracesInAppOrigin,
  Watch,
} from "./untrusted-content";

/**
 * Issue 12, proof 5: content that users store is shown, never run, in the app's origin. Script
 * payloads (e2e/platform/untrusted-content.ts) go into every field a user can fill, through the APIs; then
 * each page that shows them is opened in Chromium with the Content-Security-Policy in place, its
 * payload links are clicked and its widgets used, and after each step the app's windows carry no
 * trace of a payload that ran. The interactive block runs its author's script by design: there
 * the script must run, in a frame of an opaque origin that cannot reach the app's window or the
 * user's session. At desktop and phone width with the policy in force, and once more at desktop
 * with the browser told to ignore the policy, so that the rendering alone is shown to keep every
 * payload text (with a nonce policy almost any injected script would be stopped by the policy, which
 * would hide an escaping defect).
 *
 * There is no question "explanation" field in this app (course-authoring-service.md, Question), so
 * none is filled. RELIABILITY_REPORT_DIR: the figures go to figures.jsonl (docs/reliability.md).
 */

const originOf = (baseURL: string | undefined) => new URL(baseURL ?? "").origin;

/** A call with the page's session, throwing on any answer but 2xx (support/helpers.ts). */
const api = (page: Page, method: "GET" | "POST" | "PATCH", url: string, data?: unknown) => callerOf(page.request)(method, url, data);

/** A course with every block type full of payloads, published, in a team with a learner. */
async function hostileCourse(page: Page) {
  // Independent set-up runs side by side: the test's time goes to the pages.
  const [learner, team] = await Promise.all([
    signUpViaApi(page.request, "Lee Learner"),
    api(page, "POST", "/api/workspaces", { name: hostileText("workspace.name") }),
  ]);
  const [, project] = await Promise.all([
    api(page, "POST", `/api/workspaces/${team.id}/members`, { email: learner.email, role: "learner" }),
    authoringApi(page, "POST", "/projects", {
      name: hostileText("project.name"),
      description: hostileText("project.description", 2000),
      workspace_id: team.id,
    }),
  ]);
  const outline = async () => {
    const course = await authoringApi(page, "POST", `/projects/${project.id}/courses`, {
      title: hostileText("course.title"),
      description: hostileText("course.description", 2000),
      sources: [{ title: hostileText("course.sources.title"), url: "https://example.test/?q=%3Cscript%3E" }],
    });
    const mod = await authoringApi(page, "POST", `/courses/${course.id}/modules`, { title: hostileText("module.title") });
    const lesson = await authoringApi(page, "POST", `/modules/${mod.id}/lessons`, { title: hostileText("lesson.title") });
    return { course, lesson };
  };
  const bank = async () => {
    const [category, family] = await Promise.all([
      authoringApi(page, "POST", `/projects/${project.id}/categories`, { name: hostileText("category.name", 120) }),
      authoringApi(page, "POST", `/projects/${project.id}/question-families`, {
        name: hostileText("question_family.name"),
        description: hostileText("question_family.description", 2000),
      }),
    ]);
    const question = await authoringApi(page, "POST", `/projects/${project.id}/questions`, {
      category_id: category.id,
      question_family_id: family.id,
      prompt: hostileText("question.prompt", 5000),
      question_type: "single_choice",
      difficulty: 2,
      options: [
        { label: hostileText("question.option.correct", 1000), is_correct: true },
        { label: hostileText("question.option.wrong", 1000), is_correct: false },
      ],
    });
    const quiz = await authoringApi(page, "POST", `/projects/${project.id}/quizzes`, {
      title: hostileText("quiz.title"),
      question_ids: [question.id],
    });
    return { question, quiz };
  };
  const [{ course, lesson }, { question, quiz }] = await Promise.all([outline(), bank()]);

  const block = (type: string, content?: unknown, extra: Record<string, unknown> = {}) =>
    authoringApi(page, "POST", `/lessons/${lesson.id}/blocks`, { type, content, ...extra });
  await block("text", { body: hostileMarkdown("text.body") });
  await block("example", { body: hostileMarkdown("example.body") });
  await block("scenario", { body: hostileMarkdown("scenario.body"), reveal: hostileMarkdown("scenario.reveal") });
  await block("glossary", {
    title: hostileText("glossary.title"),
    terms: [{ term: hostileText("glossary.term"), definition: hostileText("glossary.definition", 2000) }],
  });
  await block("image", {
    source: { type: "svg", code: hostileSvg("image.svg") },
    alt: hostileText("image.alt"),
    caption: hostileText("image.caption"),
  });
  await block("image", { source: { type: "url", url: `javascript:${hostileScript("image.url")}` }, alt: "x", caption: "" });
  await block("video", {
    source: { type: "url", url: `javascript:${hostileScript("video.url", 1)}` },
    title: hostileText("video.title"),
    caption: hostileText("video.caption"),
  });
  await block("video", {
    source: { type: "youtube", id: `"><script>${hostileScript("video.youtube_id", 2)}</script>`, start: 0 },
    title: "",
    caption: "",
  });
  for (const code of hostileDiagrams("diagram.code"))
    await block("diagram", { source: { type: "mermaid", code }, caption: hostileText("diagram.caption") });
  await block("interactive", {
    source: { type: "html", code: INTERACTIVE_PROBE },
    title: `Interactive probe ${hostileText("interactive.title", 150)}`,
    caption: hostileText("interactive.caption"),
    height: 200,
  });
  await block("visual", { prompt: hostileText("visual.prompt", 2000), status: hostileText("visual.status") });
  await block("question", undefined, { question_id: question.id, question_role: "practice" });
  await block("quiz", undefined, { quiz_id: quiz.id });
  await authoringApi(page, "POST", `/courses/${course.id}/publish`);
  return { learner, team, project, course, lesson, quiz };
}

/** A sent proposal whose every text (and its company, item, contact, attachments and variables) is hostile. */
async function hostileProposal(page: Page) {
  const origin = originOf(test.info().project.use.baseURL);
  const company = (await api(page, "POST", "/api/proposals/v3/companies", { name: hostileText("company.name") })).data;
  const png = gradientPng(8, 8, [0, 0, 0], [255, 255, 255]);
  const upload = await page.request.post("/api/proposals/v3/images", {
    headers: { origin },
    multipart: { file: { name: "item.png", mimeType: "image/png", buffer: png }, company_id: String(company.id) },
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json()).data;
  const item = (
    await api(page, "POST", "/api/proposals/v3/content", {
      company_id: company.id,
      language: "en",
      title: hostileText("content.title", 500),
      description: hostileMarkdown("content.description"),
      images: [{ uuid: image.uuid }],
      price: 100,
      tax_rate: 25,
      unit: hostileText("content.unit", 50),
    })
  ).data;
  const contact = (
    await api(page, "POST", "/api/proposals/v3/contacts", {
      company_id: company.id,
      first_name: hostileText("contact.first_name"),
      last_name: hostileText("contact.last_name"),
      company_name: hostileText("contact.company_name"),
      phone: hostileText("contact.phone"),
      email: "rita@customer.example",
    })
  ).data;
  const file = await page.request.post("/api/proposals/v1/attachments", {
    headers: { origin },
    multipart: {
      file: { name: `${hostileText("attachment.filename", 150)}.png`, mimeType: "image/png", buffer: png },
      company_id: String(company.id),
    },
  });
  expect(file.status()).toBe(201);
  const attachment = (await file.json()).attachment;

  // Where a proposal stores an address, a script address is refused, not stored.
  for (const refused of [
    { attachments: [{ mime_type: "text/html", name: "x", url: `javascript:${hostileScript("attachment.url")}` }] },
    { blocks: [{ type: "video-block", video_url: `javascript:${hostileScript("video_url", 1)}`, title: "x" }] },
  ]) {
    const res = await page.request.post("/api/proposals/v3/proposals", {
      headers: { origin },
      data: { company_id: company.id, language: "en", ...refused },
    });
    expect(res.status(), JSON.stringify(refused)).toBe(400);
  }

  // Variables: hostile values and a hostile key, used in the title and the description, with hostile fallbacks.
  const hostileKey = hostileText("data.key", 200);
  const variable = (fallback: string, key: string) => `[${fallback.replace(/[[\]\r\n]/g, "")}](data:text/plain,${encodeURIComponent(key)})`;
  const data = {
    customer: hostileText("data.customer", 20_000),
    [hostileKey]: hostileText("data.value_of_hostile_key", 2000),
    template: "{{constructor.constructor('top.__pwned=1')()}} ${top.__pwned=1} `${top.__pwned=1}` #{top.__pwned=1} <%= top.__pwned %>",
  };
  fieldsFilled.add("data.template");
  const titleMd = `${hostileText("proposal.title_md", 250)} ${variable("fb", "customer")} ${variable(hostileText("title variable fallback", 150), "missing")}`;
  const descriptionMd = [
    hostileMarkdown("proposal.description_md"),
    `# ${variable(hostileText("description variable fallback", 150), "missing")} *${variable("b", "customer")}*`,
    `< ${variable("k", hostileKey)} ${variable("t", "template")}`,
  ].join("\n\n");
  const created = await api(page, "POST", "/api/proposals/v3/proposals", {
    company_id: company.id,
    language: "en",
    title_md: titleMd,
    description_md: descriptionMd,
    recipient: { id: contact.id },
    data,
    tax_options: { mode: "standard" },
    blocks: [
      {
        content_id: item.variation_id,
        title: hostileText("proposal.block.title", 500),
        description: hostileMarkdown("proposal.block.description"),
      },
      {
        type: "video-block",
        video_url: "https://example.test/watch?v=%22%3E%3Cscript%3E",
        title: hostileText("proposal.video.title", 500),
      },
    ],
    attachments: [
      { id: attachment.id },
      { mime_type: "text/html", name: hostileText("attachment.link.name"), url: "https://example.test/?q=%3Cscript%3E" },
    ],
  });
  return { companyId: company.id as number, uuid: created.proposal.uuid as string };
}

/** The interactive block's script ran, in an opaque origin, and reached neither the app's window nor the session. */
async function expectInteractiveIsolated(page: Page, where: string) {
  const element = page.getByTitle(/^Interactive probe/);
  await element.scrollIntoViewIfNeeded();
  const frame = element.contentFrame();
  await expect(frame.getByText(INTERACTIVE_RAN), `${where}: the author's script runs`).toBeVisible();
  await expect(frame.getByText("parent blocked"), `${where}: the frame cannot reach the app's window`).toBeVisible();
  await expect(frame.getByText(/^session (blocked|empty)$/), `${where}: the frame cannot read the session`).toBeVisible();
  const handle = await element.elementHandle();
  const origin = await (await handle!.contentFrame())!.evaluate(() => self.origin);
  expect(origin, `${where}: the frame's origin`).toBe("null");
}

/** Every Mermaid block finished drawing: a diagram, or its error note. */
async function diagramsDrawn(page: Page) {
  await expect(page.getByLabel("Drawing the diagram")).toHaveCount(0);
  await expect(page.locator("[data-block-type=diagram] svg").first()).toBeVisible();
}

/** The hostile SVG is shown (it decoded as an image), so what it holds was really put on the page. */
async function svgShown(page: Page) {
  const image = page.locator("[data-block-type=image] img").first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/**
 * Whether the browser enforces the page's policy: an inline event handler (no 'unsafe-inline') is
 * stopped, unless the browser was told to ignore the policy.
 */
async function expectPolicy(page: Page, isIgnored: boolean) {
  const handlerRan = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const holder = document.createElement("div");
        holder.innerHTML = '<img src="/policy-probe-missing.png" onerror="window.__policyProbe = true">';
        holder.firstElementChild!.addEventListener("error", () =>
          setTimeout(() => {
            const w = window as { __policyProbe?: boolean };
            resolve(w.__policyProbe === true);
            delete w.__policyProbe;
          }),
        );
      }),
  );
  expect(handlerRan, isIgnored ? "the policy is ignored" : "the Content-Security-Policy is in force").toBe(isIgnored);
}

const hostileTextShown = (page: Page) => expect(page.getByText(PAYLOAD_TEXT).first()).toBeVisible();

async function learnerPage(
  browser: Browser,
  baseURL: string,
  options: { viewport: { width: number; height: number }; bypassCSP: boolean },
  user: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  await signInViaApi(page.request, user);
  return page;
}

function report() {
  recordFigures("untrusted-content", {
    payloads: PAYLOAD_COUNT,
    fields: fieldsFilled.size,
    pages: pagesVisited.size,
    ran_in_app_origin: tracesInAppOrigin.length,
  });
}

test("[UNTRUSTED] the watch sees each trace of a payload's script that runs in the app's origin", async ({ page, baseURL }) => {
  // The oracle of the tests below: each effect a payload carries, run in the page as an injection
  // would run it, leaves its trace, and the watch fails on it.
  const watch = new Watch(page.context(), originOf(baseURL), false);
  await watch.visit(page, "/sign-in", "sign-in", () => expect(page.getByRole("button", { name: "Sign in" })).toBeVisible());
  for (let effect = 0; effect < 4; effect++) await page.evaluate(hostileScript("oracle", effect));
  await expect.poll(() => watch.traces.join("\n")).toMatch(/marker request[^]*dialog|dialog[^]*marker request/);
  await expect(watch.check(page, "oracle")).rejects.toThrow(/__pwned=oracle[^]*PWNED:oracle[^]*marker request/);
});

// Both widths with the policy in force, as users get the app; and once without it (the browser told
// to ignore it), so the rendering alone is shown to keep every payload text: the policy is a second
// wall, not the only one.
for (const [label, viewport, bypassCSP] of [
  ["desktop", { width: 1280, height: 800 }, false],
  ["phone", { width: 390, height: 844 }, false],
  ["desktop, policy ignored", { width: 1280, height: 800 }, true],
] as const) {
  test.describe(label, () => {
    test.use({ viewport, bypassCSP });

    test(`[UNTRUSTED] (${label}) course content full of script payloads is shown to authors and learners without running`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      test.setTimeout(120_000);
      await signUpAndSignIn(hostileText("user.name", 100));
      const { learner, team, project, course, lesson, quiz } = await hostileCourse(page);
      const watch = new Watch(page.context(), originOf(baseURL));

      await watch.visit(page, `/?workspace=${team.id}`, "workspace home", () => hostileTextShown(page));
      await expectPolicy(page, bypassCSP);
      await watch.visit(page, `/projects/${project.id}`, "course tree", () => hostileTextShown(page));

      await watch.visit(page, `/projects/${project.id}/lessons/${lesson.id}`, "lesson editor", async () => {
        await expect(page.getByLabel("Lesson title")).toHaveValue(PAYLOAD_TEXT);
        await diagramsDrawn(page);
        await svgShown(page);
      });
      await expectInteractiveIsolated(page, "lesson editor");
      await watch.check(page, "lesson editor: interactive block");
      await watch.clickPayloadLinks(page, "lesson editor");

      await watch.visit(page, `/projects/${project.id}/questions`, "question bank", () => hostileTextShown(page));
      await page
        .getByRole("button", { name: /^Edit “/ })
        .first()
        .click();
      await expect(page.getByRole("dialog").getByLabel("Prompt")).toHaveValue(PAYLOAD_TEXT);
      await watch.check(page, "question bank: question editor open");

      await watch.visit(page, `/projects/${project.id}/quizzes`, "quiz list", () => hostileTextShown(page));
      await watch.visit(page, `/projects/${project.id}/quizzes/${quiz.id}`, "quiz editor", async () => {
        await expect(page.getByLabel("Quiz title")).toHaveValue(PAYLOAD_TEXT);
      });

      // The learner: a member of the team who sees only what is published.
      const reader = await learnerPage(browser, baseURL!, { viewport, bypassCSP }, learner);
      const learnerWatch = new Watch(reader.context(), originOf(baseURL));
      await learnerWatch.visit(reader, "/learn", "learner home", () => hostileTextShown(reader));
      await learnerWatch.visit(reader, `/learn/courses/${course.id}`, "learner course outline", () => hostileTextShown(reader));
      await learnerWatch.visit(reader, `/learn/lessons/${lesson.id}`, "learner lesson", async () => {
        await expect(reader.getByRole("heading", { level: 1 })).toContainText(PAYLOAD_TEXT);
        await diagramsDrawn(reader);
        await svgShown(reader);
      });
      await expectInteractiveIsolated(reader, "learner lesson");

      await reader.getByRole("button", { name: "Reveal" }).click();
      await expect(reader.getByRole("region", { name: "Scenario" }).getByText(PAYLOAD_TEXT).last()).toBeVisible();
      await learnerWatch.check(reader, "learner lesson: scenario revealed");
      await learnerWatch.clickPayloadLinks(reader, "learner lesson");
      // Mermaid's `click ... call` binds a handler to a node, not a link: every drawn node is clicked.
      const nodes = reader.locator("[data-block-type=diagram] g.node");
      expect(await nodes.count()).toBeGreaterThan(0);
      for (const node of await nodes.all()) await node.click();
      await learnerWatch.settle(reader);
      await learnerWatch.check(reader, "learner lesson: diagram nodes clicked");

      // The practice question and the quiz player, answered.
      const practice = reader.getByRole("button", { name: "Check" });
      await reader.getByRole("radio").first().check();
      await practice.click();
      await expect(reader.getByText(/Correct!|Not quite/)).toBeVisible();
      await learnerWatch.check(reader, "learner lesson: practice question checked");
      const player = reader.getByRole("region", { name: /^Quiz:/ });
      await player.getByRole("radio").first().check();
      await player.getByRole("button", { name: /Submit/ }).click();
      await expect(player.getByRole("status").filter({ hasText: /of 1/ })).toBeVisible();
      await learnerWatch.check(reader, "quiz player: submitted");
      await reader.context().close();
    });

    test(`[UNTRUSTED] (${label}) proposal content full of script payloads is shown in the editor and to the customer without running`, async ({
      page,
      browser,
      baseURL,
      signUpAndSignIn,
    }) => {
      await signUpAndSignIn(hostileText("user.name", 100));
      const { companyId, uuid } = await hostileProposal(page);
      const watch = new Watch(page.context(), originOf(baseURL));

      await watch.visit(page, `/proposals?company=${companyId}`, "proposals list", () => hostileTextShown(page));
      await expectPolicy(page, bypassCSP);
      await watch.visit(page, `/proposals/library?company=${companyId}`, "content library", () => hostileTextShown(page));
      await watch.visit(page, `/proposals/${uuid}/edit`, "proposal editor", async () => {
        await expect(page.getByLabel("Title", { exact: true })).toHaveValue(PAYLOAD_TEXT);
        await expect(page.getByTestId("description-as-shown").getByText(PAYLOAD_TEXT).first()).toBeVisible();
      });
      await watch.clickPayloadLinks(page, "proposal editor");
      await api(page, "POST", `/api/proposals/v3/proposals/${uuid}/send`, {});

      // The customer: no account, a browser of their own; they sign with a hostile name.
      const customerContext = await browser.newContext({ baseURL, viewport, bypassCSP });
      const customer = await customerContext.newPage();
      const customerWatch = new Watch(customerContext, originOf(baseURL));
      await customerWatch.visit(customer, `/p/${uuid}`, "recipient page", async () => {
        await expect(customer.getByRole("heading", { level: 1 })).toContainText(PAYLOAD_TEXT);
        await expect(customer.getByRole("region", { name: "Description" }).getByText(PAYLOAD_TEXT).first()).toBeVisible();
      });
      await expectPolicy(customer, bypassCSP);
      await customerWatch.clickPayloadLinks(customer, "recipient page");
      const form = customer.getByRole("form", { name: "Accept this proposal" });
      await form.getByLabel("Your full name").fill(hostileText("signature.name"));
      await form.getByRole("checkbox", { name: /typing my name is my electronic signature/ }).check();
      await form.getByRole("button", { name: "Accept proposal" }).click();
      await expect(customer.getByRole("status").filter({ hasText: /^Accepted by / })).toContainText(PAYLOAD_TEXT);
      await customerWatch.check(customer, "recipient page: accepted");
      await customerContext.close();
    });
  });
}

test.afterAll(() => {
  report();
});
