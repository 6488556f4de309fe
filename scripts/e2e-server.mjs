// The server the browser tests run against: the production build on a database of its own,
// a fresh embedded one, or a fresh database on the server named by TEST_DATABASE_URL.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startMailbox } from "./e2e-mailbox.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { nextStartArgs, serverEnv } from "./server-command.mjs";

// The production build only: the benchmark's build (BENCH_ROUTES=1) checks its own floor routes
// when `npm run bench` makes it (bench/floor-routes-check.mjs).
ensureBuild({ quiet: true, benchRoutes: false });

const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
let cleanup = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  };
} else {
  delete env.DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  env.DATA_DIR = dir;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

// Mail goes through a real SMTP server the specs read (e2e/support/mailbox.ts); links in it lead here.
const port = process.env.E2E_PORT || "3100";
const mailbox = await startMailbox(port);
env.SMTP_URL = mailbox.smtpUrl;
env.APP_URL = `http://127.0.0.1:${port}`;
env.JOBS_POLL_MS = "500";
const closeDb = cleanup;
cleanup = async () => {
  await mailbox.close().catch(() => {});
  await closeDb();
};

const child = spawn(process.execPath, nextStartArgs(port, "127.0.0.1"), {
  stdio: "inherit",
  env: serverEnv(env),
});
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
child.on("exit", async (code) => {
  await cleanup().catch(() => {});
  process.exit(code ?? 0);
});
