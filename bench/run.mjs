// npm run bench: the performance benchmark of issue 14 (method: bench/README.md).
// Builds for production, runs the app on a fresh PostgreSQL database beside its floors, drives the
// workloads, then once more on the embedded database; writes bench/results/latest.json and prints
// every figure, ratio and target. Flags: --no-browser, --no-pglite, --no-counts (shorter runs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import pg from "pg";
import { client, signUpOwner, startApp, startBaseline, stopAll } from "./app.mjs";
import { insertProducts, insertQuiz, insertTree, prepareIds } from "./data.mjs";
import { cannon, cpuSnapshot, loop, request, round, sampleRss, waitIdle } from "./load.mjs";
import { startCountingProxy } from "./pg-proxy.mjs";

const started = Date.now();
const flags = new Set(process.argv.slice(2));
const SEED = process.env.BENCH_SEED || "1";
const ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const DURATION = Number(process.env.BENCH_DURATION || 5); // seconds per autocannon run
const SMALL_CONNECTIONS = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3); // slices of each small-request workload, taken in turn
const SLICE = Number(process.env.BENCH_SLICE || 2); // seconds per slice
// How many parents each write workload spreads its requests over (see the data set-up).
const PARENTS = { blocks: { 500: 32, 50: 150 }, lessons: { 500: 32, 50: 100 } };
// The proposal PATCHes take turns over this many drafts of each size.
const PROPOSALS_PER_SIZE = SMALL_CONNECTIONS;
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;
const say = (message) => console.log(`[bench ${elapsed()}] ${message}`);

process.env.NEXT_DIST_DIR ??= ".next";

/** A seeded pseudo-random generator (mulberry32): the same moves in every run with one seed. */
function random(seed) {
  let a = [...String(seed)].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761), 1) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME_RE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** A write's answer with its ids and timestamps masked: what the app and the floor must agree on. */
const masked = (v) =>
  Array.isArray(v)
    ? v.map(masked)
    : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, masked(x)]))
      : typeof v === "string" && UUID_RE.test(v)
        ? "<id>"
        : typeof v === "string" && TIME_RE.test(v)
          ? "<time>"
          : v;

