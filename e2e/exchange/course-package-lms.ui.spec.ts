// A course package in an LMS, end to end: writePackage's package launched by the test LMS
// (e2e/lms), read and answered through the player's UI, closed and reopened with what the LMS kept.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import type { ImageSource, PackageOptions } from "../../lib/authoring/exchange/package/write-package";
import type { CourseSnapshot } from "../../lib/authoring/exchange/snapshot-types";
import { pngBytes } from "../../lib/files/test-images";
import { buildPackage } from "./lms/build-package";
import { startTestLms, type ScormAttempt, type TestLms } from "./lms/server";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const LESSONS = ["Knives", "Hot surfaces", "Check your knowledge"];
const QUIZ = "Kitchen quiz";
const Q1 = { prompt: "Cut away from your body.", right: "True", wrong: "False" };
const Q2 = { prompt: "Where should a pan's handle point?", right: "Inward, over the counter", wrong: "Out, over the edge" };

/** A published course of three lessons, the last one the course's quiz of two questions. */
const SNAPSHOT: CourseSnapshot = {
  course: {
    id: id(1),
    project_id: id(2),
    title: "Kitchen safety & <hygiene>",
    description: "Knives, heat and a short quiz.",
    sources: null,
    published_at: "2026-01-05T10:00:00.000Z",
  },
  modules: [
    {
      id: id(10),
      title: "Basics",
      position: 1,
      lessons: LESSONS.map((title, i) => ({
        id: id(20 + i),
        title,
        position: i + 1,
        published_at: "2026-01-05T10:00:00.000Z",
        blocks: [
          i < 2
            ? {
                id: id(30 + i),
                type: "text",
                position: 1,
                content: { body: `About **${title.toLowerCase()}**.` },
                question_role: null,
                question_id: null,
                quiz_id: null,
              }
            : { id: id(30 + i), type: "quiz", position: 1, content: {}, question_role: null, question_id: null, quiz_id: id(50) },
        ],
      })),
    },
  ],
  questions: [
    {
      id: id(40),
      category_id: id(60),
      question_family_id: null,
      prompt: Q1.prompt,
      question_type: "true_false",
      difficulty: 1,
      options: [
        { id: id(41), label: "True", sort_order: 1, is_correct: true },
        { id: id(42), label: "False", sort_order: 2, is_correct: false },
      ],
    },
    {
      id: id(43),
      category_id: id(60),
      question_family_id: null,
      prompt: Q2.prompt,
      question_type: "single_choice",
      difficulty: 1,
      options: [
        { id: id(44), label: Q2.right, sort_order: 1, is_correct: true },
        { id: id(45), label: Q2.wrong, sort_order: 2, is_correct: false },
      ],
    },
  ],
  quizzes: [{ id: id(50), title: QUIZ, pass_percentage: 70, question_ids: [id(40), id(43)] }],
  categories: [{ id: id(60), name: "Kitchen" }],
  families: [],
};

/** The export's defaults: completion by viewing, as the export dialog offers first. */
const DEFAULTS = (format: PackageOptions["format"]): PackageOptions => ({
  format,
  completion: "viewed",
  passing_score: 80,
  include_drafts: false,
  image_links: false,
});

/** The app's own hosted file, written as the absolute address a browser's address bar shows. */
const OWN_IMAGE = "https://courses.example.com/api/files/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const OWN_PNG = pngBytes(6, 3);

/** SNAPSHOT with two images in its first lesson: the app's own file by its absolute address, and one of another server. */
const WITH_IMAGES = (elsewhere: string): CourseSnapshot => ({
  ...SNAPSHOT,
  modules: SNAPSHOT.modules.map((m) => ({
    ...m,
    lessons: m.lessons.map((l, i) =>
      i > 0
        ? l
        : {
            ...l,
            blocks: [
              ...l.blocks,
              {
                ...IMAGE_BLOCK,
                id: id(70),
                position: 2,
                content: { source: { type: "url", url: OWN_IMAGE }, alt: "Our own chart", caption: "" },
              },
              {
                ...IMAGE_BLOCK,
                id: id(71),
                position: 3,
                content: { source: { type: "url", url: `${elsewhere}/pic.png` }, alt: "A chart from elsewhere", caption: "" },
              },
            ],
          },
    ),
  })),
});
const IMAGE_BLOCK = { type: "image", question_role: null, question_id: null, quiz_id: null } as const;

