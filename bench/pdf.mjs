// A proposal as a PDF (issue 30, "the new paths"; bench/README.md, "Proposal PDFs"): a 100-line
// draft drawn by GET /v3/proposals/{uuid}/pdf, one request at a time, to the last byte. Reports
// the p50 of `PDF_RUNS` requests, then the server's resident memory before and after `PDF_LEAK_RUNS`
// more in a row: memory a PDF keeps after it is sent would show there, 50 times over.
//
// Part of `npm run bench` (bench/phases/pdf.mjs); alone, on a fresh PostgreSQL database:
//   node bench/pdf.mjs            (PDF_RUNS=20, PDF_LEAK_RUNS=50 by default)
import { client, signUpOwner, startApp, withScratchDatabase } from "./app.mjs";
import { insertProducts, prepareIds } from "./data.mjs";
import { rssNow } from "./exports.mjs";
import { request, round } from "./load.mjs";

const RUNS = Number(process.env.PDF_RUNS || 20);
const LEAK_RUNS = Number(process.env.PDF_LEAK_RUNS || 50);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Measures the PDF of proposal `uuid`: one first (the renderer and its fonts load), then `runs`
 * timed, then the resident memory after `leakRuns` more against before them. Both readings are
 * taken after a pause, the server at rest, so what is compared is what stays, not a peak.
 */
export async function measurePdf({ base, headers, pid, uuid, runs = RUNS, leakRuns = LEAK_RUNS }) {
  const url = `${base}/api/proposals/v3/proposals/${uuid}/pdf`;
  const get = async () => {
    const res = await request(url, { headers, discard: true });
    if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
    return res.bytes;
  };
  const rssCold = rssNow(pid);
  const bytes = await get();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await get();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  await sleep(2_000);
  const before = rssNow(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssNow(pid))), 100);
  for (let i = 0; i < leakRuns; i++) await get();
  clearInterval(timer);
  await sleep(2_000);
  const after = rssNow(pid);
  return {
    blocks: 100,
    runs,
    pdf_kb: round(bytes / 1024, 0),
    p50_ms: round(times[Math.floor((runs - 1) / 2)], 0),
    max_ms: round(times.at(-1), 0),
    rss_cold_mb: round(rssCold, 0),
    leak_runs: leakRuns,
    rss_before_mb: round(before, 0),
    rss_peak_mb: round(peak, 0),
    rss_after_mb: round(after, 0),
    rss_kept_mb: round(after - before, 1),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await withScratchDatabase("pdf", async ({ dbUrl, q }) => {
    const app = await startApp({ env: { DATABASE_URL: dbUrl } });
    const owner = await signUpOwner(app.base, 1);
    const headers = { authorization: `Bearer ${owner.key}` };
    const api = client(app.base, headers);
    const company = (await client(app.base, { cookie: owner.cookie })("POST", "/api/proposals/v3/companies", { name: "PDF" })).data.id;
    await prepareIds(q);
    // As bench/phases/set-up.mjs makes the 100-block drafts: library products by SQL, the proposal through the app.
    const variations = await insertProducts(q, { companyId: company, prefix: "pdf", count: 100 });
    const blocks = variations.map((id, i) => ({ content_id: id, quantity: 1 + (i % 5) }));
    const { proposal } = await api("POST", "/api/proposals/v3/proposals", { company_id: company, language: "en", blocks });
    console.log(JSON.stringify(await measurePdf({ base: app.base, headers, pid: app.pid, uuid: proposal.uuid }), null, 2));
    await app.stop();
  });
}