/** Where two parsed JSON values first differ, or null. */
function firstDifference(a, b, at = "$") {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && a.length !== b.length) return `${at}: ${a.length} items vs ${b.length}`;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(key in a)) return `${at}.${key}: only in the floor's answer`;
      if (!(key in b)) return `${at}.${key}: only in the app's answer`;
      const d = firstDifference(a[key], b[key], `${at}.${key}`);
      if (d) return d;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 120)} vs ${JSON.stringify(b)?.slice(0, 120)}`;
}

const results = {
  started_at: new Date(started).toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, memory_gb: Math.round(os.totalmem() / 2 ** 30) },
  seed: SEED,
  duration_s: DURATION,
  small_requests: { rounds: ROUNDS, slice_s: SLICE },
  checks: {},
  write_checks: {},
  positions: {},
  postgres: {},
  statements: null,
  pages: null,
  pglite: null,
  peak_rss_mb: null,
  targets: [],
};
const P = results.postgres;

let dbName;
let admin;
let db;
let failed = null;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    stopAll();
    if (admin && dbName) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
    process.exit(130);
  });
}

let lastServer;
try {
  const { ensureBuild } = await import("../scripts/ensure-build.mjs");
  ensureBuild();

  dbName = `bench_${Date.now().toString(36)}`;
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  say(`database ${dbName}; starting the app (it migrates) and the physical floor`);
  const app = (lastServer = await startApp({ env: { DATABASE_URL: dbUrl } }));
  const rss = sampleRss(app.pid);
  P.rss_by_phase = {};
  const baseline = await startBaseline(dbUrl);

  // ---- data ---------------------------------------------------------------------------------
  const owner = await signUpOwner(app.base, SEED);
  const auth = { authorization: `Bearer ${owner.key}` };
  const api = client(app.base, auth);
  const session = client(app.base, { cookie: owner.cookie });
  const project = async (name) => {
    const id = (await api("POST", "/api/authoring/projects", { name, workspace_id: owner.workspaceId })).id;
    const categoryId = (await api("POST", `/api/authoring/projects/${id}/categories`, { name: "Bench" })).id;
    return { id, categoryId };
  };
  const [big, mid, small] = [await project("Bench 20,000 blocks"), await project("Bench 2,000 blocks"), await project("Bench lists")];
  // The physical floor's writes go to copies of the write workloads' lessons, modules and quizzes
  // in a project of their own: the app's runs and the floor's do not touch each other's rows.
  const floorWrites = await project("Bench writes, physical floor");
  // The app's write sets (about 21,000 lessons and 23,500 blocks) in a project of their own, so
  // the lists project, where the pages' lessons are, stays the size of a real one.
  const writes = await project("Bench writes");
  db = new pg.Client({ connectionString: dbUrl });
  db.on("error", () => {});
  await db.connect();
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  await prepareIds(q);
  say("bulk rows: 20,000 + 2,000 blocks, lists of 50 and 500, quizzes, 5,500 products");
  const tree = (p, prefix, shape) => insertTree(q, { projectId: p.id, categoryId: p.categoryId, prefix: `${SEED}:${prefix}`, ...shape });
  const t20k = await tree(big, "t20k", { courses: 20, modules: 10, lessons: 10, blocks: 10 });
  const t2k = await tree(mid, "t2k", { courses: 1, modules: 20, lessons: 10, blocks: 10 });
  const mods = { 500: await tree(small, "m500", { courses: 1, modules: 500, coursePosition: 0 }) };
  mods[50] = await tree(small, "m50", { courses: 1, modules: 50, coursePosition: 1 });
  // The write workloads spread over many parents, each with n children, as many authors editing
  // many lessons would: every request still writes among n siblings (their count grows by a few
  // per cent during a run), and the figure is the cost of a write, not the wait of 16 writers on
  // one parent, which the contract makes them take in turn. That wait is measured on its own
  // (`_one_parent`, below) on the first parent of each set.
  const lessons = { 500: await tree(writes, "l500", { courses: 1, modules: PARENTS.lessons[500], lessons: 500, coursePosition: 0 }) };
  lessons[50] = await tree(writes, "l50", { courses: 1, modules: PARENTS.lessons[50], lessons: 50, coursePosition: 1 });
  const blocks = {
    500: await tree(writes, "b500", { courses: 1, modules: 1, lessons: PARENTS.blocks[500], blocks: 500, coursePosition: 2 }),
  };
  blocks[50] = await tree(writes, "b50", { courses: 1, modules: 1, lessons: PARENTS.blocks[50], blocks: 50, coursePosition: 3 });
  // A lesson of ten blocks in the lists project: its question is the learner lesson's practice question.
  const practiceTree = await tree(small, "practice", { courses: 1, modules: 1, lessons: 1, blocks: 10, coursePosition: 2 });
  const quizzes = {
    50: await insertQuiz(q, { projectId: writes.id, lessonId: blocks[500].lessonId, prefix: `${SEED}:quiz50`, count: 50 }),
    10: await insertQuiz(q, { projectId: writes.id, lessonId: blocks[500].lessonId, prefix: `${SEED}:quiz10`, count: 10 }),
  };
  const fw = (prefix, shape, coursePosition) => tree(floorWrites, prefix, { courses: 1, coursePosition, ...shape });
  const blocksP = { 500: await fw("b500p", { modules: 1, lessons: PARENTS.blocks[500], blocks: 500 }, 0) };
  blocksP[50] = await fw("b50p", { modules: 1, lessons: PARENTS.blocks[50], blocks: 50 }, 1);
  const lessonsP = { 500: await fw("l500p", { modules: PARENTS.lessons[500], lessons: 500 }, 2) };
  lessonsP[50] = await fw("l50p", { modules: PARENTS.lessons[50], lessons: 50 }, 3);
  const quizzesP = {
    50: await insertQuiz(q, { projectId: floorWrites.id, lessonId: blocksP[500].lessonId, prefix: `${SEED}:quiz50p`, count: 50 }),
    10: await insertQuiz(q, { projectId: floorWrites.id, lessonId: blocksP[500].lessonId, prefix: `${SEED}:quiz10p`, count: 10 }),
  };
  // Each set's parents in order, and for the moves each module's lessons in order.
  const idsOf = async (sql, param) => (await q(sql, [param])).map((r) => r.id);
  const lessonsOf = async (moduleIds) => {
    const rows = await q("SELECT id, module_id FROM lessons WHERE module_id = ANY($1::uuid[]) ORDER BY position", [moduleIds]);
    return moduleIds.map((moduleId) => rows.filter((r) => r.module_id === moduleId).map((r) => r.id));
  };
  const blockLessons = {};
  const blockLessonsP = {};
  const lessonModules = {};
  const lessonModulesP = {};
  const lessonSets = {};
  const lessonSetsP = {};
  for (const n of [50, 500]) {
    blockLessons[n] = await idsOf("SELECT id FROM lessons WHERE module_id = $1 ORDER BY position", blocks[n].moduleId);
    blockLessonsP[n] = await idsOf("SELECT id FROM lessons WHERE module_id = $1 ORDER BY position", blocksP[n].moduleId);
    lessonModules[n] = await idsOf("SELECT id FROM modules WHERE course_id = $1 ORDER BY position", lessons[n].courseId);
    lessonModulesP[n] = await idsOf("SELECT id FROM modules WHERE course_id = $1 ORDER BY position", lessonsP[n].courseId);
    lessonSets[n] = await lessonsOf(lessonModules[n]);
    lessonSetsP[n] = await lessonsOf(lessonModulesP[n]);
  }
  // The first parent's lessons (the writes compared and counted below use them).
  const siblingLessons = { 50: lessonSets[50][0], 500: lessonSets[500][0] };
  const siblingLessonsP = { 50: lessonSetsP[50][0], 500: lessonSetsP[500][0] };
  // Proposals: companies through the app, their libraries by SQL, proposals through the app.
  const companies = {};
  const proposals = {};
  for (const [products, blockCount] of [
    [5000, 100],
    [500, 10],
  ]) {
    const company = (await session("POST", "/api/proposals/v3/companies", { name: `Bench ${products}` })).data.id;
    const variations = await insertProducts(q, { companyId: company, prefix: `${SEED}:co${products}`, count: products });
    const blocksBody = variations.slice(0, blockCount).map((id, i) => ({ content_id: id, quantity: 1 + (i % 5) }));
    // As many drafts as connections: people edit their own proposals, not one between sixteen.
    const uuids = [];
    for (let i = 0; i < PROPOSALS_PER_SIZE; i++) {
      uuids.push(
        (await api("POST", "/api/proposals/v3/proposals", { company_id: company, language: "en", blocks: blocksBody })).proposal.uuid,
      );
    }
    companies[products] = company;
    proposals[blockCount] = { uuids, company, blocks: blocksBody };
  }
  await q("ANALYZE");
  // The learner's lessons, through the app: one of text and a practice question, one with a diagram.
  const lessonText = "Benchmarks compare figures taken side by side in one run";
  const reading = await api("POST", `/api/authoring/projects/${small.id}/courses`, { title: "Reading" });
  const readingModule = await api("POST", `/api/authoring/courses/${reading.id}/modules`, { title: "Reading" });
  const plainLesson = await api("POST", `/api/authoring/modules/${readingModule.id}/lessons`, { title: "Plain lesson" });
  const diagramLesson = await api("POST", `/api/authoring/modules/${readingModule.id}/lessons`, { title: "Lesson with a diagram" });
  for (const lesson of [plainLesson, diagramLesson]) {
    for (let i = 0; i < 3; i++) {
      const body = `${i === 0 ? "# Measuring\n\n" + lessonText + ".\n\n" : ""}Paragraph ${i + 1}: a figure alone says little; a ratio to a floor measured in the same run says how far there is to go.`;
      await api("POST", `/api/authoring/lessons/${lesson.id}/blocks`, { type: "text", content: { body } });
    }
  }
  const practice = (
    await q("SELECT question_id FROM blocks WHERE lesson_id = $1 AND question_id IS NOT NULL LIMIT 1", [practiceTree.lessonId])
  )[0];
  await api("POST", `/api/authoring/lessons/${plainLesson.id}/blocks`, {
    type: "question",
    question_id: practice.question_id,
    question_role: "practice",
  });
  await api("POST", `/api/authoring/lessons/${diagramLesson.id}/blocks`, {
    type: "diagram",
    content: { source: { type: "mermaid", code: "graph LR\n  Draft --> Published\n  Published --> Draft" }, caption: "States" },
  });
  await api("POST", `/api/authoring/courses/${reading.id}/publish`, {});
  for (const lesson of [plainLesson, diagramLesson]) await api("POST", `/api/authoring/lessons/${lesson.id}/publish`, {});
  say("data ready");
  P.rss_by_phase["start-up and data set-up"] = rss.phase();

  // ---- the floor answers what the app answers ------------------------------------------------
  const compared = {
    "GET /projects/{id} (2,000 blocks)": `/api/authoring/projects/${mid.id}`,
    "GET /blocks/{id} (a question block)": `/api/authoring/blocks/${t2k.questionBlockId}`,
    "GET /courses/{id}/modules?limit=500": `/api/authoring/courses/${mods[500].courseId}/modules?limit=500`,
  };
  for (const [name, url] of Object.entries(compared)) {
    const [a, b] = await Promise.all([request(app.base + url, { headers: auth }), request(baseline.base + url, { headers: auth })]);
    const diff = a.status !== b.status ? `status ${b.status} vs ${a.status}` : firstDifference(JSON.parse(b.body), JSON.parse(a.body));
    results.checks[name] = diff ? `MISMATCH: ${diff}` : "equal";
    if (diff) say(`physical floor differs from the app on ${name}: ${diff}`);
  }
  // One write of each kind, the app's on its rows and the floor's on the floor's copies: the same
  // status and the same JSON once ids and timestamps are masked. Each adds one row to the lesson of
  // 50 blocks (and moves one lesson) on both sides before the timed runs.
  const submission = (quiz) => ({
    answers: quiz.questions.map((x, i) => ({ question_id: x.id, selected_option_ids: [i % 3 ? x.right_option : x.wrong_option] })),
  });
  const comparedWrites = {
    "POST /lessons/{id}/blocks (among 50, at 25)": [
      "POST",
      `/api/authoring/lessons/${blocks[50].lessonId}/blocks`,
      `/api/authoring/lessons/${blocksP[50].lessonId}/blocks`,
      { type: "text", position: 25, content: { body: "Compared by the benchmark." } },
    ],
    "PATCH /lessons/{id} (move among 50, 1 to 37)": [
      "PATCH",
      `/api/authoring/lessons/${siblingLessons[50][1]}`,
      `/api/authoring/lessons/${siblingLessonsP[50][1]}`,
      { position: 37 },
    ],
    "POST /quizzes/{id}/submit (10 questions)": [
      "POST",
      `/api/authoring/quizzes/${quizzes[10].quizId}/submit`,
      `/api/authoring/quizzes/${quizzesP[10].quizId}/submit`,
      null,
    ],
  };
  for (const [name, [method, appUrl, floorUrl, body]] of Object.entries(comparedWrites)) {
    const a = await request(app.base + appUrl, { method, headers: auth, body: body ?? submission(quizzes[10]) });
    const b = await request(baseline.base + floorUrl, { method, headers: auth, body: body ?? submission(quizzesP[10]) });
    const diff =
      a.status !== b.status ? `status ${b.status} vs ${a.status}` : firstDifference(masked(JSON.parse(b.body)), masked(JSON.parse(a.body)));
    results.write_checks[name] = diff ? `MISMATCH: ${diff}` : "equal";
    if (diff) say(`physical floor's write differs from the app's on ${name}: ${diff}`);
  }

  // ---- workloads on PostgreSQL ---------------------------------------------------------------
  // Idle = the app, the physical floor and the database's backends for this run all quiet.
  const backends = async () => (await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = $1", [dbName])).rows.map((r) => r.pid);
  const idle = async () => waitIdle([app.pid, baseline.pid, ...(await backends())]);
  const servers = { app: app.pid, baseline: baseline.pid };
  const bumpOf = (projectId) => {
    let n = 0;
    return () => api("PATCH", `/api/authoring/projects/${projectId}`, { description: `bench bump ${n++}` });
  };

  // Cold reads of 20,000 blocks take a quarter of a second each, so they are few; warm reads are
  // cheap, so they get more samples than the 5 and 8 a cold run can afford.
  for (const [size, p, counts, warmCounts] of [
    ["2k", mid, { 1: 20, 8: 32 }, { 1: 100, 8: 160 }],
    ["20k", big, { 1: 5, 8: 8 }, { 1: 40, 8: 64 }],
  ]) {
    const url = `/api/authoring/projects/${p.id}`;
    for (const connections of [1, 8]) {
      await idle();
      say(`full tree ${size}, cold, ${connections} connection(s)`);
      P[`tree_${size}_cold_c${connections}`] = await loop({
        url: app.base + url,
        connections,
        total: counts[connections],
        headers: auth,
        before: bumpOf(p.id),
      });
      await idle();
      P[`tree_${size}_physical_c${connections}`] = await loop({
        url: baseline.base + url,
        connections,
        total: counts[connections],
        headers: auth,
      });
      await idle();
      await request(app.base + url, { headers: auth }); // the first read after the last write fills any cache
      P[`tree_${size}_warm_c${connections}`] = await loop({
        url: app.base + url,
        connections,
        total: warmCounts[connections],
        headers: auth,
      });
      if (connections === 1) {
        // What a browser or an HTTP library gets: they accept gzip, and Next.js compresses the
        // cached body again on each request (a route handler cannot send bytes already encoded:
        // Next.js drops its Content-Encoding). Reported, no target.
        await idle();
        P[`tree_${size}_warm_gzip_c1`] = await loop({
          url: app.base + url,
          connections,
          total: size === "2k" ? 40 : 10,
          headers: { ...auth, "accept-encoding": "gzip" },
        });
      }
      P.rss_by_phase[`full tree ${size}, ${connections} conn (cold, floor, warm)`] = rss.phase();
    }
    const first = await request(app.base + url, { headers: auth });
    const etag = first.headers.etag;
    if (etag) {
      await idle();
      P[`tree_${size}_if_none_match`] = {
        etag,
        ...(await loop({ url: app.base + url, connections: 1, total: 10, headers: { ...auth, "if-none-match": etag } })),
      };
    } else P[`tree_${size}_if_none_match`] = { etag: null };
  }
  for (const [name, courseId] of [
    ["course_2k", t2k.courseId],
    ["course_1k", t20k.courseId],
  ]) {
    await idle();
    say(`GET /courses/{id} ${name}`);
    P[name] = await loop({ url: `${app.base}/api/authoring/courses/${courseId}`, connections: 1, total: 15, headers: auth });
  }

  /**
   * Small requests run side by side: in each of ROUNDS rounds every workload of a group gets one
   * short slice in turn, the framework floor (key lookup) among them, and each figure is the median
   * of its slices. A burst of load from elsewhere on this shared machine then falls on one slice of
   * each workload, not on the whole of one, and every workload has a floor measured beside it
   * (`floor_rps`), which its ratios use.
   */
  const floorAuth = { url: `${app.base}/api/bench/auth`, headers: auth };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const sideBySide = async (group, { floor = true } = {}) => {
    const all = floor ? [["floor_auth", floorAuth], ...group] : group;
    const slices = new Map(all.map(([key]) => [key, []]));
    say(`${group.map(([key]) => key).join(", ")}: ${ROUNDS} rounds side by side at ${SMALL_CONNECTIONS} connections`);
    for (let pass = 0; pass < ROUNDS; pass++) {
      for (const [key, options] of all) {
        await idle();
        const server = options.url.startsWith(baseline.base) ? "baseline" : "app";
        const before = cpuSnapshot(servers);
        const slice = await cannon({ connections: SMALL_CONNECTIONS, duration: SLICE, ...options });
        const after = cpuSnapshot(servers);
        const per = (side) => (slice.total ? (after[side] - before[side]) / slice.total : null);
        slices.get(key).push({ ...slice, server_cpu_ms: per(server), pg_cpu_ms: per("pg") });
      }
    }
    const figures = (runs) => ({
      p50: median(runs.map((x) => x.p50)),
      p99: median(runs.map((x) => x.p99)),
      rps: median(runs.map((x) => x.rps)),
      total: runs.reduce((sum, x) => sum + x.total, 0),
      non2xx: runs.reduce((sum, x) => sum + x.non2xx, 0),
      errors: runs.reduce((sum, x) => sum + x.errors, 0),
      slices_rps: runs.map((x) => x.rps),
      server_cpu_ms: round(median(runs.map((x) => x.server_cpu_ms)), 2),
      pg_cpu_ms: round(median(runs.map((x) => x.pg_cpu_ms)), 2),
    });
    const floorRps = floor ? figures(slices.get("floor_auth")).rps : undefined;
    if (floor) (P.floor_auth_beside ??= []).push(floorRps);
    for (const [key] of group) P[key] = { ...figures(slices.get(key)), ...(floorRps ? { floor_rps: floorRps } : {}) };
    // The group ran as one phase: its peak since the last phase, named by its members.
    P.rss_by_phase[group.map(([key]) => key).join(", ")] = rss.phase();
  };
  await idle();
  await sideBySide(
    [
      ["floor_noop", { url: `${app.base}/api/bench/noop` }],
      ["floor_auth", floorAuth],
      ["floor_auth_limit", { url: `${app.base}/api/bench/auth-limit`, headers: auth }],
    ],
    { floor: false },
  );
  await sideBySide([
    ["block_get", { url: `${app.base}/api/authoring/blocks/${t2k.questionBlockId}`, headers: auth }],
    ["block_get_physical", { url: `${baseline.base}/api/authoring/blocks/${t2k.questionBlockId}`, headers: auth }],
  ]);
  for (const n of [500, 50]) {
    await sideBySide(
      [app.base, baseline.base].map((base, i) => [
        `modules_${n}${i ? "_physical" : ""}`,
        { url: `${base}/api/authoring/courses/${mods[n].courseId}/modules?limit=500`, headers: auth },
      ]),
    );
  }
  // Each write workload on the app and the same on the physical floor (its own copies of the rows),
  // the same seeded sequence of parents and positions on both.
  const blockCounts = async (lessonIds) =>
    (
      await q("SELECT count(*)::int AS n FROM blocks WHERE lesson_id = ANY($1::uuid[]) AND deleted_at IS NULL GROUP BY lesson_id", [
        lessonIds,
      ])
    ).map((r) => r.n);
  const inserts = (key, base, lessonIds, n) => {
    const next = random(`${SEED}:${key.replace("_physical", "")}`);
    const body = { type: "text", position: Math.floor(n / 2), content: { body: "Inserted by the benchmark." } };
    const path = () => `/api/authoring/lessons/${lessonIds[Math.floor(next() * lessonIds.length)]}/blocks`;
    return [key, { url: `${base}${path()}`, method: "POST", headers: auth, body, setupRequest: (req) => ({ ...req, path: path() }) }];
  };
  const moves = (key, base, sets, n) => {
    const next = random(`${SEED}:${key.replace("_physical", "")}`);
    const move = () => {
      const ids = sets[Math.floor(next() * sets.length)];
      return { path: `/api/authoring/lessons/${ids[Math.floor(next() * n)]}`, body: { position: Math.floor(next() * n) } };
    };
    const first = move();
    const setupRequest = (req) => {
      const { path, body } = move();
      return { ...req, path, body: JSON.stringify(body) };
    };
    return [key, { url: `${base}${first.path}`, method: "PATCH", headers: auth, body: first.body, setupRequest }];
  };
  const writeGroups = [];
  for (const n of [500, 50]) {
    writeGroups.push({
      sets: [
        [`block_insert_${n}`, blockLessons[n]],
        [`block_insert_${n}_physical`, blockLessonsP[n]],
      ],
      group: [
        inserts(`block_insert_${n}`, app.base, blockLessons[n], n),
        inserts(`block_insert_${n}_physical`, baseline.base, blockLessonsP[n], n),
      ],
    });
  }
  // 16 writers on one parent: they take turns by design, so this shows the wait, not the work.
  writeGroups.push({
    sets: [
      ["block_insert_500_one_parent", [blockLessons[500][0]]],
      ["block_insert_500_one_parent_physical", [blockLessonsP[500][0]]],
    ],
    group: [
      inserts("block_insert_500_one_parent", app.base, [blockLessons[500][0]], 500),
      inserts("block_insert_500_one_parent_physical", baseline.base, [blockLessonsP[500][0]], 500),
    ],
  });
  for (const { sets, group } of writeGroups) {
    const before = await Promise.all(sets.map(([, ids]) => blockCounts(ids)));
    await sideBySide(group);
    for (const [i, [key, ids]] of sets.entries()) {
      const after = await blockCounts(ids);
      P[key].siblings = { parents: ids.length, before_max: Math.max(...before[i]), after_max: Math.max(...after) };
    }
  }
  for (const n of [500, 50]) {
    await sideBySide([
      moves(`lesson_move_${n}`, app.base, lessonSets[n], n),
      moves(`lesson_move_${n}_physical`, baseline.base, lessonSetsP[n], n),
    ]);
    for (const key of [`lesson_move_${n}`, `lesson_move_${n}_physical`]) P[key].siblings = { parents: lessonSets[n].length, each: n };
  }
  await sideBySide([
    moves("lesson_move_500_one_parent", app.base, [lessonSets[500][0]], 500),
    moves("lesson_move_500_one_parent_physical", baseline.base, [lessonSetsP[500][0]], 500),
  ]);
  for (const n of [50, 10]) {
    const quizRequest = (base, quiz) => ({
      url: `${base}/api/authoring/quizzes/${quiz.quizId}/submit`,
      method: "POST",
      headers: auth,
      body: submission(quiz),
    });
    await sideBySide([
      // The framework floor of a write: the key lookup and reading the 50-answer submission's body.
      ...(n === 50 ? [["floor_auth_post", { ...floorAuth, method: "POST", body: submission(quizzes[50]) }]] : []),
      [`quiz_submit_${n}`, quizRequest(app.base, quizzes[n])],
      [`quiz_submit_${n}_physical`, quizRequest(baseline.base, quizzesP[n])],
    ]);
  }
  // After the write runs, every sibling set written is still at positions 0..n-1.
  for (const [name, table, column, parents] of [
    ["blocks among 500 (app)", "blocks", "lesson_id", blockLessons[500]],
    ["blocks among 50 (app)", "blocks", "lesson_id", blockLessons[50]],
    ["blocks among 500 (physical floor)", "blocks", "lesson_id", blockLessonsP[500]],
    ["blocks among 50 (physical floor)", "blocks", "lesson_id", blockLessonsP[50]],
    ["lessons among 500 (app)", "lessons", "module_id", lessonModules[500]],
    ["lessons among 50 (app)", "lessons", "module_id", lessonModules[50]],
    ["lessons among 500 (physical floor)", "lessons", "module_id", lessonModulesP[500]],
    ["lessons among 50 (physical floor)", "lessons", "module_id", lessonModulesP[50]],
  ]) {
    const [got] = await q(
      `SELECT count(*)::int AS rows, count(DISTINCT ${column})::int AS parents, count(*) FILTER (WHERE position <> rank)::int AS misplaced
       FROM (SELECT ${column}, position, row_number() OVER (PARTITION BY ${column} ORDER BY position, id) - 1 AS rank
             FROM ${table} WHERE ${column} = ANY($1::uuid[]) AND deleted_at IS NULL) x`,
      [parents],
    );
    const ok = got.misplaced === 0 && got.parents === parents.length;
    results.positions[name] = { rows: got.rows, parents: got.parents, ok };
    if (!ok) say(`positions of ${name}: ${got.misplaced} of ${got.rows} rows are not at 0..n-1 of their parent`);
  }
  await sideBySide(
    [5000, 500].map((n) => [
      `content_list_${n}`,
      { url: `${app.base}/api/proposals/v3/content?company_id=${companies[n]}`, headers: auth },
    ]),
  );
  await sideBySide(
    [100, 10].map((n) => {
      const { uuids, company, blocks } = proposals[n];
      let next = 0;
      return [
        `proposal_patch_${n}`,
        {
          url: `${app.base}/api/proposals/v3/proposals/${uuids[0]}`,
          method: "PATCH",
          headers: auth,
          body: { company_id: company, blocks },
          setupRequest: (req) => ({ ...req, path: `/api/proposals/v3/proposals/${uuids[next++ % uuids.length]}` }),
        },
      ];
    }),
  );

  // ---- pages in Chromium -----------------------------------------------------------------
  if (!flags.has("--no-browser")) {
    await idle();
    say("pages in Chromium");
    const { measurePages } = await import("./browser.mjs");
    results.pages = await measurePages({
      base: app.base,
      jar: owner.jar,
      lessonPlain: `/learn/lessons/${plainLesson.id}`,
      lessonDiagram: `/learn/lessons/${diagramLesson.id}`,
      lessonText,
      editorPath: `/projects/${small.id}/lessons/${plainLesson.id}`,
      treePath: `/projects/${big.id}`,
    }).catch((error) => ({ error: String(error.message ?? error) }));
  }
  P.rss_by_phase.pages = rss.phase();
  results.peak_rss_mb = rss.stop();
  await app.stop();
  await baseline.stop();

  // ---- SQL statements per request: a second app instance behind a counting proxy ---------
  if (!flags.has("--no-counts")) {
    say("statement counts (app behind a counting proxy)");
    const proxy = await startCountingProxy();
    const counted = await startApp({
      env: { DATABASE_URL: Object.assign(new URL(dbUrl), { host: `127.0.0.1:${proxy.port}` }).toString() },
      name: "counted",
    });
    const count = async (method, url, body, { warmups = 2, runs = 3, before } = {}) => {
      const seen = [];
      for (let i = 0; i < warmups + runs; i++) {
        if (before) await before();
        const mark = proxy.mark();
        const res = await request(counted.base + url, { method, headers: auth, body });
        if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
        if (i >= warmups) seen.push(proxy.since(mark));
      }
      seen.sort((a, b) => a.length - b.length);
      const median = seen[Math.floor(seen.length / 2)];
      return { count: median.length, statements: median.map((s) => s.replace(/\s+/g, " ").slice(0, 160)) };
    };
    const countedApi = client(counted.base, auth);
    const bump = (id) => () => countedApi("PATCH", `/api/authoring/projects/${id}`, { description: `count ${Math.random()}` });
    const s = {};
    s.floor_auth = await count("GET", "/api/bench/auth");
    s.floor_auth_limit = await count("GET", "/api/bench/auth-limit");
    s.block_get = await count("GET", `/api/authoring/blocks/${t2k.questionBlockId}`);
    s.block_get_text = await count("GET", `/api/authoring/blocks/${t2k.textBlockId}`);
    for (const n of [50, 500]) {
      s[`block_insert_${n}`] = await count("POST", `/api/authoring/lessons/${blocks[n].lessonId}/blocks`, {
        type: "text",
        position: Math.floor(n / 2),
        content: { body: "Counted." },
      });
      const ids = siblingLessons[n];
      const moves = [
        [ids[1], n - 2],
        [ids[2], 1],
        [ids[3], Math.floor(n / 2)],
        [ids[4], 3],
        [ids[5], n - 1],
      ];
      const move = { count: [], statements: null };
      for (const [id, position] of moves) {
        const r = await count("PATCH", `/api/authoring/lessons/${id}`, { position }, { warmups: 0, runs: 1 });
        move.count.push(r.count);
        move.statements ??= r.statements;
      }
      s[`lesson_move_${n}`] = { count: Math.max(...move.count), counts: move.count, statements: move.statements };
    }
    s.quiz_submit_50 = await count("POST", `/api/authoring/quizzes/${quizzes[50].quizId}/submit`, submission(quizzes[50]));
    s.quiz_submit_10 = await count("POST", `/api/authoring/quizzes/${quizzes[10].quizId}/submit`, submission(quizzes[10]));
    s.tree_2k_cold = await count("GET", `/api/authoring/projects/${mid.id}`, undefined, { warmups: 1, runs: 1, before: bump(mid.id) });
    s.tree_20k_cold = await count("GET", `/api/authoring/projects/${big.id}`, undefined, { warmups: 0, runs: 1, before: bump(big.id) });
    s.modules_500 = await count("GET", `/api/authoring/courses/${mods[500].courseId}/modules?limit=500`);
    results.statements = s;
    await counted.stop();
    await proxy.close();
  }
  // ---- once on the embedded database -----------------------------------------------------
  if (!flags.has("--no-pglite")) {
    say("embedded database (PGlite): 2,000-block project through the app's API");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
    const embedded = await startApp({ env: { DATA_DIR: dataDir }, name: "pglite" });
    try {
      results.pglite = await pgliteRun(embedded);
    } catch (error) {
      results.pglite = { error: String(error.message ?? error) };
    } finally {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} catch (error) {
  failed = error;
  console.error(error);
  console.error(lastServer?.log().slice(-4000));
} finally {
  stopAll();
  await db?.end().catch(() => {});
  if (admin && dbName) {
    // BENCH_KEEP_DB=1 leaves the run's database for a look at its plans (drop it afterwards).
    if (process.env.BENCH_KEEP_DB === "1") say(`kept database ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) => console.error(`drop ${dbName}: ${e.message}`));
    await admin.end();
  }
}

