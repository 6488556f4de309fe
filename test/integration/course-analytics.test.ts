/**
 * Course analytics and item analysis (issue 42) over HTTP: learners open and complete lessons
 * through the learn endpoints and submit quizzes through the authoring API; only the times of what
 * they did (and, for the histogram's band edges, stored percentages no quiz size gives) are set
 * directly, so that every figure below is worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tallyAnswers } from "@/lib/authoring/analytics/tally-answers";
import type { QuestionDto } from "@/lib/authoring/questions/schemas";
import { getDb } from "@/lib/db/client";
import { expectNotFound, expectStatus, expectValidation } from "../expect";
import {
  createBlock,
  createCategory,
  createFamily,
  createLesson,
  createModule,
  createQuestionOfKind,
  createQuiz,
  newUser,
  suggestKeyOf,
  type Member,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { classroom } from "../learn-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Migrations run here, under the hook's time limit, not the first test's.
  await getDb();
});
afterAll(() => server.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Classroom = Awaited<ReturnType<typeof classroom>>;

/** A learner opens a lesson (GET records the visit) or completes it, through the learn endpoints. */
const opens = async (ctx: Classroom, learner: Member, lessonId: string) =>
  expectStatus(await ctx.app(learner).get(`/learn/lessons/${lessonId}`), 200);
const completes = async (ctx: Classroom, learner: Member, lessonId: string) =>
  expectStatus(await ctx.app(learner).post(`/learn/lessons/${lessonId}/complete`), 200);

/** When a learner opened and completed a lesson: the clock of the test run would make every span zero. */
async function setProgress(learner: Member, lessonId: string, times: { startedAt: Date; completedAt?: Date }) {
  const db = await getDb();
  await db.lessonProgress.update({ where: { userId_lessonId: { userId: learner.user.id, lessonId } }, data: times });
}

/** Submits the classroom's quiz with `right` of its two questions right: 0, 50 or 100 %. */
async function submits(ctx: Classroom, learner: Member, right: number): Promise<string> {
  const res = await learner.api.post(`/quizzes/${ctx.quiz.id}/submit`, ctx.answers(right));
  expectStatus(res, 201);
  return res.body.attempt_id;
}

async function setAttempt(attemptId: string, data: { createdAt?: Date; percentage?: number }) {
  await (await getDb()).quizAttempt.update({ where: { id: attemptId }, data });
}

