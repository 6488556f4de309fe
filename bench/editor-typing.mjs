// Typing in the proposal editor (/proposals/{uuid}/edit) in Chromium: real key presses into one
// block's "Block description" of a draft of 100 product blocks, and of 10, and per keystroke the
// time from the keydown to the next animation frame after the value changed, and how many block
// articles saw a DOM mutation (bench/README.md, Method, "Typing in the proposal editor").
//
//   node bench/editor-typing.mjs     # its own database and server; figures in bench/results/editor-typing.json
//
// `npm run bench` measures the same in its pages phase (bench/phases/pages.mjs), on its own drafts.
import fs from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { chromium } from "playwright";
import { editorTypingTable } from "./report.mjs";

const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
/** What is typed: 50 characters, letters and spaces (each one key press). */
export const TYPED = "typing fifty characters into the block description";
/** Drafts typed into per size: each round a fresh page on a draft of its own, the sizes in turn. */
export const ROUNDS = Number(process.env.EDITOR_TYPING_ROUNDS || 3);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round1 = (n) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null);
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Runs in the page before the first key. Per keystroke (keydown to the next keydown): the keydown's
 * time stamp, when the page's listener saw it, when the value changed (input) and the next
 * animation frame after that; and what the blocks list's mutation records touched meanwhile. The
 * records of one delivery (one task's changes: a React commit) are counted once per block article
 * they touched ("updates"), so two re-renders that land in one keystroke's window count twice.
 * Outside the typed block's article, the records' kinds (record type, element, attribute). Event
 * Timing's `event` entries (16 ms and longer, the API's floor) beside.
 */
function instrument(label) {
  const list = document.querySelector('ol[aria-label="Blocks of this proposal"]');
  const typed = [...list.querySelectorAll("article")].find((a) => a.getAttribute("aria-label") === label);
  const textarea = typed.querySelector('textarea[aria-label="Block description"]');
  const state = { keys: [], events: [], after: null, kinds: {}, after_kinds: {} };
  const tally = () => ({ records: 0, updates: 0, others: 0, outside: 0, articles: new Set() });
  let bucket = null; // where deliveries are counted: the current keystroke's, the save's, or none
  let kinds = state.kinds;
  const account = (records) => {
    if (!bucket || !records.length) return;
    const touched = new Set();
    for (const record of records) {
      const node = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
      const article = node?.closest('article[aria-label^="Block "]');
      if (article) touched.add(article);
      else bucket.outside += 1;
      if (article !== typed) {
        const kind = `${record.type} ${node?.tagName.toLowerCase()}${record.attributeName ? `[${record.attributeName}]` : ""}`;
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
    }
    bucket.records += records.length;
    bucket.updates += touched.size;
    bucket.others += touched.size - (touched.has(typed) ? 1 : 0);
    for (const article of touched) bucket.articles.add(article);
  };
  const observer = new MutationObserver(account);
  observer.observe(list, { subtree: true, childList: true, attributes: true, characterData: true });
  /** Counts what is still queued, then closes the bucket (its articles: how many distinct ones). */
  const finish = () => {
    account(observer.takeRecords());
    if (bucket) bucket.articles = bucket.articles.size;
    bucket = null;
  };
  let current = null;
  window.addEventListener(
    "keydown",
    (e) => {
      finish();
      current = {
        stamp: e.timeStamp,
        listener: performance.now(),
        input: null,
        handled: null,
        frame: null,
        laidOut: null,
        mutations: tally(),
      };
      bucket = current.mutations;
      state.keys.push(current);
    },
    true,
  );
  textarea.addEventListener(
    "input",
    () => {
      const key = current;
      key.input = performance.now();
      requestAnimationFrame(() => {
        key.frame = performance.now();
        // The frame's style and layout, run here instead of just after this callback (the frame
        // then finds them done): what they cost is the read's time. A second keystroke in the same
        // frame finds them done, so each frame's work is counted once.
        void document.body.offsetHeight;
        key.laidOut = performance.now();
        performance.measure("keystroke style and layout", { start: key.frame, end: key.laidOut });
      });
    },
    true,
  );
  // Last on the input's way (window, bubbling: after React's listener on its root, which renders
  // and commits a controlled field's change before it returns); the microtask runs after any work
  // React queued as one. Keydown to here is the keystroke's own task: its handlers, React's render
  // and commit and their effects.
  window.addEventListener("input", () => {
    const key = current;
    queueMicrotask(() => {
      key.handled = performance.now();
      performance.measure("keystroke handlers", { start: key.listener, end: key.handled });
    });
  });
  try {
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) state.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }).observe({ type: "event", durationThreshold: 16 });
  } catch {
    state.events = null; // no Event Timing in this browser
  }
  window.__editorTyping = {
    /** Ends the last keystroke's window; from here on, mutations count as the save's. */
    startAfter: () => {
      finish();
      state.after = tally();
      bucket = state.after;
      kinds = state.after_kinds;
    },
    endAfter: finish,
    read: () => JSON.parse(JSON.stringify(state)),
    value: () => textarea.value,
  };
}

