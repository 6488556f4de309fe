// Courses leaving the app (issue 29; bench/README.md, "Exports"): a 2,000-block course exported as
// a SCORM 2004 package and as an archive, one request at a time, to the last byte. Reports each
// one's p50 and the server's resident memory above what it held before (the export streams, so
// the extra should stay far below the package's size times anything).
//
// Part of `npm run bench` (bench/phases/exports.mjs); alone, on a fresh PostgreSQL database:
//   node bench/exports.mjs            (EXPORT_RUNS=7 by default)
import fs from "node:fs";
import { client, signUpOwner, startApp, withScratchDatabase } from "./app.mjs";
import { insertTree, prepareIds } from "./data.mjs";
import { processTree, request, round } from "./load.mjs";

const RUNS = Number(process.env.EXPORT_RUNS || 7);

/** The resident memory of a process tree now, in MB. */
export function rssNow(pid) {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

/**
 * Exports `courseId` in each format `RUNS` times in a row and measures them: wall time to the last
 * byte (the body is read and dropped), the zip's size, and the server's peak RSS above its RSS
 * before the first (sampled every 50 ms while the exports run).
 */
export async function measureExports({ base, headers, pid, courseId, runs = RUNS }) {
  const out = {};
  for (const [name, query] of [
    ["scorm2004_2000", "format=scorm2004&include_drafts=true"],
    ["archive_2000", "format=archive"],
  ]) {
    const url = `${base}/api/authoring/courses/${courseId}/export?${query}`;
    // One export first: modules load and caches fill, so the baseline is the server at work, not at rest.
    await request(url, { headers, discard: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rssNow(pid);
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rssNow(pid))), 50);
    const times = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const res = await request(url, { headers, discard: true });
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`${name}: export answered ${res.status}`);
      bytes = res.bytes;
    }
    clearInterval(timer);
    peak = Math.max(peak, rssNow(pid));
    times.sort((a, b) => a - b);
    out[name] = {
      runs,
      p50_ms: round(times[Math.floor((runs - 1) / 2)], 0),
      max_ms: round(times.at(-1), 0),
      zip_kb: round(bytes / 1024, 0),
      rss_before_mb: round(before, 0),
      extra_rss_mb: round(peak - before, 1),
    };
  }
  return out;
}

/** A course of 2 modules x 10 lessons x 100 blocks (a practice question every few), as set-up.mjs seeds trees. */
export async function insertExportCourse(q, { projectId, categoryId, prefix }) {
  const { courseId } = await insertTree(q, { projectId, categoryId, prefix, courses: 1, modules: 2, lessons: 10, blocks: 100 });
  return courseId;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await withScratchDatabase("exports", async ({ dbUrl, q }) => {
    const app = await startApp({ env: { DATABASE_URL: dbUrl } });
    const owner = await signUpOwner(app.base, 1);
    const headers = { authorization: `Bearer ${owner.key}` };
    const api = client(app.base, headers);
    const projectId = (await api("POST", "/api/authoring/projects", { name: "Exports", workspace_id: owner.workspaceId })).id;
    const categoryId = (await api("POST", `/api/authoring/projects/${projectId}/categories`, { name: "Bench" })).id;
    await prepareIds(q);
    const courseId = await insertExportCourse(q, { projectId, categoryId, prefix: "exports" });
    console.log(JSON.stringify(await measureExports({ base: app.base, headers, pid: app.pid, courseId }), null, 2));
    await app.stop();
  });
}