/** The CSV text's rows (BOM and the last line end removed), each split at commas (no cell here holds one). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n$/, "")
    .split("\r\n")
    .map((line) => line.split(","));

const histogram = (counts: Record<number, number>) => Array.from({ length: 10 }, (_, band) => counts[band] ?? 0);

describe("[ANALYTICS] course analytics", () => {
  it("counts who started and who completed the course, each published lesson in reading order, and the median time to complete", async () => {
    const ctx = await classroom(server, ["Ann", "Ben", "Cat", "Dan", "Eve"]);
    const { api, course, module: onSite, first, second } = ctx;
    // A module placed before "On site", so reading order crosses modules; a lesson in the trash and the draft are no part of it.
    const intro = await createModule(api, course.id, { title: "Welcome", position: 0 });
    const welcome = await createLesson(api, intro.id, { title: "Before you start" });
    expectStatus(await api.post(`/lessons/${welcome.id}/publish`), 200);
    const old = await createLesson(api, onSite.id, { title: "Old exits" });
    expectStatus(await api.post(`/lessons/${old.id}/publish`), 200);
    const [ann, ben, cat, dan, eve] = ctx.learners;
    await opens(ctx, ann, welcome.id);
    for (const learner of [ben, cat]) for (const lesson of [welcome, first, second]) await completes(ctx, learner, lesson.id);
    // Eve completes both lessons of "On site" but never the welcome: she started, she did not complete the course.
    for (const lesson of [first, second]) await completes(ctx, eve, lesson.id);
    // Ben completed the old lesson too, before it went to the trash: it is no longer asked of anyone.
    await completes(ctx, ben, old.id);
    expectStatus(await api.delete(`/lessons/${old.id}`), 200);
    void dan; // Dan never opens the course.

    // Ben took 10 minutes from his first start to his last completion, Cat 30: the median of the two is 20.
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * MINUTE);
    for (const [learner, span] of [
      [ben, 10],
      [cat, 30],
    ] as const) {
      await setProgress(learner, welcome.id, { startedAt: ago(100), completedAt: ago(99) });
      await setProgress(learner, first.id, { startedAt: ago(98), completedAt: ago(97) });
      await setProgress(learner, second.id, { startedAt: ago(96), completedAt: ago(100 - span) });
    }

    const res = await ctx.admin.api.get(`/courses/${course.id}/analytics`);
    expectStatus(res, 200);
    expect(res.body.learners).toEqual({ started: 4, completed: 2, median_seconds_to_complete: 1200 });
    expect(res.body.lessons).toEqual([
      {
        lesson_id: welcome.id,
        title: "Before you start",
        module_id: intro.id,
        module_title: "Welcome",
        position: 0,
        started: 3,
        completed: 2,
      },
      { lesson_id: first.id, title: "Hard hats", module_id: onSite.id, module_title: "On site", position: 1, started: 3, completed: 3 },
      { lesson_id: second.id, title: "Exits", module_id: onSite.id, module_title: "On site", position: 2, started: 3, completed: 3 },
    ]);
    expect(res.body.attempts).toBe("first");
    expect(res.body.pass_mark).toBe(70);
    // The default range: the 365 days up to now.
    const to = new Date(res.body.range.to).getTime();
    expect(Math.abs(to - Date.now())).toBeLessThan(MINUTE);
    expect(to - new Date(res.body.range.from).getTime()).toBe(365 * DAY);

    // Undoing a completion takes the learner out of those who completed.
    expectStatus(await ctx.app(cat).delete(`/learn/lessons/${first.id}/complete`), 200);
    const after = (await ctx.author.api.get(`/courses/${course.id}/analytics`)).body;
    expect(after.learners).toEqual({ started: 4, completed: 1, median_seconds_to_complete: 600 });
    expect(after.lessons[1]).toMatchObject({ started: 3, completed: 2 });
  });

  it("counts progress within the range only, from included and to not: starts by started_at, completions by completed_at", async () => {
    const ctx = await classroom(server, ["Pia", "Quinn"]);
    const { course, first, second } = ctx;
    const [pia, quinn] = ctx.learners;
    for (const lesson of [first, second]) await completes(ctx, pia, lesson.id);
    await opens(ctx, quinn, first.id);
    await setProgress(pia, first.id, { startedAt: new Date("2025-01-10T00:00:00Z"), completedAt: new Date("2025-01-10T01:00:00Z") });
    await setProgress(pia, second.id, { startedAt: new Date("2025-01-11T00:00:00Z"), completedAt: new Date("2025-02-05T12:00:00Z") });
    await setProgress(quinn, first.id, { startedAt: new Date("2025-02-01T00:00:00Z") });
    const analytics = async (query: string) => {
      const res = await ctx.admin.api.get(`/courses/${course.id}/analytics?${query}`);
      expectStatus(res, 200);
      return res.body;
    };

    const january = await analytics("from=2025-01-01&to=2025-02-01");
    expect(january.range).toEqual({ from: "2025-01-01T00:00:00.000Z", to: "2025-02-01T00:00:00.000Z" });
    // Quinn's start at the range's very end is outside it; Pia's last completion (5 February) too.
    expect(january.learners).toEqual({ started: 1, completed: 0, median_seconds_to_complete: null });
    expect(january.lessons.map((l: { started: number; completed: number }) => [l.started, l.completed])).toEqual([
      [1, 1],
      [1, 0],
    ]);

    const february = await analytics("from=2025-02-01T00:00:00Z&to=2025-03-01T00:00:00%2B00:00");
    // Pia started in January, but completed the course in February: 26.5 days after her first start.
    expect(february.learners).toEqual({ started: 1, completed: 1, median_seconds_to_complete: 26.5 * 86_400 });
    expect(february.lessons.map((l: { started: number; completed: number }) => [l.started, l.completed])).toEqual([
      [1, 0],
      [0, 1],
    ]);

    // All of it lies more than a year back: the default range sees none of it.
    const recent = await analytics("");
    expect(recent.learners).toEqual({ started: 0, completed: 0, median_seconds_to_complete: null });
    expect(recent.lessons.map((l: { started: number; completed: number }) => l.started + l.completed)).toEqual([0, 0]);
  });

  it("counts each learner's first attempt at a quiz by default, or every attempt, with mean, pass rate at pass_mark and histogram", async () => {
    const ctx = await classroom(server, ["Lou", "Max", "Noa", "Oli"]);
    const { api, project, course, first, second, draft, quiz } = ctx;
    // A quiz without attempts in the first lesson, one in the draft lesson (not listed) and one in the trash (not listed).
    const quiet = await createQuiz(api, project.id, [ctx.questions[0].id], "Warm-up");
    await createBlock(api, first.id, { type: "quiz", quiz_id: quiet.id });
    const hidden = await createQuiz(api, project.id, [ctx.questions[0].id], "Draft quiz");
    await createBlock(api, draft.id, { type: "quiz", quiz_id: hidden.id });
    const trashed = await createQuiz(api, project.id, [ctx.questions[0].id], "Trashed quiz");
    await createBlock(api, second.id, { type: "quiz", quiz_id: trashed.id });
    expectStatus(await api.delete(`/quizzes/${trashed.id}`), 200);

    const [lou, max, noa, oli] = ctx.learners;
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * MINUTE);
    const made: [Member, number, Date][] = [
      [lou, 0, ago(5)],
      [lou, 2, ago(4)],
      [max, 2, ago(3)],
      [max, 1, ago(2)],
      [noa, 1, ago(1)],
      // Oli's first attempt lies 400 days back, outside the default range: with attempts=first, Oli counts for nothing.
      [oli, 0, new Date(now - 400 * DAY)],
      [oli, 2, ago(0.5)],
    ];
    for (const [learner, right, at] of made) await setAttempt(await submits(ctx, learner, right), { createdAt: at });
    const analytics = async (query = "") => {
      const res = await ctx.author.api.get(`/courses/${course.id}/analytics${query}`);
      expectStatus(res, 200);
      return res.body;
    };

    const firsts = await analytics();
    expect(firsts.quizzes).toEqual([
      {
        quiz_id: quiet.id,
        title: "Warm-up",
        lesson_id: first.id,
        attempts: 0,
        learners: 0,
        mean_percentage: null,
        pass_rate: null,
        histogram: histogram({}),
      },
      // Lou 0 %, Max 100 %, Noa 50 %.
      {
        quiz_id: quiz.id,
        title: "Exit check",
        lesson_id: second.id,
        attempts: 3,
        learners: 3,
        mean_percentage: 50,
        pass_rate: 1 / 3,
        histogram: histogram({ 0: 1, 5: 1, 9: 1 }),
      },
    ]);

    // Every attempt in the range: 0, 100, 100, 50, 50, 100.
    const all = (await analytics("?attempts=all")).quizzes[1];
    expect(all).toMatchObject({ attempts: 6, learners: 4, pass_rate: 0.5, histogram: histogram({ 0: 1, 5: 2, 9: 3 }) });
    expect(all.mean_percentage).toBeCloseTo(400 / 6, 10);
    expect((await analytics("?attempts=all&pass_mark=50")).quizzes[1].pass_rate).toBeCloseTo(5 / 6, 10);
    expect((await analytics("?attempts=all&pass_mark=100")).quizzes[1].pass_rate).toBe(0.5);
    expect((await analytics("?attempts=all&pass_mark=0")).quizzes[1].pass_rate).toBe(1);
    expect((await analytics("?attempts=all&pass_mark=100")).pass_mark).toBe(100);

    // A range reaching back 500 days holds Oli's first attempt too.
    const from = new Date(now - 500 * DAY).toISOString();
    expect((await analytics(`?from=${encodeURIComponent(from)}`)).quizzes[1]).toMatchObject({
      attempts: 4,
      learners: 4,
      mean_percentage: 37.5,
    });
    expect((await analytics(`?attempts=all&from=${encodeURIComponent(from)}`)).quizzes[1]).toMatchObject({ attempts: 7, learners: 4 });
  });

  it("puts each percentage in its band of 10 points: 0 and 9.99 in the first, 10 in the second, 100 in the last", async () => {
    const ctx = await classroom(server);
    const stored = [0, 9.99, 10, 55, 90, 100];
    // No quiz size scores 9.99 %: the stored percentages are set to the band edges.
    for (const percentage of stored) await setAttempt(await submits(ctx, ctx.learner, 0), { percentage });
    const res = await ctx.admin.api.get(`/courses/${ctx.course.id}/analytics?attempts=all`);
    expectStatus(res, 200);
    const [outcomes] = res.body.quizzes;
    expect(outcomes.histogram).toEqual(histogram({ 0: 2, 1: 1, 5: 1, 9: 2 }));
    expect(outcomes.mean_percentage).toBeCloseTo(264.99 / 6, 10);
    expect(outcomes.pass_rate).toBeCloseTo(2 / 6, 10);
    expect(outcomes).toMatchObject({ attempts: 6, learners: 1 });
  });

  it("answers a CSV table, one row per lesson, asked with ?format=csv or Accept: text/csv", async () => {
    const ctx = await classroom(server);
    await completes(ctx, ctx.learner, ctx.first.id);
    await opens(ctx, ctx.learner, ctx.second.id);
    const json = (await ctx.admin.api.get(`/courses/${ctx.course.id}/analytics`)).body;
    for (const res of [
      await ctx.admin.api.get(`/courses/${ctx.course.id}/analytics?format=csv`),
      await ctx.admin.api.get(`/courses/${ctx.course.id}/analytics`, { accept: "text/csv" }),
    ]) {
      expectStatus(res, 200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toContain(`course-analytics-${ctx.course.id}`);
      expect(csvRows(res.body)).toEqual([
        ["position", "lesson_id", "lesson_title", "module_id", "module_title", "started", "completed"],
        ["0", ctx.first.id, "Hard hats", ctx.module.id, "On site", "1", "1"],
        ["1", ctx.second.id, "Exits", ctx.module.id, "On site", "1", "0"],
      ]);
    }
    // Without either, and with format=json, the answer is JSON.
    expect(json.lessons).toHaveLength(2);
    const asJson = await ctx.admin.api.get(`/courses/${ctx.course.id}/analytics?format=json`);
    expect(asJson.headers.get("content-type")).toContain("application/json");
    expect(asJson.body.lessons).toEqual(json.lessons);
  });

  it("refuses a bad range, attempts, pass_mark or format with 400 naming the field, and answers as before afterwards", async () => {
    const ctx = await classroom(server);
    await completes(ctx, ctx.learner, ctx.first.id);
    const path = `/courses/${ctx.course.id}/analytics`;
    const range = "from=2026-01-01&to=2026-12-31";
    const before = (await ctx.admin.api.get(`${path}?${range}`)).body;
    const bad: [string, string][] = [
      ["from=2026-06-01&to=2026-05-01", "from"],
      ["from=2026-06-01&to=2026-06-01", "from"],
      ["from=1970-01-01", "from"],
      ["to=2200-01-01", "to"],
      ["from=2000-01-01&to=2099-12-31", "from"],
      ["from=yesterday", "from"],
      ["attempts=some", "attempts"],
      ["pass_mark=101", "pass_mark"],
      ["pass_mark=-1", "pass_mark"],
      ["pass_mark=7.5", "pass_mark"],
      ["format=xml", "format"],
    ];
    for (const [query, field] of bad) expectValidation(await ctx.admin.api.get(`${path}?${query}`), field);
    expect((await ctx.admin.api.get(`${path}?${range}`)).body).toEqual(before);
  });

  it("is for those who read the course's drafts: a learner of the workspace and a stranger get 404, a suggest-only key reads", async () => {
    const ctx = await classroom(server);
    const path = `/courses/${ctx.course.id}/analytics`;
    expectNotFound(await ctx.learner.api.get(path));
    // Not found outranks a bad query: a learner learns nothing from a 400.
    expectNotFound(await ctx.learner.api.get(`${path}?attempts=some`));
    expectNotFound(await (await newUser(server)).api.get(path));
    expectStatus(await (await suggestKeyOf(server, ctx.author)).api.get(path), 200);
    expectStatus(await ctx.author.api.get(path), 200);
  });
});

/**
 * The hand-worked item analysis: six learners, one attempt each, at a quiz of five single-choice
 * questions (options "wrong 0", "right 1", "wrong 2"). 1 = right. Each attempt's score is its row's sum.
 *
 *          Q1 Q2 Q3 Q4 Q5 | score
 *   A1      0  0  0  -  1 |  1     (A1 leaves Q4 unanswered: it scores 0)
 *   A2      0  0  0  1  1 |  2
 *   A3      0  0  1  0  1 |  2
 *   A4      1  0  0  1  1 |  3
 *   A5      1  0  1  0  1 |  3
 *   A6      1  1  0  1  1 |  4
 *
 * Discrimination: the correlation of the item with the score without it (rest).
 *   Q1: x = 000111, rest = 1 2 2 2 2 3: Sxy = 1, Sxx = 1.5, Syy = 2            -> 1 / √3
 *   Q2: x = 000001, rest = 1 2 2 3 3 3: Sxy = 2/3, Sxx = 5/6, Syy = 10/3       -> 0.4
 *   Q3: x = 001010, rest = 1 2 1 3 2 4: Sxy = -4/3, Sxx = 4/3, Syy = 41/6      -> -4 / √82
 *   Q4: x = 010101, rest = 1 1 2 2 3 3: Sxy = 0                                -> 0
 *   Q5: x = 111111: no variance                                               -> null
 */
