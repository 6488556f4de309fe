import { SETTINGS, type SettingName } from "./env";

/**
 * The configuration reference, generated: docs/configuration.md from the settings in lib/env.ts and
 * the variables below, and the README's table of the settings an operator sets first.
 * `npm run docs:config` writes both; lib/env.test.ts fails while either differs from what this gives.
 */

export const CONFIGURATION_DOC = "docs/configuration.md";
export const CONFIGURATION_COMMAND = "npm run docs:config";

/** The settings an operator sets first, shown in the README too (between its `docs:config` markers). */
export const FIRST_SETTINGS = ["DATABASE_URL", "APP_URL", "SMTP_URL", "MAIL_FROM", "TRUST_PROXY"] as const satisfies readonly SettingName[];

/** A variable the app itself does not read (lib/env.ts has those), documented here. */
type Variable = { names: readonly string[]; shownDefault: string; doc: string };

/** Read by `npm start` and the build (scripts/server-command.mjs, next.config.ts), not by the running app. */
export const SERVER_VARIABLES: readonly Variable[] = [
  {
    names: ["SERVER_HEAP_MB"],
    shownDefault: "`336`",
    doc: "the server's JavaScript heap limit, its old generation (`npm start` passes it as `--max-old-space-size`; a limit already in `NODE_OPTIONS` wins). Without a limit V8 sizes the heap from the machine's memory and collects lazily: under load the benchmark saw ~760 MB resident instead of ~370 (bench/README.md)",
  },
  {
    names: ["SERVER_SEMI_SPACE_MB"],
    shownDefault: "`32`",
    doc: "the size of each of the young generation's semi-spaces (`--max-semi-space-size`; V8's default is 16). With 32, requests cost 3 to 11 % less CPU; the young generation, three of them, takes the 48 MB that came off `SERVER_HEAP_MB`'s default (bench/README.md)",
  },
  {
    names: ["MALLOC_ARENA_MAX"],
    shownDefault: "`2`",
    doc: "glibc's malloc arenas for the server process (`npm start` sets it unless it is set). glibc's own default, up to eight a core, left the server 34 to 48 MB more resident for no speed (bench/README.md)",
  },
  {
    names: ["BENCH_ROUTES"],
    shownDefault: "unset",
    doc: "read when the app is built, not when it runs: `1` makes the benchmark's build, the only one with the floor routes under `/api/bench` (bench/README.md). `npm run bench` sets it for its own build folder (`.next-bench`); a deployment never does, and answers 404 there",
  },
];

