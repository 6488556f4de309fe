// npm run bench: the performance benchmark of issue 14 (method: bench/README.md).
// Builds for production, checks its floor routes (bench/floor-routes-check.mjs), runs the app on a fresh PostgreSQL database beside its floors, drives the
// workloads, then once more on the embedded database; writes bench/results/latest.json and prints
// every figure, ratio and target. Flags: --no-browser, --no-pglite, --no-counts, --no-analytics (shorter runs).
// Each phase is a module of bench/phases/, run here in order; what they share (the settings and
// the results) is bench/phases/context.mjs.
import { ensureBenchBuild, stopAll } from "./app.mjs";
import { checkFloorRoutes } from "./floor-routes-check.mjs";
import { analyticsPhase } from "./phases/analytics.mjs";
import { bigReads } from "./phases/big-reads.mjs";
import { P, results, say } from "./phases/context.mjs";
import { exportsPhase } from "./phases/exports.mjs";
import { compareWithFloor } from "./phases/floor-checks.mjs";
import { readsAfterEdits } from "./phases/fragments.mjs";
import { outboxPhase, pdfPhase } from "./phases/outbox.mjs";
import { measurePagesPhase } from "./phases/pages.mjs";
import { embeddedRun } from "./phases/pglite.mjs";
import { proposalWorkloads } from "./phases/proposals.mjs";
import { writeResults } from "./phases/results-files.mjs";
import { scalePhase } from "./phases/scale.mjs";
import { startServers } from "./phases/servers.mjs";
import { setUpData } from "./phases/set-up.mjs";
import { sideBySideRunner, smallReads } from "./phases/small-requests.mjs";
import { countStatements } from "./phases/statement-counts.mjs";
import { writeWorkloads } from "./phases/writes.mjs";

/** What the clean-up needs whatever phase failed: the run's database, the admin and data connections, the app. */
const run = { dbName: undefined, admin: undefined, db: undefined, lastServer: undefined };
let failed = null;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    stopAll();
    if (run.admin && run.dbName) await run.admin.query(`DROP DATABASE IF EXISTS "${run.dbName}" WITH (FORCE)`).catch(() => {});
    process.exit(130);
  });
}

try {
  ensureBenchBuild();
  // The floors answer as the app admits a request, or nothing below is measured against them.
  await checkFloorRoutes({ log: say });
  Object.assign(run, await startServers(run));
  const data = await setUpData(run);
  await compareWithFloor(run, data);
  await bigReads(run, data);
  await readsAfterEdits(run, data);
  const sideBySide = sideBySideRunner(run, data);
  await smallReads(run, data, sideBySide);
  await writeWorkloads(run, data, sideBySide);
  await proposalWorkloads(run, data, sideBySide);
  await measurePagesPhase(run, data);
  P.rss_by_phase.pages = run.rss.phase();
  await exportsPhase(run, data);
  results.peak_rss_mb = run.rss.stop();
  await scalePhase(run, data);
  await pdfPhase(run, data);
  await run.app.stop();
  await run.baseline.stop();
  await outboxPhase(run, data);
  await countStatements(run, data);
  await embeddedRun();
  await analyticsPhase();
} catch (error) {
  failed = error;
  console.error(error);
  console.error(run.lastServer?.log().slice(-4000));
} finally {
  stopAll();
  await run.db?.end().catch(() => {});
  if (run.admin && run.dbName) {
    const { admin, dbName } = run;
    // BENCH_KEEP_DB=1 leaves the run's database for a look at its plans (drop it afterwards).
    if (process.env.BENCH_KEEP_DB === "1") say(`kept database ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((e) => console.error(`drop ${dbName}: ${e.message}`));
    await admin.end();
  }
}

await writeResults(failed);
process.exit(failed ? 1 : 0);