const WORKED = [
  [0, 0, 0, null, 1],
  [0, 0, 0, 1, 1],
  [0, 0, 1, 0, 1],
  [1, 0, 0, 1, 1],
  [1, 0, 1, 0, 1],
  [1, 1, 0, 1, 1],
] as const;
/** Which wrong option each wrong answer picks, per attempt: "wrong 0" unless listed here as "wrong 2". */
const PICKS_WRONG_2 = new Set(["A3:Q1", "A1:Q3", "A2:Q3"]);

async function workedQuiz() {
  const ctx = await classroom(server, ["A1", "A2", "A3", "A4", "A5", "A6"]);
  const { api, project, first } = ctx;
  const category = await createCategory(api, project.id, "Analysis");
  const family = await createFamily(api, project.id, "Exit routes");
  const questions: QuestionDto[] = [];
  for (let i = 1; i <= 6; i++) {
    const extra = { prompt: `Q${i}`, ...(i === 1 ? { question_family_id: family.id } : {}) };
    questions.push(await createQuestionOfKind(api, project.id, category.id, "single", extra));
  }
  const [q1, q2, q3, q4, q5, q6] = questions;
  const quiz = await createQuiz(
    api,
    project.id,
    [q1, q2, q3, q4, q5].map((q) => q.id),
    "Worked example",
  );
  await createBlock(api, first.id, { type: "quiz", quiz_id: quiz.id });
  const option = (q: QuestionDto, label: string) => q.options.find((o) => o.label === label)!.id;
  for (const [a, row] of WORKED.entries()) {
    const answers = row.flatMap((right, i) => {
      const q = questions[i];
      if (right === null) return [];
      const wrong = PICKS_WRONG_2.has(`A${a + 1}:Q${i + 1}`) ? "wrong 2" : "wrong 0";
      return [{ question_id: q.id, selected_option_ids: [option(q, right ? "right 1" : wrong)] }];
    });
    expectStatus(await ctx.learners[a].api.post(`/quizzes/${quiz.id}/submit`, { answers }), 201);
  }
  return { ctx, quiz, questions: { q1, q2, q3, q4, q5, q6 }, family, option };
}

