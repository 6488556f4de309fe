// Where a small request's time goes: starts the production build on a fresh PostgreSQL database
// with V8's CPU profiler on, drives one workload with autocannon, and prints the self time per
// package (and the top functions). The profile itself is kept for Chrome's DevTools. With
// NEXT_SERVER_MINIFY=0 (and its own NEXT_DIST_DIR) the server code keeps its function names.
//
//   npm run bench:profile -- [block_get|quiz_submit|proposal_patch|proposal_get|recipient_page|content_list|block_insert|lesson_move|modules|floor_auth|tree_20k_warm] [seconds]
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { client, ensureBenchBuild, signUpOwner, startApp, stopAll } from "./app.mjs";
import { insertProducts, insertQuiz, insertTree, prepareIds } from "./data.mjs";
import { cannon } from "./load.mjs";

const [workload = "block_get", seconds = "10"] = process.argv.slice(2);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const OUT = path.resolve(process.env.PROFILE_DIR ?? "bench/results/profile");

ensureBenchBuild();
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

const dbName = `bench_prof_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
let app;
try {
  app = await startApp({
    env: {
      DATABASE_URL: dbUrl,
      PROFILE_DIR: OUT,
      NODE_OPTIONS: `--import ${path.resolve("bench/cpu-profile.mjs")}`,
      // The recipient page's reads from one address.
      PUBLIC_RATE_LIMIT_PER_ADDRESS: "1000000000",
    },
  });
  const owner = await signUpOwner(app.base, 1);
  const auth = { authorization: `Bearer ${owner.key}` };
  const api = client(app.base, auth);
  const project = (await api("POST", "/api/authoring/projects", { name: "Profile", workspace_id: owner.workspaceId })).id;
  const categoryId = (await api("POST", `/api/authoring/projects/${project}/categories`, { name: "P" })).id;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  await prepareIds(q);
  const blocks = await insertTree(q, { projectId: project, categoryId, prefix: "prof:b", courses: 1, modules: 1, lessons: 1, blocks: 500 });
  const lessons = await insertTree(q, {
    projectId: project,
    categoryId,
    prefix: "prof:l",
    courses: 1,
    modules: 1,
    lessons: 500,
    coursePosition: 1,
  });
  const mods = await insertTree(q, { projectId: project, categoryId, prefix: "prof:m", courses: 1, modules: 500, coursePosition: 2 });
  const big =
    workload === "tree_20k_warm"
      ? await insertTree(q, {
          projectId: project,
          categoryId,
          prefix: "prof:t",
          courses: 20,
          modules: 10,
          lessons: 10,
          blocks: 10,
          coursePosition: 3,
        })
      : null;
  const quiz = await insertQuiz(q, { projectId: project, lessonId: blocks.lessonId, prefix: "prof:quiz", count: 50 });
  const lessonIds = (await q("SELECT id FROM lessons WHERE module_id = $1 ORDER BY position", [lessons.moduleId])).map((r) => r.id);
  // A company's library of 5,000 products and proposals of 100 of them, one per connection.
  const session = client(app.base, { cookie: owner.cookie });
  const company = (await session("POST", "/api/proposals/v3/companies", { name: "Profile" })).data.id;
  const variations = await insertProducts(q, { companyId: company, prefix: "prof:co", count: 5000 });
  const proposalBody = { company_id: company, blocks: variations.map((id, i) => ({ content_id: id, quantity: 1 + (i % 5) })) };
  const proposalIds = [];
  for (let i = 0; i < 16; i++) {
    proposalIds.push((await api("POST", "/api/proposals/v3/proposals", { ...proposalBody, language: "en" })).proposal.uuid);
  }
  // And 16 of 10 of them, for the PATCH of 10 blocks.
  const smallBody = { ...proposalBody, blocks: proposalBody.blocks.slice(0, 10) };
  const smallIds = [];
  for (let i = 0; i < 16; i++) {
    smallIds.push((await api("POST", "/api/proposals/v3/proposals", { ...smallBody, language: "en" })).proposal.uuid);
  }
  // A sent proposal of the same 100 blocks, for the customer's page.
  const sent = (await api("POST", "/api/proposals/v3/proposals", { ...proposalBody, language: "en" })).proposal.uuid;
  await api("POST", `/api/proposals/v3/proposals/${sent}/send`, {});
  await q("ANALYZE");
  await db.end();

  let n = 0;
  const WORKLOADS = {
    floor_auth: { url: `${app.base}/api/bench/auth` },
    // The whole project (20,000 blocks and the rest, ~11 MB) from the cache, at 1 connection.
    tree_20k_warm: big && { url: `${app.base}/api/authoring/projects/${project}`, connections: 1 },
    block_get: { url: `${app.base}/api/authoring/blocks/${blocks.questionBlockId}` },
    modules: { url: `${app.base}/api/authoring/courses/${mods.courseId}/modules?limit=500` },
    block_insert: {
      url: `${app.base}/api/authoring/lessons/${blocks.lessonId}/blocks`,
      method: "POST",
      body: { type: "text", position: 250, content: { body: "Inserted while profiling." } },
    },
    lesson_move: {
      url: `${app.base}/api/authoring/lessons/${lessonIds[0]}`,
      method: "PATCH",
      body: { position: 0 },
      setupRequest: (req) => ({
        ...req,
        path: `/api/authoring/lessons/${lessonIds[n++ % lessonIds.length]}`,
        body: JSON.stringify({ position: (n * 7) % lessonIds.length }),
      }),
    },
    // PATCH of a proposal's 100 blocks, each request to the next of 16 proposals.
    proposal_patch: {
      url: `${app.base}/api/proposals/v3/proposals/${proposalIds[0]}`,
      method: "PATCH",
      body: proposalBody,
      setupRequest: (req) => ({ ...req, path: `/api/proposals/v3/proposals/${proposalIds[n++ % proposalIds.length]}` }),
    },
    // The same of 10 blocks.
    proposal_patch_10: {
      url: `${app.base}/api/proposals/v3/proposals/${smallIds[0]}`,
      method: "PATCH",
      body: smallBody,
      setupRequest: (req) => ({ ...req, path: `/api/proposals/v3/proposals/${smallIds[n++ % smallIds.length]}` }),
    },
    // The customer's page of a sent 100-block proposal, rendered on the server (no session).
    recipient_page: { url: `${app.base}/p/${sent}`, anonymous: true },
    proposal_get: { url: `${app.base}/api/proposals/v3/proposals/${proposalIds[0]}` },
    // The company's whole library of 5,000 products (the proposal editor's first read).
    content_list: { url: `${app.base}/api/proposals/v3/content?company_id=${company}` },
    quiz_submit: {
      url: `${app.base}/api/authoring/quizzes/${quiz.quizId}/submit`,
      method: "POST",
      body: {
        answers: quiz.questions.map((x, i) => ({ question_id: x.id, selected_option_ids: [i % 3 ? x.right_option : x.wrong_option] })),
      },
    },
  };
  const spec = WORKLOADS[workload];
  if (!spec) throw new Error(`unknown workload ${workload}: one of ${Object.keys(WORKLOADS).join(", ")}`);
  // Warm up (compilation, pools), then the profiled run.
  const headers = spec.anonymous ? {} : auth;
  await cannon({ ...spec, headers, connections: 4, duration: 2 });
  // Only the measured run is in the profile: it restarts here.
  process.kill(app.pid, "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const result = await cannon({ connections: 16, ...spec, headers, duration: Number(seconds) });
  console.log(`${workload}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
  process.kill(app.pid, "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 3000));
} finally {
  await app?.stop();
  stopAll();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  await admin.end();
}