/** The embedded database: the owner and a 2,000-block project (1 x 20 x 10 x 10) made through the API. */
async function pgliteRun(app) {
  const owner = await signUpOwner(app.base, `${SEED}-pglite`);
  const auth = { authorization: `Bearer ${owner.key}` };
  const api = client(app.base, auth);
  const p = (await api("POST", "/api/authoring/projects", { name: "Bench 2,000 blocks", workspace_id: owner.workspaceId })).id;
  const categoryId = (await api("POST", `/api/authoring/projects/${p}/categories`, { name: "Bench" })).id;
  const course = await api("POST", `/api/authoring/projects/${p}/courses`, { title: "Course 1" });
  const lessonIds = [];
  for (let m = 1; m <= 20; m++) {
    const mod = await api("POST", `/api/authoring/courses/${course.id}/modules`, { title: `Module ${m}` });
    for (let l = 1; l <= 10; l++)
      lessonIds.push((await api("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: `Lesson ${m}.${l}` })).id);
  }
  let questionBlockId;
  const fill = async (lessonId) => {
    for (let b = 1; b <= 10; b++) {
      if (b % 10 === 0) {
        const question = await api("POST", `/api/authoring/projects/${p}/questions`, {
          category_id: categoryId,
          prompt: `Which holds for ${lessonId}.${b}?`,
          question_type: "single_choice",
          difficulty: 1,
          options: [1, 2, 3, 4].map((o) => ({ label: `Answer ${o}`, is_correct: o === 2 })),
        });
        const block = await api("POST", `/api/authoring/lessons/${lessonId}/blocks`, {
          type: "question",
          question_id: question.id,
          question_role: "practice",
        });
        questionBlockId ??= block.id;
      } else {
        await api("POST", `/api/authoring/lessons/${lessonId}/blocks`, {
          type: "text",
          content: { body: `Paragraph ${b}: ${"seeded words ".repeat(14)}` },
        });
      }
    }
  };
  const queue = [...lessonIds];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let id; (id = queue.shift());) await fill(id);
    }),
  );
  say(`embedded: data ready`);
  const url = `${app.base}/api/authoring/projects/${p}`;
  let n = 0;
  const bump = () => api("PATCH", `/api/authoring/projects/${p}`, { description: `bump ${n++}` });
  const out = {};
  await waitIdle([app.pid]);
  out.tree_2k_cold_c1 = await loop({ url, connections: 1, total: 20, headers: auth, before: bump });
  await request(url, { headers: auth });
  out.tree_2k_warm_c1 = await loop({ url, connections: 1, total: 40, headers: auth });
  await waitIdle([app.pid]);
  out.floor_auth = await cannon({ url: `${app.base}/api/bench/auth`, connections: SMALL_CONNECTIONS, duration: DURATION, headers: auth });
  await waitIdle([app.pid]);
  out.block_get = await cannon({
    url: `${app.base}/api/authoring/blocks/${questionBlockId}`,
    connections: SMALL_CONNECTIONS,
    duration: DURATION,
    headers: auth,
  });
  return out;
}

// ---- report ----------------------------------------------------------------------------------
if (failed) results.error = String(failed.stack ?? failed);
const { report, targets } = await import("./report.mjs");
results.targets = targets(results);
results.finished_at = new Date().toISOString();
results.wall_s = Math.round((Date.now() - started) / 1000);
fs.mkdirSync("bench/results", { recursive: true });
const out = failed ? "bench/results/failed" : "bench/results/latest";
// Written as the repository's formatter would, so a committed result passes its check.
const prettier = await import("prettier");
const jsonFile = `${out}.json`;
fs.writeFileSync(
  jsonFile,
  await prettier.format(JSON.stringify(results), { ...(await prettier.resolveConfig(jsonFile)), filepath: jsonFile }),
);
const text = report(results);
fs.writeFileSync(`${out}.md`, text);
console.log("\n" + text);
say(`wrote ${out}.json and ${out}.md`);
process.exit(failed ? 1 : 0);
