// Page figures measured in Chromium: the JavaScript a page fetches (each script gzip-compressed
// here at the default level, so the figure does not depend on the server's compression), its
// largest contentful paint with an empty cache, whether the server's HTML holds the text, and the
// bytes of the data a page reads from the API.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import { request } from "./load.mjs";

const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";

export async function measurePages({ base, jar, lessonPlain, lessonDiagram, lessonText, editorPath, treePath }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const cookies = [...jar].map(([name, value]) => ({ name, value, url: base }));
  const cookieHeader = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  try {
    const visit = async (path, { lcp = false } = {}) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies(cookies);
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
      for (const res of scripts) {
        const body = await res.body().catch(() => null);
        if (!body) continue;
        jsRaw += body.length;
        jsGzip += gzipSync(body).length;
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
      };
    };
    // One visit first so the server has loaded the page's code: "cold" is the browser's cache.
    await visit(lessonPlain);
    // LCP of one visit moves with the machine's load: the median of three fresh contexts.
    const median = async (path) => {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await visit(path, { lcp: true }));
      runs.sort((a, b) => (a.lcp_ms ?? Infinity) - (b.lcp_ms ?? Infinity));
      return { ...runs[1], lcp_runs_ms: runs.map((r) => r.lcp_ms) };
    };
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
    };
  } finally {
    await browser.close();
  }
}
