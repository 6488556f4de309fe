// Page figures measured in Chromium: the JavaScript a page fetches (each script gzip-compressed
// here at the default level, so the figure does not depend on the server's compression), its
// largest contentful paint with an empty cache, whether the server's HTML holds the text, and the
// bytes of the data a page reads from the API.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import { request } from "./load.mjs";

const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * One visit of `path` in a fresh context (1280 x 800, empty cache), with the `cookies` given (none:
 * a visitor without a session): its scripts' bytes (gzip here), its API reads, and with `lcp` the
 * largest contentful paint beside the first byte and the first paint; with `each`, every script's
 * gzip bytes by its path.
 */
async function visitPage(browser, base, cookies, path, { lcp = false, each = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const scripts = [];
  const data = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (type === "script") scripts.push(res);
    if ((type === "fetch" || type === "xhr") && new URL(res.url()).pathname.startsWith("/api/")) data.push(res);
  });
  const response = await page.goto(base + path, { waitUntil: "load", timeout: 60_000 });
  if (!response?.ok()) throw new Error(`${path}: ${response?.status()}`);
  await page.waitForLoadState("networkidle", { timeout: 60_000 });
  let lcpMs = null;
  let phases = null;
  if (lcp) {
    // Where the paint's time goes: the server's first byte, the first paint, the largest.
    phases = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return { ttfb: nav?.responseStart ?? null, html_done: nav?.responseEnd ?? null, fcp: fcp?.startTime ?? null };
    });
    lcpMs = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: "largest-contentful-paint", buffered: true });
          setTimeout(() => resolve(null), 3000);
        }),
    );
  }
  let jsGzip = 0;
  let jsRaw = 0;
  const byScript = {};
  for (const res of scripts) {
    const body = await res.body().catch(() => null);
    if (!body) continue;
    jsRaw += body.length;
    jsGzip += byScript[new URL(res.url()).pathname] = gzipSync(body).length;
  }
  let dataBytes = 0;
  let dataTransferred = 0;
  for (const res of data) {
    dataBytes += (await res.body().catch(() => Buffer.alloc(0))).length;
    dataTransferred += (await res.request().sizes()).responseBodySize;
  }
  await context.close();
  return {
    js_gzip_kb: Math.round(jsGzip / 102.4) / 10,
    js_kb: Math.round(jsRaw / 102.4) / 10,
    scripts: scripts.length,
    lcp_ms: lcpMs === null ? null : Math.round(lcpMs),
    ...(phases ? Object.fromEntries(Object.entries(phases).map(([k, v]) => [`${k}_ms`, v === null ? null : Math.round(v)])) : {}),
    data_reads: data.length,
    data_kb: Math.round(dataBytes / 102.4) / 10,
    data_transferred_kb: Math.round(dataTransferred / 102.4) / 10,
    ...(each ? { by_script: byScript } : {}),
  };
}

/** LCP of one visit moves with the machine's load: the median of three fresh contexts. */
async function medianVisit(browser, base, cookies, path) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await visitPage(browser, base, cookies, path, { lcp: true }));
  runs.sort((a, b) => (a.lcp_ms ?? Infinity) - (b.lcp_ms ?? Infinity));
  return { ...runs[1], lcp_runs_ms: runs.map((r) => r.lcp_ms) };
}

/**
 * The recipient's page of a sent proposal as its customer opens it: without a session (a member of
 * the sending company would see a preview), after one visit that loads the page's server code.
 * Its text counts as in the server's HTML when it is in the markup outside the scripts: React's
 * payload (in scripts) holds it too, but that is drawn only after the JavaScript has run. Beside
 * its JavaScript, the part of it that /verify (a public page with a small form) loads too: the
 * App Router's runtime, which the recipient's page no longer loads (docs/decisions/049).
 */
export async function recipientFigures(browser, base, { path, texts }) {
  await visitPage(browser, base, [], path);
  const page = await medianVisit(browser, base, [], path);
  const own = (await visitPage(browser, base, [], path, { each: true })).by_script;
  const other = (await visitPage(browser, base, [], "/verify", { each: true })).by_script;
  const shared = Object.entries(own).reduce((sum, [script, bytes]) => sum + (script in other ? bytes : 0), 0);
  const html = (await request(base + path)).body.toString("utf8");
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  return {
    recipient_100: { ...page, js_shared_gzip_kb: Math.round(shared / 102.4) / 10 },
    recipient_text_in_html: texts.every((text) => markup.includes(text)),
  };
}

/**
 * The learner's lesson (plain and with a diagram), the lesson editor and the course tree, signed in
 * with `jar`; and the recipient's page of a sent proposal (`recipient.path`) as its customer opens
 * it, without a session, with whether each of `recipient.texts` is in the server's HTML.
 */
export async function measurePages({ base, jar, lessonPlain, lessonDiagram, lessonText, editorPath, treePath, recipient }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const cookies = [...jar].map(([name, value]) => ({ name, value, url: base }));
  const cookieHeader = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  try {
    const visit = (path, options) => visitPage(browser, base, cookies, path, options);
    const median = (path) => medianVisit(browser, base, cookies, path);
    // One visit first so the server has loaded the page's code: "cold" is the browser's cache.
    await visit(lessonPlain);
    const plain = await median(lessonPlain);
    const diagram = await median(lessonDiagram);
    await visit(editorPath);
    const editor = await visit(editorPath);
    const tree = await visit(treePath);
    const html = (await request(base + lessonPlain, { headers: { cookie: cookieHeader } })).body.toString("utf8");
    return {
      lesson: plain,
      lesson_with_diagram: diagram,
      lesson_editor: editor,
      course_tree_20k: tree,
      lesson_text_in_html: html.includes(lessonText),
      ...(await recipientFigures(browser, base, recipient)),
    };
  } finally {
    await browser.close();
  }
}