// ---- the profile: self time by package and by function ----------------------------------------
const files = fs.readdirSync(OUT).filter((f) => f.endsWith(".cpuprofile"));
const biggest = files.map((f) => path.join(OUT, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
if (!biggest) throw new Error(`no profile written in ${OUT}`);
const profile = JSON.parse(fs.readFileSync(biggest, "utf8"));
const self = new Map(profile.nodes.map((n) => [n.id, 0]));
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], self.get(profile.samples[i]) + (profile.timeDeltas[i] ?? 0));
const where = (url) => {
  if (!url) return "(native / idle / gc)";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes("/.next")) return "app (.next build)";
  if (url.startsWith("node:")) return "node core";
  return url.replace(/^file:\/\//, "").replace(process.cwd(), ".");
};
const byPackage = new Map();
const byFunction = new Map();
let total = 0;
for (const node of profile.nodes) {
  const t = self.get(node.id) / 1000;
  total += t;
  const { url, functionName, lineNumber } = node.callFrame;
  const pkg = functionName === "(idle)" ? "(idle)" : where(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
  const fn = `${functionName || "(anonymous)"} ${pkg}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
}
const top = (map, k) => [...map].sort((a, b) => b[1] - a[1]).slice(0, k);
console.log(`\nprofile ${path.relative(process.cwd(), biggest)}: ${Math.round(total)} ms sampled`);
console.log("\nself time by package:");
for (const [k, v] of top(byPackage, 15)) console.log(`${((100 * v) / total).toFixed(1).padStart(6)} %  ${k}`);
console.log("\ntop functions (self time):");
for (const [k, v] of top(byFunction, 25)) console.log(`${((100 * v) / total).toFixed(1).padStart(6)} %  ${k}`);
