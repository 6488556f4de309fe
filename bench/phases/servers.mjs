// Phase 1 of `npm run bench`: a fresh PostgreSQL database, the app on it (it migrates) with its
// memory sampled, and the physical floor (bench/baseline/server.mjs).
import pg from "pg";
import { startApp, startBaseline } from "../app.mjs";
import { sampleRss, waitIdle } from "../load.mjs";
import { ADMIN_URL, P, say } from "./context.mjs";

/** Starts the servers; `run` keeps the database's name and the admin connection for the clean-up. */
export async function startServers(run) {
  const dbName = (run.dbName = `bench_${Date.now().toString(36)}`);
  const admin = (run.admin = new pg.Client({ connectionString: ADMIN_URL }));
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  say(`database ${dbName}; starting the app (it migrates) and the physical floor`);
  const app = (run.lastServer = await startApp({ env: { DATABASE_URL: dbUrl } }));
  const rss = sampleRss(app.pid);
  P.rss_by_phase = {};
  const baseline = await startBaseline(dbUrl);
  // Idle = the app, the physical floor and the database's backends for this run all quiet.
  const backends = async () => (await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = $1", [dbName])).rows.map((r) => r.pid);
  const idle = async () => waitIdle([app.pid, baseline.pid, ...(await backends())]);
  const servers = { app: app.pid, baseline: baseline.pid };
  return { dbUrl, app, rss, baseline, idle, servers };
}