/** Read by the scripts, the benchmark and the tests themselves: they run before the app is built, or beside it. */
export const TOOL_VARIABLES: readonly Variable[] = [
  {
    names: ["NEXT_DIST_DIR"],
    shownDefault: "`.next`",
    doc: "the build folder of `next build`, `npm start` and the browser tests' server (the benchmark's: `.next-bench`). Builds side by side (parallel test runs) each need their own. A build is made when it is missing or its sources changed",
  },
  {
    names: ["REUSE_BUILD"],
    shownDefault: "unset",
    doc: "`1` starts on the existing build in `NEXT_DIST_DIR` even when the sources changed since (several people editing one checkout)",
  },
  {
    names: ["NEXT_SERVER_MINIFY"],
    shownDefault: "on",
    doc: "read by the build: `0` leaves the server code unminified, so a CPU profile (`npm run bench:profile`) names its functions; give that build a `NEXT_DIST_DIR` of its own",
  },
  { names: ["NEXT_TELEMETRY_DISABLED"], shownDefault: "`1`", doc: "Next.js's own; the scripts set it unless it is set" },
  {
    names: ["TEST_DATABASE_URL"],
    shownDefault: "unset",
    doc: "`postgresql://…` of a server where each Vitest file and each browser-test server gets a fresh database of its own; unset: embedded databases",
  },
  {
    names: ["TEST_REDIS_URL"],
    shownDefault: "`redis://127.0.0.1:6379/15`",
    doc: "the Redis the rate-limit test keeps its counts in (as `REDIS_URL`)",
  },
  { names: ["VITEST_MAX_WORKERS"], shownDefault: "`2`", doc: "Vitest files run at once" },
  {
    names: ["VITEST_DATABASE_FILES_ONLY"],
    shownDefault: "unset",
    doc: "`1`: Vitest leaves out the files that never reach the database (test/database-free-files.json); CI's PostgreSQL pass sets it",
  },
  {
    names: ["VITEST_EXCLUDE"],
    shownDefault: "unset",
    doc: "comma-separated test files Vitest leaves out; CI's PostgreSQL pass leaves out the authorization matrix and the fuzzer, which `npm run test:reliability` runs there",
  },
  {
    names: ["E2E_PORT"],
    shownDefault: "`3100`",
    doc: "the port of the browser tests' server; the specs' own servers and the test mailbox take ports above it, up to `E2E_PORT` + 70, so runs side by side need ports 100 apart",
  },
  { names: ["E2E_WORKERS"], shownDefault: "`2`", doc: "browser spec files run at once" },
  {
    names: ["E2E_API_WORKERS"],
    shownDefault: "`2`",
    doc: "API spec files run at once, beside the browser specs (they mostly wait on servers they start)",
  },
  {
    names: ["PLAYWRIGHT_CHROMIUM_PATH"],
    shownDefault: "tests: `/usr/bin/chromium-headless-shell` if installed, else `/usr/bin/chromium`; benchmark: `/usr/bin/chromium`",
    doc: "the Chromium or Chrome that the browser tests and the benchmark drive",
  },
  {
    names: ["E2E_SCREENSHOTS"],
    shownDefault: "`1`, `0` in CI",
    doc: "`1`: the browser specs save screenshots of what they check under test-results/screenshots for a person to look at; `0`: they do not (a failing test's screenshot is always taken)",
  },
  {
    names: ["CI"],
    shownDefault: "unset",
    doc: "set by CI: Playwright writes an HTML report as well, the specs save no screenshots (E2E_SCREENSHOTS) and the build writes no Turbopack cache",
  },
  {
    names: ["TEST_REPORT_DIR"],
    shownDefault: "unset",
    doc: "Vitest and Playwright write their JSON reports there (`vitest.json`, `playwright.json`), which `scripts/test-summary.mjs` adds up",
  },
  {
    names: ["TEST_STEPS_FILE"],
    shownDefault: "unset",
    doc: "`npm test` (scripts/test.mjs) appends each step's name and seconds there; `.ci/run` sets it to print every step's time at the end",
  },
  {
    names: ["RELIABILITY_REPORT_DIR"],
    shownDefault: "unset",
    doc: "the reliability proofs add what they tried to `figures.jsonl` there (docs/reliability.md); `npm run test:reliability` sets it",
  },
  {
    names: ["FUZZ_RUNS", "FUZZ_SEED"],
    shownDefault: "`6`, `20261122`",
    doc: "valid requests per endpoint of the fuzz test (twice as many invalid ones), and its seed (a failure prints the one to replay)",
  },
  {
    names: ["TREE_WRITES"],
    shownDefault: "`114`",
    doc: "writes of every kind, each followed by cached and cold reads compared, in the tree-cache test (test/integration/tree-fragments.test.ts); `npm run test:reliability -- --heavy` makes it 400",
  },
  {
    names: ["CRASH_ROUNDS", "CRASH_SEED", "CRASH_PORT"],
    shownDefault: "`3`, random, `E2E_PORT` + 10",
    doc: "rounds of the crash-safety spec, the seed of its choices (each run prints it), and the port of its own server",
  },
  {
    names: ["BENCH_DATABASE_URL", "BENCH_SEED", "BENCH_ROUNDS", "BENCH_SLICE", "BENCH_DURATION", "BENCH_KEEP_DB"],
    shownDefault: "bench/README.md",
    doc: "the benchmark's PostgreSQL server, its data's seed and its timings; `BENCH_KEEP_DB=1` keeps the database it made",
  },
  {
    names: ["BENCH_NODE"],
    shownDefault: "the Node.js running the benchmark",
    doc: "the Node.js binary the benchmark's app and floors run on; `node bench/node-versions.mjs A B` runs the benchmark once on each and sets it",
  },
  {
    names: ["EDITOR_TYPING_ROUNDS"],
    shownDefault: "`3`",
    doc: "rounds of 50 keystrokes per draft size in the benchmark's typing in the proposal editor (`node bench/editor-typing.mjs`, bench/README.md)",
  },
  {
    names: ["EXPORT_RUNS"],
    shownDefault: "`7`",
    doc: "exports in a row of the 2,000-block course per format in the benchmark's export phase (`node bench/exports.mjs`, bench/README.md)",
  },
  {
    names: ["OUTBOX_COUNT"],
    shownDefault: "`2000`",
    doc: "mails, then webhook deliveries, written for each drain of the benchmark's outbox figures (`node bench/outbox.mjs`, bench/README.md)",
  },
  {
    names: ["PDF_RUNS"],
    shownDefault: "`20`",
    doc: "timed PDFs of a 100-line proposal in the benchmark's PDF figure (`node bench/pdf.mjs`, bench/README.md)",
  },
  { names: ["PDF_LEAK_RUNS"], shownDefault: "`50`", doc: "PDFs in a row between the PDF figure's two readings of the server's memory" },
  { names: ["PROFILE_DIR"], shownDefault: "`bench/results/profile`", doc: "where `npm run bench:profile` writes its CPU profiles" },
];