/** One round: open the editor on `uuid`, type TYPED into block `blockNumber`'s description, read the figures. */
async function typeInto(browser, { base, cookies, uuid, blockNumber, blockCount }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  try {
    await page.goto(`${base}/proposals/${uuid}/edit`, { waitUntil: "load", timeout: 60_000 });
    const articles = page.locator('article[aria-label^="Block "]');
    const article = page.getByRole("article", { name: new RegExp(`^Block ${blockNumber}: `) });
    await article.waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    const shown = await articles.count();
    if (shown !== blockCount) throw new Error(`${uuid}: ${shown} block articles, ${blockCount} expected`);
    const textarea = article.getByRole("textbox", { name: "Block description" });
    await textarea.scrollIntoViewIfNeeded();
    await textarea.click();
    await textarea.press("Control+End");
    const before = await textarea.inputValue();
    await page.evaluate(`(${instrument})(${JSON.stringify(await article.getAttribute("aria-label"))})`);
    // The autosave is 800 ms after the last key: count the saves the typing sent.
    const saves = [];
    page.on("request", (req) => {
      if (req.method() === "PATCH" && /\/v3\/proposals\/[^/]+\/blocks\//.test(req.url())) saves.push(req.url());
    });
    // The autosave's answer (800 ms after the last key), waited for below.
    const answer = page.waitForResponse((res) => res.request().method() === "PATCH" && /\/blocks\//.test(res.url()), { timeout: 30_000 });
    await sleep(300);
    const started = Date.now();
    await page.keyboard.type(TYPED);
    const typingMs = Date.now() - started;
    // Every keystroke's frame, then the last one's window ends (well before the autosave's 800 ms).
    await page.waitForFunction(() => window.__editorTyping.read().keys.every((k) => k.laidOut !== null && k.handled !== null), null, {
      timeout: 10_000,
    });
    await sleep(200);
    const savesWhileTyping = saves.length;
    // What the save's answer changes: from here (before the autosave's request) until the page is quiet again.
    await page.evaluate(() => window.__editorTyping.startAfter());
    const saved = await answer;
    if (!saved.ok()) throw new Error(`the autosave answered ${saved.status()}`);
    await sleep(500);
    await page.evaluate(() => window.__editorTyping.endAfter());
    const state = await page.evaluate(() => window.__editorTyping.read());
    const value = await page.evaluate(() => window.__editorTyping.value());
    if (value !== before + TYPED) throw new Error(`typed ${JSON.stringify(value.slice(before.length))}, wanted ${JSON.stringify(TYPED)}`);
    if (state.keys.length !== TYPED.length) throw new Error(`${state.keys.length} keydowns for ${TYPED.length} characters`);
    return { ...state, typing_ms: typingMs, saves_while_typing: savesWhileTyping };
  } finally {
    await context.close();
  }
}

/** Pools the rounds of one size into its figures. */
function summarise(rounds, blockCount, blockNumber) {
  const keys = rounds.flatMap((r) => r.keys);
  const toFrame = keys.map((k) => k.frame - k.stamp).sort((a, b) => a - b);
  // Main-thread time a keystroke costs: its own task (keydown to the end of the input's handlers:
  // React's render, commit and effects) and the style and layout of the frame that shows it.
  const handlers = keys.map((k) => k.handled - k.listener);
  const frames = keys.map((k) => k.laidOut - k.frame);
  const spread = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)), max: round1(sorted.at(-1)) };
  };
  const perKey = keys.map((k) => k.mutations.updates).sort((a, b) => a - b);
  const othersPerKey = keys.map((k) => k.mutations.others).sort((a, b) => a - b);
  const mean = (sorted) => round1(sorted.reduce((sum, n) => sum + n, 0) / sorted.length);
  // Event Timing: each keydown's entry (its startTime is the event's time stamp); none = under 16 ms.
  const events = rounds.every((r) => r.events) ? rounds : null;
  const keydownMs = events
    ? rounds
        .flatMap((r) => r.keys.map((k) => r.events.find((e) => e.name === "keydown" && Math.abs(e.start - k.stamp) < 0.5)?.duration ?? 0))
        .sort((a, b) => a - b)
    : null;
  const eventFigure = (p) => {
    const v = percentile(keydownMs, p);
    return v === 0 ? "<16" : v;
  };
  const kinds = {};
  for (const r of rounds) for (const [kind, n] of Object.entries(r.kinds)) kinds[kind] = (kinds[kind] ?? 0) + n;
  return {
    blocks: blockCount,
    typed_block: blockNumber,
    keystrokes: keys.length,
    rounds: rounds.length,
    frame_ms: { p50: round1(percentile(toFrame, 50)), p95: round1(percentile(toFrame, 95)), max: round1(toFrame.at(-1)) },
    main_thread_ms: spread(keys.map((_, i) => handlers[i] + frames[i])),
    handlers_ms: spread(handlers),
    style_layout_ms: spread(frames),
    frame_p50_by_round_ms: rounds.map((r) => round1(median(r.keys.map((k) => k.frame - k.stamp)))),
    event_timing_keydown_ms: keydownMs
      ? { p50: eventFigure(50), p95: eventFigure(95), max: keydownMs.at(-1), over_16ms: keydownMs.filter((d) => d > 0).length }
      : null,
    // Keydown time stamp to the page's listener: how long a key waited before the page saw it.
    queue_p50_ms: round1(median(keys.map((k) => k.listener - k.stamp))),
    // Block articles mutated per keystroke, each counted once per delivery that touched it.
    article_updates_per_key: { mean: mean(perKey), p50: percentile(perKey, 50), max: perKey.at(-1) },
    other_article_updates_per_key: { mean: mean(othersPerKey), p50: percentile(othersPerKey, 50), max: othersPerKey.at(-1) },
    // Distinct block articles mutated in a keystroke's window.
    distinct_articles_per_key: {
      p50: median(keys.map((k) => k.mutations.articles)),
      max: Math.max(...keys.map((k) => k.mutations.articles)),
    },
    keys_mutating_other_blocks: keys.filter((k) => k.mutations.others > 0).length,
    records_per_key_p50: median(keys.map((k) => k.mutations.records)),
    records_outside_articles: keys.reduce((sum, k) => sum + k.mutations.outside, 0),
    // Records per keystroke outside the typed block's article, by kind ("attributes input[name]": a write of an input's name).
    other_blocks_records_per_key: Object.fromEntries(Object.entries(kinds).map(([kind, n]) => [kind, round1(n / keys.length)])),
    articles_mutated_by_save: rounds.map((r) => r.after.articles),
    typing_s: rounds.map((r) => round1(r.typing_ms / 1000)),
    saves_while_typing: rounds.map((r) => r.saves_while_typing),
  };
}

