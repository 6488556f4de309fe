import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { authoringApi, screenshot, signInViaApi, signUpViaApi } from "../support/helpers";

// Issue 13, item 14: every authoring page is usable on a phone (390 px wide): the page never
// scrolls sideways, the project tabs are all reachable, long titles stay readable and every row
// action is on screen and clickable.

const PHONE = { width: 390, height: 844 };

type Json = any;

/** A JSON caller for a request context that throws on any refusal. */
function caller(request: Page["request"]) {
  return async (method: string, path: string, data?: unknown): Promise<Json> => {
    const res = await request.fetch(path, { method, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
}

const LONG = {
  workspace: "Northwind Logistics Training Academy",
  project: "Workplace safety induction for new warehouse and logistics staff",
  course: "Introduction to occupational health and safety for warehouse supervisors",
  module: "Module 1: Hazard identification, risk assessment and control measures",
  lesson: "Recognising slips, trips and falls in busy loading bays and cold stores",
  // German compounds do not break on their own: the layout has to.
  compound: "Arbeitssicherheitsunterweisungsdokumentationspflichten",
  category: "Hazard identification and risk assessment in warehouses",
  quiz: "End-of-module assessment: hazard identification and fire safety procedures",
};

const WIDE_TABLE = [
  "| Hazard | Where it happens | Who is at risk | Likelihood | Severity | Control measure | Owner | Review date |",
  "|---|---|---|---|---|---|---|---|",
  "| Wet floor | Loading bay 3 next to the chiller doors | Pickers and drivers | Likely | Serious | Anti-slip matting and a squeegee station | Shift lead | 2026-01-15 |",
  "| Trailing cable | Packing benches in the mezzanine | Packers | Possible | Minor | Cable covers and a weekly walk-round | Facilities | 2026-02-01 |",
].join("\n");

const CODE = [
  "Log every inspection like this:",
  "",
  "```",
  'inspection --site=warehouse-north --zone="loading bay 3" --checked-by="shift lead" --result=pass --notes="mats replaced, chiller door seal ok"',
  "```",
].join("\n");

/**
 * A team workspace with a project as an author builds it over a few weeks: long titles, three
 * courses (one published), modules and lessons, a lesson of several block types, a question bank
 * with long prompts, two quizzes, a learner's results and things in the trash.
 */
async function realisticProject(page: Page, browser: Browser, baseURL: string) {
  const site = caller(page.request);
  const api = (method: string, path: string, data?: unknown) => authoringApi(page, method as "GET", path, data);
  const learnerContext = await browser.newContext({ baseURL });
  const learner = await signUpViaApi(learnerContext.request, "Lee Learner with a fairly long display name");
  await signInViaApi(learnerContext.request, learner);

  const team = await site("POST", "/api/workspaces", { name: LONG.workspace });
  await site("POST", `/api/workspaces/${team.id}/members`, { email: learner.email, role: "learner" });
  const project = await api("POST", "/projects", { name: LONG.project, workspace_id: team.id });
  const p = project.id;

  // Courses, modules, lessons.
  const course = await api("POST", `/projects/${p}/courses`, { title: LONG.course });
  const hazards = await api("POST", `/courses/${course.id}/modules`, { title: LONG.module });
  const fire = await api("POST", `/courses/${course.id}/modules`, { title: "Module 2: Fire safety and evacuation" });
  const legacy = await api("POST", `/courses/${course.id}/modules`, {
    title: "Module 3: Legacy content imported from the previous learning system",
  });
  const lesson = await api("POST", `/modules/${hazards.id}/lessons`, { title: LONG.lesson });
  await api("POST", `/modules/${hazards.id}/lessons`, { title: LONG.compound });
  const manual = await api("POST", `/modules/${hazards.id}/lessons`, { title: "Manual handling: lifting, carrying and team lifts" });
  const oldManual = await api("POST", `/modules/${hazards.id}/lessons`, {
    title: "Old version of the manual handling lesson, replaced in the spring",
  });
  const exits = await api("POST", `/modules/${fire.id}/lessons`, { title: "Evacuation routes and assembly points" });
  await api("POST", `/modules/${legacy.id}/lessons`, { title: "Imported slides" });
  const forklift = await api("POST", `/projects/${p}/courses`, { title: "Forklift operation and daily pre-shift checks" });
  const checks = await api("POST", `/courses/${forklift.id}/modules`, { title: "Daily checks" });
  await api("POST", `/modules/${checks.id}/lessons`, { title: "Pre-shift inspection checklist for counterbalance trucks" });
  await api("POST", `/projects/${p}/courses`, { title: "First aid at work refresher course for appointed persons (draft)" });

  // The bank: two categories, a family, questions with long prompts and options.
  const category = await api("POST", `/projects/${p}/categories`, { name: LONG.category });
  const fireCategory = await api("POST", `/projects/${p}/categories`, { name: "Fire safety" });
  const family = await api("POST", `/projects/${p}/question-families`, {
    name: "Exit route variants for the north and south sites",
    description: "The same question asked about each site's layout",
  });
  const ask = (category_id: string, prompt: string, right: string, wrong: string[], extra: object = {}) =>
    api("POST", `/projects/${p}/questions`, {
      category_id,
      prompt,
      question_type: "single_choice",
      difficulty: 3,
      options: [{ label: right, is_correct: true }, ...wrong.map((label) => ({ label, is_correct: false }))],
      ...extra,
    });
  const questions = [
    await ask(
      category.id,
      "A colleague has left a pallet jack in the middle of the walkway next to the chiller doors during a busy shift. What should you do first?",
      "Move it to the marked parking bay and tell the shift lead",
      ["Leave it, someone will come back for it", "Put a cone next to it and carry on with your picking"],
    ),
    await ask(
      category.id,
      "Which of these is the correct order of the hierarchy of controls, from most to least effective?",
      "Elimination, substitution, engineering controls, administrative controls, personal protective equipment",
      ["Personal protective equipment, administrative controls, engineering controls, substitution, elimination"],
    ),
    await ask(
      fireCategory.id,
      "Where is the assembly point for the north site when the fire alarm sounds?",
      "Car park B by the gatehouse",
      ["Canteen", "Loading bay 1"],
      { question_family_id: family.id },
    ),
    await ask(fireCategory.id, "May you use the goods lift to leave the building during a fire alarm?", "No, never", [
      "Yes, if it is quicker",
    ]),
  ];
  const unwanted = await ask(category.id, "Duplicate question about pallet jacks that was written twice by mistake", "Yes", ["No"]);

  // Two quizzes: one in a lesson and taken by the learner, one deleted.
  const quiz = await api("POST", `/projects/${p}/quizzes`, { title: LONG.quiz, question_ids: questions.map((q) => q.id) });
  const oldQuiz = await api("POST", `/projects/${p}/quizzes`, { title: "Draft quiz that is no longer needed after the review" });

  // The lesson: blocks of several types, a wide table and a long line of code among them.
  const block = (type: string, body: object) => api("POST", `/lessons/${lesson.id}/blocks`, { type, ...body });
  await block("text", { content: { body: `Common hazards and how we control them:\n\n${WIDE_TABLE}` } });
  await block("example", { content: { body: CODE } });
  await block("scenario", {
    content: {
      body: "A driver reverses out of bay 3 while a picker walks behind the trailer with headphones on.",
      reveal: "Stop, make eye contact and use the pedestrian walkway.",
    },
  });
  await block("glossary", {
    content: {
      title: "Terms used in this lesson",
      terms: [
        { term: "Near miss", definition: "An event that could have caused harm but did not." },
        { term: "Risk assessment", definition: "A written look at what could cause harm and what we do about it." },
      ],
    },
  });
  await block("question", { question_id: questions[0].id, question_role: "practice" });
  await block("quiz", { quiz_id: quiz.id });
  const stray = await block("text", { content: { body: "Notes for the reviewer: delete me before publishing." } });
  await api("POST", `/lessons/${exits.id}/blocks`, { type: "quiz", quiz_id: quiz.id });
  await api("POST", `/courses/${course.id}/publish`);

  // The trash: a lesson, a module, a question, a quiz and a block.
  await api("DELETE", `/blocks/${stray.id}`);
  await api("DELETE", `/lessons/${oldManual.id}`);
  await api("DELETE", `/modules/${legacy.id}`);
  await api("DELETE", `/questions/${unwanted.id}`);
  await api("DELETE", `/quizzes/${oldQuiz.id}`);

  // A learner's results: a completed lesson and two attempts at the quiz.
  const asLearner = caller(learnerContext.request);
  await asLearner("POST", `/api/learn/lessons/${manual.id}/complete`);
  const answers = questions.map((q: { id: string; options: { id: string; is_correct: boolean }[] }) => ({
    question_id: q.id,
    selected_option_ids: [q.options.find((o) => o.is_correct)!.id],
  }));
  await asLearner("POST", `/api/authoring/quizzes/${quiz.id}/submit`, { answers });
  await asLearner("POST", `/api/authoring/quizzes/${quiz.id}/submit`, { answers: answers.slice(0, 2) });
  await learnerContext.close();

  return { team, project, course, lesson, quiz, questions, learner };
}

/** How far the page scrolls sideways, in CSS pixels (0 when it fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/**
 * The outermost elements that stick out past the right edge of the screen, to say what to fix.
 * Inside a box that scrolls or clips, only positioned elements count: their containing block may
 * be outside that box, and then they widen the page.
 */
const stickingOut = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const visit = (el: Element, inScroller: boolean) => {
      const style = getComputedStyle(el);
      const positioned = style.position === "absolute" || style.position === "fixed";
      if (el.getBoundingClientRect().right > window.innerWidth + 1 && (!inScroller || positioned)) {
        const name = `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 6).join(".")}`;
        out.push(`${name} (right ${Math.round(el.getBoundingClientRect().right)})`);
        return;
      }
      const scrolls = style.overflowX !== "visible";
      for (const child of el.children) visit(child, inScroller || scrolls);
    };
    visit(document.body, false);
    return out.slice(0, 5);
  });

/**
 * The control is on screen without scrolling the page sideways (scrolling a strip or list of its
 * own is fine, a box that clips its overflow is not: a user cannot scroll that) and takes a click
 * there: nothing covers it.
 */
async function expectUsable(target: Locator, what: string) {
  const count = await target.count();
  expect.soft(count, `${what} is on the page`).toBe(1);
  if (count !== 1) return;
  await target.scrollIntoViewIfNeeded();
  const place = await target.evaluate((el) => {
    const own = el.getBoundingClientRect();
    let clippedBy = "";
    for (let box = el.parentElement; box && !clippedBy; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      const edges = box.getBoundingClientRect();
      const cuts = box.scrollLeft > 0 || own.left < edges.left - 1 || own.right > edges.right + 1;
      if ((overflow === "hidden" || overflow === "clip") && cuts) clippedBy = `${box.tagName.toLowerCase()}.${box.className}`;
    }
    return { left: own.left + window.scrollX, right: own.right + window.scrollX, width: own.width, screen: window.innerWidth, clippedBy };
  });
  expect.soft(place.clippedBy, `${what} is not cut off by a box that does not scroll`).toBe("");
  expect.soft(place.width, `${what} has a width`).toBeGreaterThan(0);
  expect.soft(place.left, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(place.right, `${what} ends on screen`).toBeLessThanOrEqual(place.screen + 1);
  const clickable = await target.click({ trial: true, timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  expect.soft(clickable, `${what} takes a click`).toBe(true);
}

/** The whole text is shown: not cut off by the screen edge nor by an ellipsis. */
async function expectReadable(target: Locator, what: string) {
  await target.waitFor({ state: "attached" });
  expect.soft(await target.isVisible(), `${what} is visible`).toBe(true);
  const shown = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { clipped: el.scrollWidth > el.clientWidth + 1, right: box.right + window.scrollX, screen: window.innerWidth };
  });
  expect.soft(shown.clipped, `${what} is not cut short`).toBe(false);
  expect.soft(shown.right, `${what} ends on screen`).toBeLessThanOrEqual(shown.screen + 1);
}

/** Every project tab can be reached and clicked: on screen, or in a tab strip that scrolls by itself. */
async function expectProjectTabs(page: Page) {
  const tabs = page.getByRole("navigation", { name: "Project sections" });
  await expect(tabs).toBeVisible();
  for (const name of ["Courses", "Question bank", "Quizzes", "Results", "Trash"]) {
    await expectUsable(tabs.getByRole("link", { name, exact: true }), `the “${name}” tab`);
  }
}

test("[LAYOUT] every authoring page fits a phone: no sideways scrolling, all project tabs and row actions on screen", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await signUpAndSignIn("Olive Owner");
  const { team, project, lesson, quiz, questions, learner } = await realisticProject(page, browser, baseURL!);
  const base = `/projects/${project.id}`;
  const overflow: Record<string, number> = {};
  const measure = async (name: string) => {
    overflow[name] = await sidewaysOverflow(page);
    if (overflow[name] > 1) console.log(`${name}: ${overflow[name]} px too wide, from ${(await stickingOut(page)).join(", ")}`);
    await screenshot(page, `phone-${name.replaceAll(" ", "-")}`);
  };

  await test.step("course tree", async () => {
    await page.goto(base);
    const course = page.getByRole("listitem", { name: `course ${LONG.course}` });
    await expect(course).toBeVisible();
    await measure("course tree");
    await expectProjectTabs(page);
    await expectReadable(course.getByText(LONG.course, { exact: true }), "the course title");
    const mod = page.getByRole("listitem", { name: `module ${LONG.module}` });
    await expectReadable(mod.getByText(LONG.module, { exact: true }), "the module title");
    for (const title of [LONG.lesson, LONG.compound]) {
      const row = page.getByRole("listitem", { name: `lesson ${title}` });
      await expectReadable(row.getByRole("link", { name: title }), `the lesson title “${title}”`);
    }
    for (const label of [`course ${LONG.course}`, `module ${LONG.module}`, `lesson ${LONG.lesson}`, `lesson ${LONG.compound}`]) {
      const row = page.getByRole("listitem", { name: label });
      await expectUsable(row.getByRole("button", { name: `Move ${label}` }), `the drag handle of ${label}`);
      await expectUsable(row.getByRole("button", { name: `Rename ${label}` }), `Rename on ${label}`);
      await expectUsable(row.getByRole("button", { name: `Delete ${label}` }), `Delete on ${label}`);
      if (!label.startsWith("module")) {
        await expectUsable(row.getByRole("button", { name: new RegExp(`^(Un)?[Pp]ublish ${label}`) }), `Publish/Unpublish on ${label}`);
      }
    }
    await expectUsable(page.getByRole("button", { name: `Collapse module ${LONG.module}` }), "collapsing a module");
    await expectUsable(page.getByRole("button", { name: "+ Add lesson" }).first(), "Add lesson");
    await expectUsable(page.getByRole("button", { name: "+ Add course" }), "Add course");
  });

  await test.step("question bank", async () => {
    await page.goto(`${base}/questions`);
    const first = page.getByRole("article", { name: questions[0].prompt });
    await expect(first).toBeVisible();
    await measure("question bank");
    await expectProjectTabs(page);
    await expectUsable(page.getByRole("button", { name: "New question" }), "New question");
    await expectUsable(page.getByRole("button", { name: `Rename ${LONG.category}` }), "renaming a category");
    await expectUsable(page.getByRole("button", { name: `Delete ${LONG.category}` }), "deleting a category");
    await expectUsable(page.getByRole("button", { name: "New family" }), "New family");
    await expectUsable(page.getByLabel("Filter by category"), "the category filter");
    for (const q of questions) {
      const card = page.getByRole("article", { name: q.prompt });
      await expectUsable(card.getByRole("button", { name: `Edit “${q.prompt}”` }), `Edit on “${q.prompt}”`);
      await expectUsable(card.getByRole("button", { name: `Delete “${q.prompt}”` }), `Delete on “${q.prompt}”`);
    }
  });

  await test.step("quizzes", async () => {
    await page.goto(`${base}/quizzes`);
    await expect(page.getByRole("link", { name: LONG.quiz })).toBeVisible();
    await measure("quizzes");
    await expectProjectTabs(page);
    await expectUsable(page.getByRole("button", { name: "Create quiz" }), "Create quiz");
    await expectUsable(page.getByRole("link", { name: LONG.quiz }), "the quiz's link");
    await expectUsable(page.getByRole("button", { name: `Delete ${LONG.quiz}` }), "Delete on the quiz");
  });

  await test.step("quiz editor", async () => {
    await page.goto(`${base}/quizzes/${quiz.id}`);
    const list = page.getByRole("list", { name: "Questions in this quiz" });
    await expect(list.getByRole("listitem")).toHaveCount(questions.length);
    await measure("quiz editor");
    for (const q of questions) await expectReadable(list.getByText(q.prompt), `the prompt “${q.prompt}”`);
    await expectProjectTabs(page);
    await expectUsable(page.getByLabel("Quiz title"), "the quiz title");
    await expectUsable(page.getByRole("button", { name: "Preview" }), "Preview");
    for (const q of questions) {
      await expectUsable(list.getByRole("button", { name: `Reorder “${q.prompt}”` }), `the drag handle of “${q.prompt}”`);
      await expectUsable(list.getByRole("button", { name: `Remove “${q.prompt}” from the quiz` }), `Remove on “${q.prompt}”`);
    }
    await expectUsable(page.getByLabel("Search the bank"), "searching the bank");
  });

  await test.step("trash", async () => {
    await page.goto(`${base}/trash`);
    const restore = page.getByRole("button", { name: /^Restore / });
    await expect(restore.first()).toBeVisible();
    await measure("trash");
    await expectProjectTabs(page);
    expect(await restore.count()).toBe(5);
    for (const button of await restore.all()) {
      await expectUsable(button, `“${await button.getAttribute("aria-label")}”`);
    }
  });

  await test.step("lesson editor", async () => {
    await page.route("https://www.youtube-nocookie.com/**", (route) => route.abort());
    await page.goto(`${base}/lessons/${lesson.id}`);
    await expect(page.getByLabel("Lesson title")).toHaveValue(LONG.lesson);
    const blocks = page.getByRole("article", { name: /^Block \d+:/ });
    await expect(blocks).toHaveCount(6);
    await measure("lesson editor");
    await expectProjectTabs(page);
    await expectUsable(page.getByRole("button", { name: "Add block" }).first(), "Add block");
    for (const [i, card] of (await blocks.all()).entries()) {
      const name = `block ${i + 1}`;
      await expectUsable(card.getByRole("button", { name: /^Reorder block/ }), `the drag handle of ${name}`);
      await expectUsable(card.getByRole("button", { name: "Move to lesson…" }), `Move to lesson on ${name}`);
      await expectUsable(card.getByRole("button", { name: "Delete", exact: true }), `Delete on ${name}`);
    }
    // The wide table and the long line of code scroll inside their own boxes.
    const preview = page.getByRole("region", { name: "Preview of block 1" });
    const tableBox = preview.locator("table").locator("xpath=..");
    const codeBox = page.getByRole("region", { name: "Preview of block 2" }).locator("pre");
    for (const [box, what] of [
      [tableBox, "the wide table"],
      [codeBox, "the code block"],
    ] as const) {
      const fit = await box.evaluate((el) => ({
        right: el.getBoundingClientRect().right + window.scrollX,
        screen: window.innerWidth,
        scrolls: el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === "auto",
      }));
      expect.soft(fit.right, `${what} ends on screen`).toBeLessThanOrEqual(fit.screen + 1);
      expect.soft(fit.scrolls, `${what} scrolls inside its own box`).toBe(true);
    }

    // The save status joins a card's header while the author edits: its actions stay on screen,
    // when the save went through and when it failed (the network refuses it here).
    const scenario = blocks.nth(2);
    const field = scenario.getByLabel("Scenario text");
    await field.fill("A driver reverses out of bay 3 while a picker with headphones on walks behind the trailer.");
    await expect(scenario.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await expectUsable(scenario.getByRole("button", { name: "Move to lesson…" }), "Move to lesson beside “Saved”");
    await expectUsable(scenario.getByRole("button", { name: "Delete", exact: true }), "Delete beside “Saved”");
    await page.route("**/api/authoring/blocks/*", (route) => (route.request().method() === "PATCH" ? route.abort() : route.continue()));
    await field.fill("A driver reverses out of bay 3.");
    await expect(scenario.getByRole("status").filter({ hasText: "Couldn't save" })).toBeVisible();
    await expectUsable(scenario.getByRole("button", { name: "Move to lesson…" }), "Move to lesson beside “Couldn't save”");
    await expectUsable(scenario.getByRole("button", { name: "Delete", exact: true }), "Delete beside “Couldn't save”");
    await page.unroute("**/api/authoring/blocks/*");
  });

  await test.step("results", async () => {
    await page.goto(`${base}/results`);
    await expect(page.getByRole("listitem", { name: `Results of ${LONG.quiz}` })).toBeVisible();
    await measure("results");
    await expectProjectTabs(page);
  });

  await test.step("members", async () => {
    await page.goto(`/workspaces/${team.id}/members`);
    await expect(page.getByRole("list", { name: "Members" })).toBeVisible();
    await measure("members");
    await expectUsable(page.getByRole("button", { name: "Add", exact: true }), "Add a member");
    await expectUsable(page.getByLabel(`Role of ${learner.name}`), "the learner's role");
    await expectUsable(page.getByRole("button", { name: `Remove ${learner.name}` }), "Remove the learner");
  });

  // The figures first, so a failing run still says how far each page overflows.
  console.log(
    `Sideways overflow at ${PHONE.width} px: ${Object.entries(overflow)
      .map(([name, px]) => `${name} ${px} px`)
      .join(", ")}`,
  );
  for (const [name, px] of Object.entries(overflow)) expect.soft(px, `the ${name} page scrolls sideways`).toBeLessThanOrEqual(1);
});
