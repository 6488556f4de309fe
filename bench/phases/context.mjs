// What every phase of `npm run bench` (bench/run.mjs) shares: the settings, the run's results
// object (what bench/results/latest.json holds), and small helpers.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { isDeepStrictEqual } from "node:util";

export const started = Date.now();
export const flags = new Set(process.argv.slice(2));
export const SEED = process.env.BENCH_SEED || "1";
export const ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
export const DURATION = Number(process.env.BENCH_DURATION || 5); // seconds per autocannon run
export const SMALL_CONNECTIONS = 16;
export const ROUNDS = Number(process.env.BENCH_ROUNDS || 3); // slices of each small-request workload, taken in turn
export const SLICE = Number(process.env.BENCH_SLICE || 2); // seconds per slice
// How many parents each write workload spreads its requests over (see the data set-up).
export const PARENTS = { blocks: { 500: 32, 50: 150 }, lessons: { 500: 32, 50: 100 } };
// The proposal PATCHes take turns over this many drafts of each size.
export const PROPOSALS_PER_SIZE = SMALL_CONNECTIONS;
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;
export const say = (message) => console.log(`[bench ${elapsed()}] ${message}`);

/** A seeded pseudo-random generator (mulberry32): the same moves in every run with one seed. */
export function random(seed) {
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
export const masked = (v) =>
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
export function firstDifference(a, b, at = "$") {
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

export const results = {
  started_at: new Date(started).toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: serverNodeVersion(), memory_gb: Math.round(os.totalmem() / 2 ** 30) },
  seed: SEED,
  duration_s: DURATION,
  small_requests: { rounds: ROUNDS, slice_s: SLICE },
  checks: {},
  write_checks: {},
  positions: {},
  postgres: {},
  statements: null,
  pages: null,
  editor_typing: null,
  scale: null,
  pglite: null,
  peak_rss_mb: null,
  targets: [],
};

/** The postgres run's figures, by workload. */
export const P = results.postgres;

/** A quiz submission that answers every question, two in three of them right. */
export const submission = (quiz) => ({
  answers: quiz.questions.map((x, i) => ({ question_id: x.id, selected_option_ids: [i % 3 ? x.right_option : x.wrong_option] })),
});

/**
 * A write to every course of the project (its description), so that the next tree read is built
 * cold: the tree is kept by course, and a write to the project's own fields only splices the
 * courses kept (docs/decisions/048-tree-fragments.md). `api` is a `client` of bench/app.mjs.
 */
export async function changeEveryCourse(api, projectId, description) {
  const { courses } = await api("GET", `/api/authoring/projects/${projectId}/courses`);
  for (const course of courses) await api("PATCH", `/api/authoring/courses/${course.id}`, { description });
}

/** The version of the Node.js the servers run on: BENCH_NODE's, or this process's. */
function serverNodeVersion() {
  const node = process.env.BENCH_NODE;
  return node ? execFileSync(node, ["--version"], { encoding: "utf8" }).trim() : process.version;
}