/**
 * Types into the editor of drafts of 100 and 10 blocks (`drafts[100]`, `drafts[10]`: ROUNDS uuids
 * each), block 50 and block 5, the sizes in turn; after one throw-away visit that loads the page's
 * server code. `idle` (optional) waits for a quiet server before each round.
 */
export async function measureEditorTyping({ base, jar, drafts, idle = async () => {} }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const cookies = [...jar].map(([name, value]) => ({ name, value, url: base }));
  const sizes = [
    { blockCount: 100, blockNumber: 50 },
    { blockCount: 10, blockNumber: 5 },
  ];
  try {
    const warm = await browser.newContext();
    await warm.addCookies(cookies);
    const page = await warm.newPage();
    await page.goto(`${base}/proposals/${drafts[10].at(-1)}/edit`, { waitUntil: "load", timeout: 60_000 });
    await page.getByRole("article", { name: /^Block 1: / }).waitFor({ timeout: 60_000 });
    await warm.close();
    const rounds = { 100: [], 10: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const { blockCount, blockNumber } of sizes) {
        await idle();
        rounds[blockCount].push(await typeInto(browser, { base, cookies, uuid: drafts[blockCount][i], blockNumber, blockCount }));
      }
    }
    return {
      typed: TYPED,
      proposal_100: summarise(rounds[100], 100, 50),
      proposal_10: summarise(rounds[10], 10, 5),
      raw: rounds,
    };
  } finally {
    await browser.close();
  }
}

