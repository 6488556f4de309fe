// The package runtime's LMS adapters (lib/authoring/exchange/package/runtime) against real LMS
// runtimes: scorm-again's SCORM 1.2 and 2004 APIs in a test LMS page, and a loopback LRS for cmi5.
import { expect, test, type Frame, type Page } from "@playwright/test";
import type { PackageConfig, QuizOutcome, Resume, Tracker } from "../../lib/authoring/exchange/package/runtime/tracker";
import { ADAPTER_PAGE, bundleConnect } from "./lms/runtime-bundle";
import { startTestLms, type ScormAttempt, type TestLms } from "./lms/server";

/** One Tracker call, as the player makes it. */
type Step =
  | { call: "start" }
  | { call: "save"; progress: { location: string; state: string; measure: number } }
  | { call: "complete" }
  | { call: "score"; outcome: QuizOutcome }
  | { call: "finish"; suspend: boolean };

type Driven = { kind: string; maxState: number; resumes: Resume[] };

/**
 * Runs the steps on the tracker the package's frame connected, in order, as the player would; the
 * page keeps its tracker between calls, as the player keeps one per page load.
 */
async function drive(frame: Frame, config: PackageConfig, steps: Step[]): Promise<Driven> {
  return frame.evaluate(
    async ({ config, steps }) => {
      const page = window as unknown as { PackageRuntime: { connectTracker: (c: PackageConfig) => Tracker }; tracker?: Tracker };
      const tracker = (page.tracker ??= page.PackageRuntime.connectTracker(config));
      const resumes: Resume[] = [];
      for (const step of steps) {
        if (step.call === "start") resumes.push(await tracker.start());
        else if (step.call === "save") tracker.save(step.progress);
        else if (step.call === "complete") tracker.complete();
        else if (step.call === "score") tracker.score(step.outcome);
        else tracker.finish({ suspend: step.suspend });
      }
      return { kind: tracker.kind, maxState: tracker.maxState, resumes };
    },
    { config, steps },
  );
}

async function courseFrame(page: Page): Promise<Frame> {
  const frame = await page
    .getByTitle("Course")
    .elementHandle()
    .then((h) => h?.contentFrame());
  if (!frame) throw new Error("the LMS page has no course frame");
  await expect(frame.getByText("Adapter test page")).toBeVisible();
  return frame;
}

const lmsCalls = (page: Page) => page.evaluate(() => (window as unknown as { lmsCalls: unknown[][] }).lmsCalls);
const calledTimes = async (page: Page, name: string) => (await lmsCalls(page)).filter((c) => c[0] === name).length;

const config = (format: PackageConfig["format"], completion: PackageConfig["completion"] = "quiz"): PackageConfig => ({
  format,
  completion,
  passing_score: 80,
  au_id: "urn:coursewright:course:c1/au",
});

const STATE = JSON.stringify({ viewed: ["l1", "l2"], answers: { q1: ["o2"] } });
const failed: QuizOutcome = { raw: 3, min: 0, max: 4, scaled: 0.75, passed: false };
const passed: QuizOutcome = { raw: 9, min: 0, max: 10, scaled: 0.9, passed: true };

let lms: TestLms;
test.beforeAll(async () => {
  lms = await startTestLms({ files: { "adapter-test.html": ADAPTER_PAGE, "runtime.js": await bundleConnect() } });
});
test.afterAll(async () => lms.close());

/** The attempt's last commit once the LMS has it: the terminate commit goes out as a beacon. */
async function finalCommit(attempt: ScormAttempt) {
  await expect.poll(() => attempt.commits.some((c) => c.terminate)).toBe(true);
  return attempt.commits.at(-1)!.values;
}