describe("[ANALYTICS] item analysis", () => {
  it("gives each question's facility, discrimination, flags and option shares, as worked out by hand", async () => {
    const { ctx, quiz, questions, family, option } = await workedQuiz();
    const { q1, q2, q3, q4, q5, q6 } = questions;
    // Q6 joins the quiz, at its start, after every attempt: in quiz order, answered by none.
    expectStatus(await ctx.api.patch(`/quizzes/${quiz.id}`, { question_ids: [q6, q1, q2, q3, q4, q5].map((q) => q.id) }), 200);

    const res = await ctx.admin.api.get(`/quizzes/${quiz.id}/item-analysis`);
    expectStatus(res, 200);
    expect(res.body.attempts).toBe(6);
    const items = res.body.items;
    expect(items.map((i: { prompt: string }) => i.prompt)).toEqual(["Q6", "Q1", "Q2", "Q3", "Q4", "Q5"]);
    const shares = (q: QuestionDto, wrong0: number, right1: number, wrong2: number) =>
      [
        ["wrong 0", wrong0, false],
        ["right 1", right1, true],
        ["wrong 2", wrong2, false],
      ].map(([label, share, isCorrect]) => ({
        option_id: option(q, label as string),
        label,
        is_correct: isCorrect,
        chosen_share: share,
      }));

    expect(items[0]).toEqual({
      question_id: q6.id,
      prompt: "Q6",
      question_family_id: null,
      question_family_name: null,
      answered: 0,
      facility: null,
      discrimination: null,
      flags: [],
      options: shares(q6, 0, 0, 0),
    });
    expect(items[1]).toMatchObject({
      question_id: q1.id,
      question_family_id: family.id,
      question_family_name: "Exit routes",
      answered: 6,
      facility: 0.5,
      flags: [],
      options: shares(q1, 2 / 6, 3 / 6, 1 / 6),
    });
    expect(items[1].discrimination).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(items[2]).toMatchObject({ answered: 6, facility: 1 / 6, flags: ["too_hard"], options: shares(q2, 5 / 6, 1 / 6, 0) });
    expect(items[2].discrimination).toBeCloseTo(0.4, 12);
    // Right only in weaker attempts: a negative discrimination is flagged.
    expect(items[3]).toMatchObject({
      answered: 6,
      facility: 2 / 6,
      flags: ["weak_discrimination"],
      options: shares(q3, 2 / 6, 2 / 6, 2 / 6),
    });
    expect(items[3].discrimination).toBeCloseTo(-4 / Math.sqrt(82), 12);
    // A1 left Q4 unanswered: it counts as answered wrong, and chose no option.
    expect(items[4]).toMatchObject({ answered: 6, facility: 3 / 6, flags: ["weak_discrimination"], options: shares(q4, 2 / 6, 3 / 6, 0) });
    expect(items[4].discrimination).toBeCloseTo(0, 12);
    // Everyone right: no variance, no discrimination, and no flag for one.
    expect(items[5]).toMatchObject({ answered: 6, facility: 1, discrimination: null, flags: ["too_easy"], options: shares(q5, 0, 1, 0) });
  });

  it("counts each learner's first attempt by default, or every attempt; under five answers there is no discrimination", async () => {
    const { ctx, quiz, questions } = await workedQuiz();
    // A6 tries again and gets everything wrong.
    const retry = await ctx.learners[5].api.post(`/quizzes/${quiz.id}/submit`, {
      answers: Object.values(questions)
        .slice(0, 5)
        .map((q) => ({ question_id: q.id, selected_option_ids: [q.options.find((o) => o.label === "wrong 0")!.id] })),
    });
    expectStatus(retry, 201);
    const read = async (query: string) => (await ctx.author.api.get(`/quizzes/${quiz.id}/item-analysis${query}`)).body;
    const firsts = await read("");
    expect(firsts.attempts).toBe(6);
    expect(firsts.items[1]).toMatchObject({ answered: 6, facility: 1 / 6 });
    const all = await read("?attempts=all");
    expect(all.attempts).toBe(7);
    expect(all.items[1]).toMatchObject({ answered: 7, facility: 1 / 7 });
    expect(all.items[4]).toMatchObject({ answered: 7, facility: 6 / 7 });
    expect(all.items[4].discrimination).not.toBeNull();

    // Four attempts at another quiz: a facility, but no discrimination yet.
    const small = await createQuiz(ctx.api, ctx.project.id, [questions.q1.id, questions.q2.id], "Small");
    await createBlock(ctx.api, ctx.first.id, { type: "quiz", quiz_id: small.id });
    for (const [i, learner] of ctx.learners.slice(0, 4).entries()) {
      const answers = [questions.q1, questions.q2].map((q, n) => ({
        question_id: q.id,
        selected_option_ids: [q.options.find((o) => o.label === (i + n < 3 ? "right 1" : "wrong 0"))!.id],
      }));
      expectStatus(await learner.api.post(`/quizzes/${small.id}/submit`, { answers }), 201);
    }
    const few = (await ctx.author.api.get(`/quizzes/${small.id}/item-analysis`)).body;
    expect(
      few.items.map((i: { answered: number; facility: number; discrimination: null }) => [i.answered, i.facility, i.discrimination]),
    ).toEqual([
      [4, 0.75, null],
      [4, 0.5, null],
    ]);
  });

  it("answers a CSV table, one row per question, flags joined by spaces, asked with ?format=csv or Accept: text/csv", async () => {
    const { ctx, quiz, questions } = await workedQuiz();
    const json = (await ctx.admin.api.get(`/quizzes/${quiz.id}/item-analysis`)).body;
    for (const res of [
      await ctx.admin.api.get(`/quizzes/${quiz.id}/item-analysis?format=csv`),
      await ctx.admin.api.get(`/quizzes/${quiz.id}/item-analysis`, { accept: "text/csv, application/json;q=0.5" }),
    ]) {
      expectStatus(res, 200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const rows = csvRows(res.body);
      expect(rows[0]).toEqual([
        "position",
        "question_id",
        "prompt",
        "question_family_name",
        "answered",
        "facility",
        "discrimination",
        "flags",
      ]);
      expect(rows).toHaveLength(1 + 5);
      expect(rows[1]).toEqual(["0", questions.q1.id, "Q1", "Exit routes", "6", "0.5", String(json.items[0].discrimination), ""]);
      expect(rows[5]).toEqual(["4", questions.q5.id, "Q5", "", "6", "1", "", "too_easy"]);
      expect(rows.slice(1).map((r) => r[7])).toEqual(json.items.map((i: { flags: string[] }) => i.flags.join(" ")));
    }
  });

  it("refuses bad attempts or format with 400; a learner of the workspace and a stranger get 404, a suggest-only key reads", async () => {
    const ctx = await classroom(server);
    const path = `/quizzes/${ctx.quiz.id}/item-analysis`;
    expectValidation(await ctx.admin.api.get(`${path}?attempts=some`), "attempts");
    expectValidation(await ctx.admin.api.get(`${path}?format=xml`), "format");
    expectNotFound(await ctx.learner.api.get(path));
    expectNotFound(await (await newUser(server)).api.get(path));
    const suggesting = await (await suggestKeyOf(server, ctx.author)).api.get(path);
    expectStatus(suggesting, 200);
    expect(suggesting.body).toEqual({ attempts: 0, items: expect.any(Array) });
    expect(suggesting.body.items).toHaveLength(2);
  });
});

describe("[ANALYTICS] a bank question across the quizzes that ask it", () => {
  it("gives the question's figures in each quiz and over all of them, leaving out quizzes in the trash", async () => {
    const { ctx, quiz, questions, option } = await workedQuiz();
    const { q1, q2 } = questions;
    // Another quiz asks Q1 (and Q2) of four learners: Q1 right for the first three.
    const small = await createQuiz(ctx.api, ctx.project.id, [q1.id, q2.id], "Small");
    await createBlock(ctx.api, ctx.first.id, { type: "quiz", quiz_id: small.id });
    for (const [i, learner] of ctx.learners.slice(0, 4).entries()) {
      const answers = [q1, q2].map((q) => ({ question_id: q.id, selected_option_ids: [option(q, i < 3 ? "right 1" : "wrong 0")] }));
      expectStatus(await learner.api.post(`/quizzes/${small.id}/submit`, { answers }), 201);
    }
    const inQuiz = (await ctx.author.api.get(`/quizzes/${quiz.id}/item-analysis`)).body.items.find(
      (i: { question_id: string }) => i.question_id === q1.id,
    );

    const res = await ctx.author.api.get(`/questions/${q1.id}/item-analysis`);
    expectStatus(res, 200);
    const body = res.body;
    expect(body.quizzes).toEqual([
      {
        quiz_id: quiz.id,
        title: quiz.title,
        attempts: 6,
        answered: 6,
        facility: 0.5,
        discrimination: inQuiz.discrimination,
        flags: [],
      },
      { quiz_id: small.id, title: "Small", attempts: 4, answered: 4, facility: 0.75, discrimination: null, flags: [] },
    ]);
    // Over both: 10 answers, 3 + 3 right; Q1's options chosen 2 + 1, 3 + 3 and 1 + 0 times.
    expect(body).toMatchObject({
      question_id: q1.id,
      prompt: "Q1",
      question_family_name: "Exit routes",
      answered: 10,
      facility: 0.6,
      flags: [],
    });
    expect(body.options.map((o: { label: string; chosen_share: number }) => [o.label, o.chosen_share])).toEqual([
      ["wrong 0", 3 / 10],
      ["right 1", 6 / 10],
      ["wrong 2", 1 / 10],
    ]);
    // Only the first quiz has a discrimination (the second has under five answers): it is the question's.
    expect(body.discrimination).toBeCloseTo(1 / Math.sqrt(3), 12);

    // As CSV: one row per quiz.
    const csv = await ctx.author.api.get(`/questions/${q1.id}/item-analysis?format=csv`);
    expectStatus(csv, 200);
    expect(csvRows(csv.body)).toEqual([
      ["quiz_id", "quiz_title", "attempts", "answered", "facility", "discrimination", "flags"],
      [quiz.id, quiz.title, "6", "6", "0.5", String(inQuiz.discrimination), ""],
      [small.id, "Small", "4", "4", "0.75", "", ""],
    ]);

    // The small quiz goes to the trash: the question's figures are the first quiz's alone.
    expectStatus(await ctx.api.delete(`/quizzes/${small.id}`), 200);
    const after = (await ctx.author.api.get(`/questions/${q1.id}/item-analysis`)).body;
    expect(after.quizzes.map((q: { quiz_id: string }) => q.quiz_id)).toEqual([quiz.id]);
    expect(after).toMatchObject({ answered: 6, facility: 0.5 });

    // A question no quiz asks: no figures, nothing flagged.
    const category = await createCategory(ctx.api, ctx.project.id, "Unasked");
    const alone = await createQuestionOfKind(ctx.api, ctx.project.id, category.id, "single", { prompt: "Unasked" });
    expect((await ctx.author.api.get(`/questions/${alone.id}/item-analysis`)).body).toMatchObject({
      answered: 0,
      facility: null,
      discrimination: null,
      flags: [],
      quizzes: [],
    });
  });

  it("refuses bad attempts or format with 400; a learner of the workspace and a stranger get 404, a suggest-only key reads", async () => {
    const ctx = await classroom(server);
    const questionId = ctx.questions[0].id;
    const path = `/questions/${questionId}/item-analysis`;
    expectValidation(await ctx.admin.api.get(`${path}?attempts=some`), "attempts");
    expectValidation(await ctx.admin.api.get(`${path}?format=xml`), "format");
    expectNotFound(await ctx.admin.api.get(`/questions/00000000-0000-4000-8000-000000000000/item-analysis`));
    expectNotFound(await ctx.learner.api.get(path));
    expectNotFound(await (await newUser(server)).api.get(path));
    const suggesting = await (await suggestKeyOf(server, ctx.author)).api.get(path);
    expectStatus(suggesting, 200);
    expect(suggesting.body).toMatchObject({ question_id: questionId, answered: 0, quizzes: [{ quiz_id: ctx.quiz.id, attempts: 0 }] });
  });
});

describe("[ANALYTICS] tallied answers", () => {
  /** The item analysis, both ways of counting, as the API answers it. */
  const analysis = async (ctx: Classroom, quizId: string) => ({
    first: (await ctx.author.api.get(`/quizzes/${quizId}/item-analysis`)).body,
    all: (await ctx.author.api.get(`/quizzes/${quizId}/item-analysis?attempts=all`)).body,
  });
  const untallied = async (quizId: string) => (await getDb()).quizAttempt.count({ where: { quizId, talliedAt: null } });

  it("gives the same figures before, during and after the tally, which counts each attempt once", async () => {
    const { ctx, quiz, questions, option } = await workedQuiz();
    // A6 tries again: a later attempt, counted only with attempts=all.
    const again = Object.values(questions)
      .slice(0, 5)
      .map((q) => ({ question_id: q.id, selected_option_ids: [option(q, "wrong 2")] }));
    expectStatus(await ctx.learners[5].api.post(`/quizzes/${quiz.id}/submit`, { answers: again }), 201);
    const before = await analysis(ctx, quiz.id);
    expect(before.all.attempts).toBe(7);
    expect(await untallied(quiz.id)).toBe(7);

    // The last minute's attempts wait: none of these is tallied yet.
    const db = await getDb();
    await tallyAnswers(db);
    expect(await untallied(quiz.id)).toBe(7);
    // Tallied now (as a minute later), a few at a time, oldest first: part tallied, part not, the figures hold.
    while ((await untallied(quiz.id)) > 4) await tallyAnswers(db, { olderThanSeconds: -1, batch: 3, maxPerRun: 3 });
    expect(await untallied(quiz.id)).toBeGreaterThan(0);
    expect(await analysis(ctx, quiz.id)).toEqual(before);
    await tallyAnswers(db, { olderThanSeconds: -1 });
    expect(await untallied(quiz.id)).toBe(0);
    expect(await analysis(ctx, quiz.id)).toEqual(before);

    // Tallying again adds nothing; a new attempt is read from its answers until it is tallied too.
    expect(await tallyAnswers(db, { olderThanSeconds: -1 })).toBe(0);
    expectStatus(await ctx.learners[0].api.post(`/quizzes/${quiz.id}/submit`, { answers: again }), 201);
    const fresh = await analysis(ctx, quiz.id);
    expect(fresh.first).toEqual(before.first);
    expect(fresh.all.attempts).toBe(8);
    expect(fresh.all.items[0]).toMatchObject({ answered: 8, facility: before.all.items[0].facility * (7 / 8) });
    await tallyAnswers(db, { olderThanSeconds: -1 });
    expect(await analysis(ctx, quiz.id)).toEqual(fresh);
  });

  it("tallies an attempt once when two instances tally at the same time", async () => {
    const { ctx, quiz } = await workedQuiz();
    const before = await analysis(ctx, quiz.id);
    const db = await getDb();
    const [a, b] = await Promise.all([tallyAnswers(db, { olderThanSeconds: -1 }), tallyAnswers(db, { olderThanSeconds: -1 })]);
    expect(a + b).toBeGreaterThanOrEqual(6);
    expect(await untallied(quiz.id)).toBe(0);
    const tallied = await db.quizAnswerTally.aggregate({ where: { quizId: quiz.id }, _sum: { n: true } });
    // Six attempts, five answers each (one left unanswered by A1 counts as answered wrong: five stored).
    const stored = (await db.quizAttempt.findMany({ where: { quizId: quiz.id }, select: { answers: true } })).reduce(
      (sum, a) => sum + (a.answers as unknown[]).length,
      0,
    );
    expect(tallied._sum.n).toBe(stored);
    expect(await analysis(ctx, quiz.id)).toEqual(before);
  });
});