/** Every variable the reference documents: the app's settings, and the ones the scripts and tests read. */
export function documentedVariables(): Set<string> {
  return new Set([...Object.keys(SETTINGS), ...[...SERVER_VARIABLES, ...TOOL_VARIABLES].flatMap((v) => v.names)]);
}

const code = (value: string) => `\`${value}\``;

/** A default as a reader writes it: flags on or off, values as code, nothing as "unset". */
function shownDefault(fallback: unknown): string {
  if (fallback === undefined) return "unset";
  if (typeof fallback === "boolean") return fallback ? "on" : "off";
  return code(String(fallback));
}

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

const tableHead = ["| variable | default | meaning |", "|---|---|---|"];

function settingRow(name: SettingName): string {
  const setting: { fallback: unknown; doc: string; shownDefault?: string; isCritical?: boolean } = SETTINGS[name];
  const meaning = setting.isCritical ? `${setting.doc}. **Critical**: a malformed value stops the start` : setting.doc;
  return `| ${code(name)} | ${cell(setting.shownDefault ?? shownDefault(setting.fallback))} | ${cell(meaning)} |`;
}

const variableRow = (v: Variable) => `| ${v.names.map(code).join(", ")} | ${cell(v.shownDefault)} | ${cell(v.doc)} |`;

/** The table of these settings, as docs/configuration.md and the README show it. */
export function settingsTable(names: readonly SettingName[]): string {
  return [...tableHead, ...names.map(settingRow)].join("\n");
}

/** The whole of docs/configuration.md. */
export function configurationReference(): string {
  const names = Object.keys(SETTINGS) as SettingName[];
  const critical = names.filter((name) => (SETTINGS[name] as { isCritical?: boolean }).isCritical).map(code);
  return [
    "# Configuration",
    "",
    `<!-- Generated from lib/env.ts and lib/env-reference.ts by \`${CONFIGURATION_COMMAND}\`: edit those, then run it. lib/env.test.ts fails while this file is stale. -->`,
    "",
    "Coursewright is configured by environment variables, and needs none to start: `npm ci && npm start`",
    "runs on an embedded database under `.data/`. The app reads its own in one module, lib/env.ts, at",
    "each use, so a test or a deployment changes a limit without a restart.",
    "",
    "- An empty variable is the same as an unset one.",
    "- Flags take `1`, `true`, `yes` or `on`, and `0`, `false`, `no` or `off`, upper or lower case.",
    "- A value that is set but malformed falls back to the default, and the server's log says so as it",
    '  starts: `[env] API_RATE_LIMIT="lots" is not valid: using 600`.',
    "- A malformed critical setting stops the start instead, since its default would quietly do",
    "  something else (mail logged and never sent, data in another database): `npm start` and the",
    "  server exit with a message naming it and what it must look like, a password in it hidden. The",
    `  critical ones: ${critical.join(", ")}.`,
    "",
    "Running on PostgreSQL, several instances, the health check and the admin command line:",
    "docs/operations.md.",
    "",
    "## The app's settings",
    "",
    settingsTable(names),
    "",
    "## Read by `npm start` and the build",
    "",
    "Not by the running app: `npm start` turns these into the server's command line and environment",
    "(scripts/server-command.mjs), and the build reads `BENCH_ROUTES`.",
    "",
    ...tableHead,
    ...SERVER_VARIABLES.map(variableRow),
    "",
    "## Variables of the scripts and tests",
    "",
    "The scripts, the benchmark and the tests read these themselves (they run before the app is built,",
    "or beside it); the app does not read them.",
    "",
    ...tableHead,
    ...TOOL_VARIABLES.map(variableRow),
    "",
  ].join("\n");
}

const README_START = "<!-- docs:config first settings: generated by `npm run docs:config` from lib/env.ts -->";
const README_END = "<!-- /docs:config -->";

/** The README with its table of the first settings as lib/env.ts documents them now. */
export function readmeWithFirstSettings(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END, start);
  if (start < 0 || end < 0) throw new Error(`README.md has lost its markers: ${README_START} … ${README_END}`);
  return `${readme.slice(0, start)}${README_START}\n${settingsTable(FIRST_SETTINGS)}\n${readme.slice(end)}`;
}