/**
 * Another server on loopback with /pic.png, counting what it is asked for. `source` is the
 * export's side: it downloads the picture (and reads the own file's bytes) when the package is made.
 */
async function startPictureServer() {
  const png = pngBytes(4, 5);
  /** Requests other than the export's own download: the package reaching outside itself. */
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.headers["x-made-by"] !== "export") hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "image/png" }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const source: ImageSource = async (url) => {
    const bytes =
      url === OWN_IMAGE ? OWN_PNG : new Uint8Array(await (await fetch(url, { headers: { "x-made-by": "export" } })).arrayBuffer());
    return { bytes, mimeType: "image/png" };
  };
  return { origin, hits, source, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every request the page and its frames make that is not to the LMS (which serves the package). */
function requestsOutside(page: Page, lmsOrigin: string): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${lmsOrigin}/`) && !url.startsWith("data:") && !url.startsWith("blob:") && url !== "about:blank")
      outside.push(url);
  });
  return outside;
}

/** Both images of the first lesson are drawn, from the package's own files. */
async function expectImagesShown(page: Page) {
  for (const alt of ["Our own chart", "A chart from elsewhere"]) {
    const img = lesson(page, LESSONS[0]).getByRole("img", { name: alt });
    await expect(img).toHaveAttribute("src", /^\.\.\/assets\/images\/[0-9a-f]{20}\.png$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
}

/** The package's shell (index.html), as the LMS frames it. */
const course = (page: Page): FrameLocator => page.frameLocator('iframe[title="Course"]');
/** A lesson's page, which the shell shows in a frame named by the lesson's title. */
const lesson = (page: Page, title: string): FrameLocator => course(page).frameLocator(`iframe[title="${title}"]`);
const QUIZ_LESSON = "Check your knowledge";

/** Opens a lesson from the course's navigation (behind "Course menu" at phone width). */
async function openLesson(page: Page, title: string) {
  const menu = course(page).getByRole("button", { name: "Course menu" });
  if (await menu.isVisible()) await menu.click();
  await course(page).getByRole("navigation", { name: "Course" }).getByRole("link", { name: title }).click();
  await expect(lesson(page, title).getByRole("heading", { name: title })).toBeVisible();
}

/** Opens every lesson from the course's navigation, in order. */
async function readEveryLesson(page: Page, upTo = LESSONS.length) {
  for (const title of LESSONS.slice(0, upTo)) await openLesson(page, title);
}

/** Reads the course from its first lesson with the package's "Next lesson" button, as a learner would. */
async function readWithNext(page: Page, upTo = LESSONS.length) {
  await expect(lesson(page, LESSONS[0]).getByRole("heading", { name: LESSONS[0] })).toBeVisible();
  for (const title of LESSONS.slice(1, upTo)) {
    await course(page).getByRole("button", { name: "Next lesson" }).click();
    await expect(lesson(page, title).getByRole("heading", { name: title })).toBeVisible();
  }
}

const quizForm = (page: Page) => lesson(page, QUIZ_LESSON).getByRole("form", { name: QUIZ });
const quizResult = (page: Page) => lesson(page, QUIZ_LESSON).getByRole("status").filter({ hasText: "You scored" });

async function answerQuiz(page: Page, answers: [string, string]) {
  const form = quizForm(page);
  await form.getByRole("group", { name: Q1.prompt }).getByLabel(answers[0], { exact: true }).check();
  await form.getByRole("group", { name: Q2.prompt }).getByLabel(answers[1], { exact: true }).check();
  await form.getByRole("button", { name: "Submit answers" }).click();
}

async function expectAnswers(page: Page, answers: [string, string]) {
  const form = quizForm(page);
  await expect(form.getByRole("group", { name: Q1.prompt }).getByLabel(answers[0], { exact: true })).toBeChecked();
  await expect(form.getByRole("group", { name: Q2.prompt }).getByLabel(answers[1], { exact: true })).toBeChecked();
}

/** The file the manifest launches, as an LMS reads it. */
function launchFile(dir: string, manifest: "imsmanifest.xml" | "cmi5.xml"): string {
  const xml = fs.readFileSync(path.join(dir, manifest), "utf8");
  const href = manifest === "cmi5.xml" ? /<url>([^<]+)<\/url>/.exec(xml)?.[1] : /<resource [^>]*href="([^"]+)"/.exec(xml)?.[1];
  if (!href) throw new Error(`${manifest} names no launch file`);
  return href;
}

async function finalCommit(attempt: ScormAttempt) {
  await expect.poll(() => attempt.commits.some((c) => c.terminate)).toBe(true);
  return attempt.commits.at(-1)!.values;
}

const VERBS = "http://adlnet.gov/expapi/verbs/";

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`${label} width`, () => {
    test.use({ viewport });
    let lms: TestLms;
    test.afterEach(async () => lms?.close());

    test(`[PACKAGES] (${label}) SCORM 1.2: the learner reads the course, fails the quiz, leaves, and comes back to the quiz with their answers`, async ({
      page,
    }) => {
      const dir = await buildPackage(SNAPSHOT, {
        format: "scorm12",
        completion: "quiz",
        passing_score: 80,
        include_drafts: false,
        image_links: false,
      });
      lms = await startTestLms({ packageDir: dir });
      const first = lms.scormAttempt("scorm12");
      await page.goto(lms.scormUrl(first, launchFile(dir, "imsmanifest.xml")));
      await readEveryLesson(page);
      await answerQuiz(page, [Q1.right, Q2.wrong]);
      await expect(quizResult(page)).toContainText("You scored 1 of 2 (50%)");
      await course(page).getByRole("button", { name: "Exit" }).click();
      const values = await finalCommit(first);
      expect(values).toMatchObject({
        "cmi.core.lesson_status": "failed",
        "cmi.core.score.raw": "50",
        "cmi.core.score.min": "0",
        "cmi.core.score.max": "100",
      });
      expect(values["cmi.core.lesson_location"]).not.toBe("");
      expect(values["cmi.suspend_data"]).not.toBe("");
      expect(values["cmi.suspend_data"].length).toBeLessThanOrEqual(4096);

      const second = lms.reopen(first);
      await page.goto(lms.scormUrl(second, launchFile(dir, "imsmanifest.xml")));
      await expect(lesson(page, QUIZ_LESSON).getByRole("heading", { name: QUIZ_LESSON })).toBeVisible();
      await expectAnswers(page, [Q1.right, Q2.wrong]);
    });

    test(`[PACKAGES] (${label}) SCORM 2004: the learner leaves half-way, resumes at the lesson they left, and completes the course`, async ({
      page,
    }) => {
      const dir = await buildPackage(SNAPSHOT, {
        format: "scorm2004",
        completion: "viewed",
        passing_score: 80,
        include_drafts: false,
        image_links: false,
      });
      lms = await startTestLms({ packageDir: dir });
      const first = lms.scormAttempt("scorm2004");
      await page.goto(lms.scormUrl(first, launchFile(dir, "imsmanifest.xml")));
      await readEveryLesson(page, 2);
      await course(page).getByRole("button", { name: "Exit" }).click();
      const values = await finalCommit(first);
      expect(values).toMatchObject({ "cmi.completion_status": "incomplete", "cmi.exit": "suspend" });
      expect(values["cmi.location"]).not.toBe("");
      expect(values["cmi.suspend_data"]).not.toBe("");

      const second = lms.reopen(first);
      await page.goto(lms.scormUrl(second, launchFile(dir, "imsmanifest.xml")));
      await expect(lesson(page, "Hot surfaces").getByRole("heading", { name: "Hot surfaces" })).toBeVisible();
      await openLesson(page, QUIZ_LESSON);
      // Every lesson viewed completes the course; passing its quiz leaves nothing to do, so the attempt ends.
      await answerQuiz(page, [Q1.right, Q2.right]);
      await expect(quizResult(page)).toContainText("You scored 2 of 2 (100%)");
      await course(page).getByRole("button", { name: "Exit" }).click();
      expect(await finalCommit(second)).toMatchObject({
        "cmi.completion_status": "completed",
        "cmi.success_status": "passed",
        "cmi.score.scaled": "1",
        "cmi.score.raw": "2",
        "cmi.exit": "normal",
        "cmi.progress_measure": "1",
      });
    });

    test(`[PACKAGES] (${label}) SCORM 1.2 as exported by default: read with Next, quiz passed; the gradebook gets the score, and every image comes from inside the package`, async ({
      page,
    }) => {
      const pictures = await startPictureServer();
      try {
        const dir = await buildPackage(WITH_IMAGES(pictures.origin), DEFAULTS("scorm12"), pictures.source);
        lms = await startTestLms({ packageDir: dir });
        const outside = requestsOutside(page, lms.origin);
        const attempt = lms.scormAttempt("scorm12");
        await page.goto(lms.scormUrl(attempt, launchFile(dir, "imsmanifest.xml")));
        await expectImagesShown(page);
        await readWithNext(page);
        await answerQuiz(page, [Q1.right, Q2.right]);
        await expect(quizResult(page)).toContainText("You scored 2 of 2 (100%)");
        await course(page).getByRole("button", { name: "Exit" }).click();
        expect(await finalCommit(attempt)).toMatchObject({
          "cmi.core.lesson_status": "completed",
          "cmi.core.score.raw": "100",
          "cmi.core.score.min": "0",
          "cmi.core.score.max": "100",
          "cmi.core.exit": "",
        });
        expect(outside).toEqual([]);
        expect(pictures.hits).toEqual([]);
      } finally {
        await pictures.close();
      }
    });

    test(`[PACKAGES] (${label}) SCORM 1.2 and 2004: the LMS closes the package mid-course without Exit; the attempt is suspended and the next launch resumes it`, async ({
      page,
    }) => {
      for (const format of ["scorm12", "scorm2004"] as const) {
        const dir = await buildPackage(SNAPSHOT, DEFAULTS(format));
        lms = await startTestLms({ packageDir: dir });
        const first = lms.scormAttempt(format);
        await page.goto(lms.scormUrl(first, launchFile(dir, "imsmanifest.xml")));
        await readWithNext(page, 2);
        // The LMS takes the package's frame away (its own Close, or the learner going elsewhere in it).
        await page.evaluate(() => document.querySelector('iframe[title="Course"]')!.remove());
        const values = await finalCommit(first);
        if (format === "scorm12") {
          expect(values).toMatchObject({ "cmi.core.lesson_status": "incomplete", "cmi.core.exit": "suspend" });
          expect(values["cmi.core.lesson_location"]).toBe("lessons/002.html");
        } else {
          expect(values).toMatchObject({ "cmi.completion_status": "incomplete", "cmi.exit": "suspend" });
          expect(values["cmi.location"]).toBe("lessons/002.html");
        }

        const second = lms.reopen(first);
        expect(second.seed[format === "scorm12" ? "cmi.core.entry" : "cmi.entry"]).toBe("resume");
        await page.goto(lms.scormUrl(second, launchFile(dir, "imsmanifest.xml")));
        await expect(lesson(page, "Hot surfaces").getByRole("heading", { name: "Hot surfaces" })).toBeVisible();
        await expect(course(page).getByText("2 of 3 lessons viewed")).toBeVisible();
        await lms.close();
      }
    });

    test(`[PACKAGES] (${label}) SCORM 2004 as exported by default: every lesson read but the quiz not yet passed is not finished; leaving suspends with the answers kept`, async ({
      page,
    }) => {
      const dir = await buildPackage(SNAPSHOT, DEFAULTS("scorm2004"));
      lms = await startTestLms({ packageDir: dir });
      const first = lms.scormAttempt("scorm2004");
      await page.goto(lms.scormUrl(first, launchFile(dir, "imsmanifest.xml")));
      await readWithNext(page);
      await answerQuiz(page, [Q1.right, Q2.wrong]);
      await expect(quizResult(page)).toContainText("You scored 1 of 2 (50%)");
      await course(page).getByRole("button", { name: "Exit" }).click();
      expect(await finalCommit(first)).toMatchObject({
        "cmi.completion_status": "completed",
        "cmi.success_status": "failed",
        "cmi.score.scaled": "0.5",
        "cmi.score.raw": "1",
        "cmi.score.min": "0",
        "cmi.score.max": "2",
        "cmi.exit": "suspend",
      });

      const second = lms.reopen(first);
      await page.goto(lms.scormUrl(second, launchFile(dir, "imsmanifest.xml")));
      await expect(lesson(page, QUIZ_LESSON).getByRole("heading", { name: QUIZ_LESSON })).toBeVisible();
      await expectAnswers(page, [Q1.right, Q2.wrong]);
    });

    test(`[PACKAGES] (${label}) cmi5 as exported by default: the quiz's score goes to the LRS with passed, and every image comes from inside the package`, async ({
      page,
    }) => {
      const pictures = await startPictureServer();
      try {
        const dir = await buildPackage(WITH_IMAGES(pictures.origin), DEFAULTS("cmi5"), pictures.source);
        lms = await startTestLms({ packageDir: dir });
        const outside = requestsOutside(page, lms.origin);
        const auId = /<au id="([^"]+)"/.exec(fs.readFileSync(path.join(dir, "cmi5.xml"), "utf8"))?.[1] ?? "";
        const launch = lms.cmi5Launch({ auId, launch: launchFile(dir, "cmi5.xml"), launchData: { moveOn: "Completed" } });
        await page.goto(launch.url);
        await expectImagesShown(page);
        await readWithNext(page);
        await answerQuiz(page, [Q1.right, Q2.right]);
        await expect(quizResult(page)).toContainText("You scored 2 of 2 (100%)");
        await course(page).getByRole("button", { name: "Exit" }).click();
        await expect.poll(() => lms.lrs.statementsOf(launch.registration).at(-1)?.verb.id).toBe(`${VERBS}terminated`);
        const statements = lms.lrs.statementsOf(launch.registration);
        expect(statements.map((s) => s.verb.id.replace(VERBS, ""))).toEqual(["initialized", "completed", "passed", "terminated"]);
        const passed = statements.find((s) => s.verb.id === `${VERBS}passed`)!;
        expect(passed.result).toMatchObject({ success: true, score: { scaled: 1, raw: 2, min: 0, max: 2 } });
        expect(outside).toEqual([]);
        expect(pictures.hits).toEqual([]);
      } finally {
        await pictures.close();
      }
    });

    test(`[PACKAGES] (${label}) cmi5: the learner passes the quiz, the LRS has the session's statements in order, and a return resumes the quiz`, async ({
      page,
    }) => {
      const dir = await buildPackage(SNAPSHOT, {
        format: "cmi5",
        completion: "quiz",
        passing_score: 80,
        include_drafts: false,
        image_links: false,
      });
      lms = await startTestLms({ packageDir: dir });
      const auId = /<au id="([^"]+)"/.exec(fs.readFileSync(path.join(dir, "cmi5.xml"), "utf8"))?.[1] ?? "";
      const launch = lms.cmi5Launch({ auId, launch: launchFile(dir, "cmi5.xml"), launchData: { moveOn: "Passed", masteryScore: 0.8 } });
      await page.goto(launch.url);
      await readEveryLesson(page);
      await answerQuiz(page, [Q1.right, Q2.right]);
      await expect(quizResult(page)).toContainText("You scored 2 of 2 (100%)");
      await course(page).getByRole("button", { name: "Exit" }).click();

      await expect.poll(() => lms.lrs.statementsOf(launch.registration).at(-1)?.verb.id).toBe(`${VERBS}terminated`);
      const statements = lms.lrs.statementsOf(launch.registration);
      const verbs = statements.map((s) => s.verb.id.replace(VERBS, ""));
      expect(verbs[0]).toBe("initialized");
      expect([...verbs.slice(1, -1)].sort()).toEqual(["completed", "passed"]);
      for (const s of statements) {
        expect(s.context?.registration).toBe(launch.registration);
        expect(s.object.id).toBe(launch.activityId);
        expect(s.context?.contextActivities?.grouping).toEqual([{ id: auId }]);
      }
      const passed = statements.find((s) => s.verb.id === `${VERBS}passed`)!;
      expect(passed.result).toMatchObject({ success: true, score: { scaled: 1, raw: 2, min: 0, max: 2 } });

      const back = lms.cmi5Launch({
        auId,
        launch: launchFile(dir, "cmi5.xml"),
        registration: launch.registration,
        launchData: { moveOn: "Passed", masteryScore: 0.8 },
      });
      await page.goto(back.url);
      await expect(lesson(page, QUIZ_LESSON).getByRole("heading", { name: QUIZ_LESSON })).toBeVisible();
      await expectAnswers(page, [Q1.right, Q2.right]);
    });
  });
}