test("[PACKAGES] SCORM 1.2: the session records status, score, location, suspend data, exit and time, and resumes where it was left", async ({
  page,
}) => {
  const first = lms.scormAttempt("scorm12");
  await page.goto(lms.scormUrl(first, "adapter-test.html"));
  const frame = await courseFrame(page);
  const run = await drive(frame, config("scorm12"), [
    { call: "start" },
    { call: "start" },
    { call: "save", progress: { location: "lesson-2", state: STATE, measure: 0.5 } },
    { call: "score", outcome: failed },
    { call: "finish", suspend: true },
    { call: "finish", suspend: true },
  ]);
  expect(run).toMatchObject({
    kind: "scorm12",
    maxState: 4096,
    resumes: [
      { location: null, state: null },
      { location: null, state: null },
    ],
  });
  const values = await finalCommit(first);
  expect(values).toMatchObject({
    "cmi.core.lesson_status": "failed",
    "cmi.core.score.raw": "75",
    "cmi.core.score.min": "0",
    "cmi.core.score.max": "100",
    "cmi.core.lesson_location": "lesson-2",
    "cmi.suspend_data": STATE,
    "cmi.core.exit": "suspend",
  });
  // Started once and finished once although the player asked twice; the first status was "incomplete".
  expect(await calledTimes(page, "LMSInitialize")).toBe(1);
  expect(await calledTimes(page, "LMSFinish")).toBe(1);
  const calls = await lmsCalls(page);
  const sets = calls.filter((c) => c[0] === "LMSSetValue");
  expect(sets.find((c) => c[1] === "cmi.core.lesson_status")).toEqual(["LMSSetValue", "cmi.core.lesson_status", "incomplete", "true"]);
  const sessionTime = sets.find((c) => c[1] === "cmi.core.session_time");
  expect(sessionTime?.[2]).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/);
  expect(sessionTime?.[3]).toBe("true");
  // A save is committed at once, not left to the end of the session.
  const saved = calls.findIndex((c) => c[1] === "cmi.suspend_data");
  expect(calls.slice(saved).find((c) => c[0] !== "LMSSetValue")?.[0]).toBe("LMSCommit");

  // Reopened: the LMS hands back what was saved, and a pass on the second try is recorded.
  const second = lms.reopen(first);
  await page.goto(lms.scormUrl(second, "adapter-test.html"));
  const again = await drive(await courseFrame(page), config("scorm12"), [
    { call: "start" },
    { call: "score", outcome: passed },
    { call: "finish", suspend: false },
  ]);
  expect(again.resumes).toEqual([{ location: "lesson-2", state: STATE }]);
  expect(await finalCommit(second)).toMatchObject({ "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "90", "cmi.core.exit": "" });
});

test("[PACKAGES] SCORM 1.2 with completion=viewed: incomplete at start, completed when every lesson was seen", async ({ page }) => {
  const attempt = lms.scormAttempt("scorm12");
  await page.goto(lms.scormUrl(attempt, "adapter-test.html"));
  const frame = await courseFrame(page);
  await drive(frame, config("scorm12", "viewed"), [
    { call: "start" },
    { call: "save", progress: { location: "l1", state: "{}", measure: 0.5 } },
  ]);
  await expect.poll(() => lms.lastCommit(attempt)?.["cmi.core.lesson_status"]).toBe("incomplete");
  await drive(frame, config("scorm12", "viewed"), [{ call: "complete" }, { call: "finish", suspend: false }]);
  expect(await finalCommit(attempt)).toMatchObject({ "cmi.core.lesson_status": "completed", "cmi.core.exit": "" });
  expect(await calledTimes(page, "LMSInitialize")).toBe(1);
});

test("[PACKAGES] SCORM 2004: completion, success, scaled score, progress, location and suspend data, and a suspended exit", async ({
  page,
}) => {
  const first = lms.scormAttempt("scorm2004");
  await page.goto(lms.scormUrl(first, "adapter-test.html"));
  const run = await drive(await courseFrame(page), config("scorm2004"), [
    { call: "start" },
    { call: "start" },
    { call: "save", progress: { location: "lesson-3", state: STATE, measure: 0.6667 } },
    { call: "complete" },
    { call: "score", outcome: failed },
    { call: "finish", suspend: true },
    { call: "finish", suspend: false },
  ]);
  expect(run).toMatchObject({ kind: "scorm2004", maxState: 64_000 });
  const values = await finalCommit(first);
  expect(values).toMatchObject({
    "cmi.completion_status": "completed",
    "cmi.success_status": "failed",
    "cmi.score.scaled": "0.75",
    "cmi.score.raw": "3",
    "cmi.score.min": "0",
    "cmi.score.max": "4",
    "cmi.progress_measure": "1",
    "cmi.location": "lesson-3",
    "cmi.suspend_data": STATE,
    "cmi.exit": "suspend",
  });
  expect(values["cmi.session_time"]).toMatch(/^PT\d+H\d+M\d+(\.\d{1,2})?S$/);
  expect(await calledTimes(page, "Initialize")).toBe(1);
  expect(await calledTimes(page, "Terminate")).toBe(1);
  const sets = (await lmsCalls(page)).filter((c) => c[0] === "SetValue");
  expect(sets).toContainEqual(["SetValue", "cmi.completion_status", "incomplete", "true"]);
  expect(sets).toContainEqual(["SetValue", "cmi.progress_measure", "0.6667", "true"]);
  expect(sets).toContainEqual(["SetValue", "adl.nav.request", "suspendAll", "true"]);

  // Reopened, the learner passes and leaves finished: exit normal and the whole course ended.
  const second = lms.reopen(first);
  await page.goto(lms.scormUrl(second, "adapter-test.html"));
  const again = await drive(await courseFrame(page), config("scorm2004"), [
    { call: "start" },
    { call: "score", outcome: passed },
    { call: "finish", suspend: false },
  ]);
  expect(again.resumes).toEqual([{ location: "lesson-3", state: STATE }]);
  expect(await finalCommit(second)).toMatchObject({ "cmi.success_status": "passed", "cmi.score.scaled": "0.9", "cmi.exit": "normal" });
  expect((await lmsCalls(page)).filter((c) => c[0] === "SetValue")).toContainEqual(["SetValue", "adl.nav.request", "exitAll", "true"]);
});

test("[PACKAGES] SCORM 2004: a package the LMS opens in a window of its own finds the API on the opener", async ({ page }) => {
  const attempt = lms.scormAttempt("scorm2004");
  await page.goto(lms.scormUrl(attempt, "adapter-test.html", "popup"));
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Launch course" }).click();
  const popup = await opened;
  await expect(popup.getByText("Adapter test page")).toBeVisible();
  const run = await drive(popup.mainFrame(), config("scorm2004", "viewed"), [
    { call: "start" },
    { call: "save", progress: { location: "lesson-1", state: "{}", measure: 0.25 } },
    { call: "finish", suspend: true },
  ]);
  expect(run.kind).toBe("scorm2004");
  expect(await finalCommit(attempt)).toMatchObject({ "cmi.location": "lesson-1", "cmi.progress_measure": "0.25", "cmi.exit": "suspend" });
});

test("[PACKAGES] SCORM 1.2 and 2004: a review launch records no status or score, only where the learner was", async ({ page }) => {
  for (const [format, mode, status] of [
    ["scorm12", "cmi.core.lesson_mode", "cmi.core.lesson_status"],
    ["scorm2004", "cmi.mode", "cmi.completion_status"],
  ] as const) {
    const attempt = lms.scormAttempt(format, { [mode]: "review" });
    await page.goto(lms.scormUrl(attempt, "adapter-test.html"));
    await drive(await courseFrame(page), config(format), [
      { call: "start" },
      { call: "save", progress: { location: "lesson-2", state: "{}", measure: 0.5 } },
      { call: "complete" },
      { call: "score", outcome: passed },
      { call: "finish", suspend: false },
    ]);
    const values = await finalCommit(attempt);
    expect(values[status]).not.toMatch(/^(incomplete|completed|passed)$/);
    expect(values[format === "scorm12" ? "cmi.core.lesson_location" : "cmi.location"]).toBe("lesson-2");
    const sets = (await lmsCalls(page)).map((c) => c[1]);
    expect(sets).not.toContain(status);
    expect(sets.filter((e) => typeof e === "string" && e.includes("score"))).toEqual([]);
  }
});

test("[PACKAGES] SCORM 2004: the LMS's passing score judges the quiz when it sets one", async ({ page }) => {
  const attempt = lms.scormAttempt("scorm2004", { "cmi.scaled_passing_score": "0.7" });
  await page.goto(lms.scormUrl(attempt, "adapter-test.html"));
  await drive(await courseFrame(page), config("scorm2004"), [
    { call: "start" },
    { call: "score", outcome: failed },
    { call: "finish", suspend: false },
  ]);
  expect(await finalCommit(attempt)).toMatchObject({ "cmi.success_status": "passed", "cmi.score.scaled": "0.75" });
});

const CMI5 = "https://w3id.org/xapi/cmi5/context/categories/cmi5";
const MOVE_ON = "https://w3id.org/xapi/cmi5/context/categories/moveon";
const SESSION = "https://w3id.org/xapi/cmi5/context/extensions/sessionid";
const MASTERY = "https://w3id.org/xapi/cmi5/context/extensions/masteryscore";
const verbs = (list: { verb: { id: string } }[]) => list.map((s) => s.verb.id.replace("http://adlnet.gov/expapi/verbs/", ""));

test("[PACKAGES] cmi5: initialized, completed, passed and terminated in order, in the LMS's context, then back to the LMS", async ({
  page,
}) => {
  const au = config("cmi5").au_id;
  const launch = lms.cmi5Launch({
    auId: au,
    launch: "adapter-test.html",
    launchData: { masteryScore: 0.8, moveOn: "Passed", returnURL: `${lms.origin}/returned` },
  });
  await page.goto(launch.url);
  const frame = await courseFrame(page);
  const run = await drive(frame, config("cmi5"), [
    { call: "start" },
    { call: "start" },
    { call: "save", progress: { location: "lesson-2", state: STATE, measure: 0.5 } },
    { call: "complete" },
    { call: "score", outcome: passed },
    { call: "score", outcome: failed },
    { call: "finish", suspend: false },
    { call: "finish", suspend: false },
  ]);
  expect(run).toMatchObject({
    kind: "cmi5",
    resumes: [
      { location: null, state: null },
      { location: null, state: null },
    ],
  });
  // The AU hands the frame back to the LMS's returnURL once terminated is sent.
  await expect(page.frameLocator('iframe[title="Course"]').getByText("Back in the LMS")).toBeVisible();
  await expect.poll(() => verbs(lms.lrs.statementsOf(launch.registration))).toEqual(["initialized", "completed", "passed", "terminated"]);
  const statements = lms.lrs.statementsOf(launch.registration);
  const template = lms.lrs.stateOf(launch.activityId, launch.registration, "LMS.LaunchData") as {
    contextTemplate: { extensions: Record<string, string> };
  };
  for (const s of statements) {
    expect(s.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Date(s.timestamp).toISOString()).toBe(s.timestamp);
    expect(s.object.id).toBe(launch.activityId);
    expect(s.context?.registration).toBe(launch.registration);
    expect(s.context?.extensions?.[SESSION]).toBe(template.contextTemplate.extensions[SESSION]);
    expect(s.context?.contextActivities?.grouping).toEqual([{ id: au }]);
    const categories = s.context?.contextActivities?.category?.map((c) => c.id);
    const judged = ["completed", "passed"].includes(verbs([s])[0]);
    expect(categories).toEqual(judged ? [CMI5, MOVE_ON] : [CMI5]);
  }
  const [initialized, completed, pass, terminated] = statements;
  expect(initialized.result).toBeUndefined();
  expect(completed.result).toEqual({ completion: true, duration: expect.stringMatching(/^PT/) });
  expect(pass.result).toEqual({ score: { scaled: 0.9, raw: 9, min: 0, max: 10 }, success: true, duration: expect.stringMatching(/^PT/) });
  expect(pass.context?.extensions?.[MASTERY]).toBe(0.8);
  expect(completed.context?.extensions?.[MASTERY]).toBeUndefined();
  expect(terminated.result).toEqual({ duration: expect.stringMatching(/^PT\d+H\d+M[\d.]+S$/) });
  // It read the launch data and the learner's preferences before initialized, and kept its state.
  expect(lms.lrs.requests.slice(0, 5)).toEqual([
    "POST /fetch",
    "GET /xapi/activities/state:LMS.LaunchData",
    "GET /xapi/agents/profile",
    "GET /xapi/activities/state:suspend",
    "POST /xapi/statements",
  ]);
  expect(lms.lrs.stateOf(launch.activityId, launch.registration, "suspend")).toEqual({
    location: "lesson-2",
    state: STATE,
    completed: true,
    passed: true,
  });

  // Back in the same registration: resumes where it was, and sends completed and passed no more.
  const back = lms.cmi5Launch({
    auId: au,
    launch: "adapter-test.html",
    registration: launch.registration,
    launchData: { masteryScore: 0.8 },
  });
  await page.goto(back.url);
  const again = await drive(await courseFrame(page), config("cmi5"), [
    { call: "start" },
    { call: "complete" },
    { call: "score", outcome: passed },
    { call: "finish", suspend: true },
  ]);
  expect(again.resumes).toEqual([{ location: "lesson-2", state: STATE }]);
  await expect.poll(() => verbs(lms.lrs.statementsOf(launch.registration)).slice(4)).toEqual(["initialized", "terminated"]);
  expect(back.activityId).toBe(launch.activityId);
});

test("[PACKAGES] cmi5: the LMS's masteryScore judges the quiz, with the masteryscore extension; Browse launches record no verdict", async ({
  page,
}) => {
  const au = config("cmi5").au_id;
  const launch = lms.cmi5Launch({ auId: au, launch: "adapter-test.html", launchData: { masteryScore: 0.95 } });
  await page.goto(launch.url);
  await drive(await courseFrame(page), config("cmi5"), [
    { call: "start" },
    { call: "score", outcome: passed },
    { call: "score", outcome: passed },
    { call: "finish", suspend: true },
  ]);
  await expect.poll(() => verbs(lms.lrs.statementsOf(launch.registration))).toEqual(["initialized", "failed", "terminated"]);
  const fail = lms.lrs.statementsOf(launch.registration)[1];
  expect(fail.result).toMatchObject({ success: false, score: { scaled: 0.9 } });
  expect(fail.context?.extensions?.[MASTERY]).toBe(0.95);

  const browse = lms.cmi5Launch({ auId: au, launch: "adapter-test.html", launchData: { launchMode: "Browse" } });
  await page.goto(browse.url);
  await drive(await courseFrame(page), config("cmi5"), [
    { call: "start" },
    { call: "complete" },
    { call: "score", outcome: passed },
    { call: "finish", suspend: false },
  ]);
  await expect.poll(() => verbs(lms.lrs.statementsOf(browse.registration))).toEqual(["initialized", "terminated"]);
});

test("[PACKAGES] without an LMS the package is a plain web course: no tracker for any format", async ({ page }) => {
  await page.goto(`${lms.origin}/package/adapter-test.html`);
  await expect(page.getByText("Adapter test page")).toBeVisible();
  for (const format of ["scorm12", "scorm2004", "cmi5"] as const) {
    const run = await drive(page.mainFrame(), config(format), [
      { call: "start" },
      { call: "complete" },
      { call: "finish", suspend: false },
    ]);
    expect(run).toEqual({ kind: "none", maxState: 64_000, resumes: [{ location: null, state: null }] });
  }
});