/** The results file: the figures, then every keystroke and Event Timing entry of each round on a line of its own, times to 0.1 ms. */
function resultsText(result) {
  const lines = [];
  const line = (v) => {
    lines.push(JSON.stringify(v, (_, x) => (typeof x === "number" && !Number.isInteger(x) ? round1(x) : x)));
    return `@@${lines.length - 1}@@`;
  };
  const raw = Object.fromEntries(
    Object.entries(result.raw).map(([size, rounds]) => [
      size,
      rounds.map((r) => ({ ...r, keys: r.keys.map(line), events: r.events?.map(line) ?? null })),
    ]),
  );
  return JSON.stringify({ ...result, raw }, null, 2).replace(/"@@(\d+)@@"/g, (_, i) => lines[Number(i)]) + "\n";
}

/** On its own: a fresh database and server, a company's library, ROUNDS drafts of each size made through the API. */
async function main() {
  const { client, ensureBenchBuild, signUpOwner, startApp, stopAll } = await import("./app.mjs");
  const { insertProducts } = await import("./data.mjs");
  const { waitIdle } = await import("./load.mjs");
  const ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  ensureBenchBuild();
  const dbName = `bench_typing_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      stopAll();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
      process.exit(130);
    });
  }
  const started = new Date();
  let failed = null;
  try {
    const app = await startApp({ env: { DATABASE_URL: dbUrl } });
    const owner = await signUpOwner(app.base, process.env.BENCH_SEED || "1");
    const api = client(app.base, { authorization: `Bearer ${owner.key}` });
    const session = client(app.base, { cookie: owner.cookie });
    const company = (await session("POST", "/api/proposals/v3/companies", { name: "Bench typing" })).data.id;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const variations = await insertProducts(async (sql, params) => (await db.query(sql, params)).rows, {
      companyId: company,
      prefix: "typing",
      count: 500,
    });
    await db.end();
    const drafts = {};
    for (const size of [100, 10]) {
      const blocks = variations.slice(0, size).map((id, i) => ({ content_id: id, quantity: 1 + (i % 5) }));
      drafts[size] = [];
      for (let i = 0; i < ROUNDS + (size === 10 ? 1 : 0); i++) {
        drafts[size].push(
          (await api("POST", "/api/proposals/v3/proposals", { company_id: company, language: "en", blocks })).proposal.uuid,
        );
      }
    }
    const figures = await measureEditorTyping({ base: app.base, jar: owner.jar, drafts, idle: () => waitIdle([app.pid]) });
    const result = {
      started_at: started.toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
      ...figures,
    };
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync("bench/results/editor-typing.json", resultsText(result));
    const { raw: _raw, ...shown } = result;
    console.log(JSON.stringify(shown, null, 2));
    console.log(`\n${editorTypingTable(figures)}`);
    await app.stop();
  } catch (error) {
    failed = error;
    console.error(error);
  } finally {
    stopAll();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) => console.error(`drop ${dbName}: ${e.message}`));
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
