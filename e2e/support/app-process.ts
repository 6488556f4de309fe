// The app's production server as a process a test starts, kills and starts again on the same
// data: a database of its own, a fresh embedded one in a temporary DATA_DIR, or a fresh database on
// the PostgreSQL server named by TEST_DATABASE_URL (as scripts/e2e-server.mjs does for the server
// every other spec shares). It runs the build the Playwright run uses (NEXT_DIST_DIR or .next).
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import pg from "pg";
import { acquireDataDirLock } from "../../lib/db/lock";
import { applyMigrations, readMigrations } from "../../lib/db/migrate";
import { nextStartArgs, serverEnv } from "../../scripts/server-command.mjs";
import { requestJson } from "./http";

export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export type AppData = {
  kind: "embedded" | "postgres";
  /** Holds the embedded database (pg/) and its lock, and on both databases the generated secrets and files. */
  dataDir: string;
  databaseUrl?: string;
  /**
   * Runs `fn` with SQL on the data. The embedded database is one process's at a time: call it
   * only while no server runs on this data (it takes the data directory's lock as a server does).
   */
  withSql<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  remove(): Promise<void>;
};

/**
 * A migrated, empty embedded database to copy from: creating one (PGlite's initdb) and migrating it
 * cost about 10 s of CPU for every server a test started on fresh data (issue 40), copying its
 * files a few milliseconds. Made once per set of migrations and PGlite version, shared by the run's
 * workers (made aside, then renamed into place: the first to finish wins).
 */
async function migratedEmbeddedTemplate(): Promise<string> {
  const migrations = readMigrations();
  const pglite = fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"));
  const key = createHash("sha256")
    .update(pglite)
    .update(migrations.map((m) => `${m.name}:${m.checksum}`).join("\n"))
    .digest("hex")
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `e2e-pglite-template-${key}`);
  if (fs.existsSync(path.join(template, "PG_VERSION"))) return template;
  const aside = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-pglite-making-"));
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(aside);
  try {
    await db.exec("SET TIME ZONE 'UTC'");
    await applyMigrations({
      query: async (sql, params) => (await db.query(sql, params)).rows as never,
      exec: async (sql) => void (await db.exec(sql)),
    });
  } finally {
    await db.close();
  }
  try {
    fs.renameSync(aside, template);
  } catch {
    // Another worker's copy arrived first: it is the same database.
    fs.rmSync(aside, { recursive: true, force: true });
  }
  return template;
}

/** Fresh data on the database this run uses: PostgreSQL when TEST_DATABASE_URL is set, else embedded. */
export async function freshAppData(prefix: string): Promise<AppData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-data-`));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // The server finds its database migrated, as one deployed earlier would be (the migrations'
    // own run on a fresh database is tested by Vitest and by the shared server of every other spec).
    fs.cpSync(await migratedEmbeddedTemplate(), path.join(dataDir, "pg"), { recursive: true });
    return {
      kind: "embedded",
      dataDir,
      withSql: async (fn) => {
        const { PGlite } = await import("@electric-sql/pglite");
        const release = acquireDataDirLock(dataDir, () => {});
        try {
          const db = await PGlite.create(path.join(dataDir, "pg"));
          try {
            return await fn(async (text, params) => (await db.query(text, params)).rows as never);
          } finally {
            await db.close();
          }
        } finally {
          release();
        }
      },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  await onServer(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: "postgres",
    dataDir,
    databaseUrl,
    withSql: (fn) => onServer(databaseUrl, (c) => fn(async (text, params) => (await c.query(text, params)).rows)),
    remove: async () => {
      await onServer(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  // Bounded, so that a database server that does not answer fails the test with its error rather
  // than running out its time with nothing said.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 60_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const running = new Set<ChildProcess>();
// A test that fails half way must not leave a server holding its port and data.
process.on("exit", () => {
  for (const child of running) killGroup(child);
});

function killGroup(child: ChildProcess) {
  try {
    // The server is the leader of a process group of its own: whatever it started dies with it.
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // Already gone.
  }
}

export class AppProcess {
  private child?: ChildProcess;
  private exited?: Promise<number | null>;
  private output = "";
  /** How the last server process ended ("exit 1", "SIGKILL"), or undefined while it runs or before it starts. */
  ended?: string;

  /**
   * `data`: where the server keeps its data; two servers of one database each have a DATA_DIR of
   * their own (pass `{ ...data, dataDir }`). `name` labels what it printed in failure messages.
   */
  constructor(
    readonly data: Pick<AppData, "dataDir" | "databaseUrl">,
    readonly port: number,
    private readonly env: Record<string, string> = {},
    readonly name = `the server on :${port}`,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get isRunning() {
    return this.child !== undefined;
  }

  /** What the server printed, the last part: for failure messages. */
  get log() {
    return this.output.slice(-6000);
  }

  /** What the server printed (its last 50,000 characters), line by line. */
  get lines() {
    return this.output.split("\n");
  }

  /** Starts the server without waiting for it: `start` waits for its health, a test may ask itself. */
  launch() {
    if (this.child) throw new Error("The server is already running");
    const env: NodeJS.ProcessEnv = { ...process.env, ...this.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
    env.DATA_DIR = this.data.dataDir;
    if (this.data.databaseUrl) env.DATABASE_URL = this.data.databaseUrl;
    else delete env.DATABASE_URL;
    const child = spawn(process.execPath, nextStartArgs(this.port, "127.0.0.1"), {
      env: serverEnv(env),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.ended = undefined;
    running.add(child);
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        this.ended = signal ?? `exit ${code}`;
        resolve(code);
      }),
    );
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-50_000);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
  }

  /** Starts the server and waits until /api/health answers ok with the database; answers how long that took (ms). */
  async start(timeoutMs = 90_000): Promise<number> {
    if (this.child) throw new Error("The server is already running");
    if (await answers(`${this.url}/api/health`)) throw new Error(`Something else already listens on port ${this.port}`);
    const started = Date.now();
    this.launch();

    // Every 15 s without health it says what it last got: a start that stalls names why.
    let lastAnswer = "nothing yet";
    let nextReport = started + 15_000;
    while (Date.now() - started < timeoutMs) {
      if (this.ended !== undefined) break;
      const health = await answers(`${this.url}/api/health`);
      if (health?.status === 200 && health.body?.database === "ok") return Date.now() - started;
      lastAnswer = health ? `${health.status} ${JSON.stringify(health.body)}` : "no answer within 2 s";
      if (Date.now() >= nextReport) {
        console.log(`[server :${this.port}] not healthy after ${Math.round((Date.now() - started) / 1000)} s; last: ${lastAnswer}`);
        nextReport += 15_000;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const why = this.ended !== undefined ? `ended (${this.ended})` : `was not healthy after ${timeoutMs} ms (last: ${lastAnswer})`;
    await this.kill();
    throw new Error(`The server ${why}. Its output:\n${this.log}`);
  }

  /** SIGTERM, as an operator stops it: the server finishes what it was doing and exits (SIGKILL after 10 s). */
  async stop() {
    const child = this.child;
    if (!child) return;
    if (this.ended === undefined) {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Gone the moment before.
      }
      const timer = setTimeout(() => killGroup(child), 10_000);
      await this.exited;
      clearTimeout(timer);
    }
    running.delete(child);
    this.child = undefined;
  }

  /** SIGKILL: the server gets no chance to finish anything, as in a crash or an OOM kill. */
  async kill() {
    const child = this.child;
    if (!child) return;
    killGroup(child);
    // A process that outlives SIGKILL (stuck in the kernel) must not hold the test until its timeout
    // with nothing said: fail here, naming it, with what it printed.
    let waited: NodeJS.Timeout | undefined;
    const stuck = new Promise<"stuck">((resolve) => (waited = setTimeout(() => resolve("stuck"), 15_000)));
    const outcome = await Promise.race([this.exited, stuck]);
    clearTimeout(waited);
    if (outcome === "stuck") throw new Error(`The server (pid ${child.pid}) had not exited 15 s after SIGKILL. Its output:\n${this.log}`);
    running.delete(child);
    this.child = undefined;
  }
}

/** The answer to a GET within 2 s, or null (nothing listens yet, or it did not answer in time). */
async function answers(url: string): Promise<{ status: number; body: any } | null> {
  return requestJson(url, { timeoutMs: 2000 }).catch(() => null);
}

/**
 * Watches the servers each test starts: when a test fails or times out their output is printed,
 * and after every test they are killed (a timed-out test never reaches its `finally`). Call it
 * once at a spec's top level; `watch(name, app)` adds a server for the test that runs.
 */
export function watchServers(): (name: string, app: AppProcess) => AppProcess {
  const watched: [string, AppProcess][] = [];
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const [name, app] of watched) console.log(`--- ${name}'s output (${testInfo.status}):\n${app.log}`);
    }
    await Promise.all(watched.splice(0).map(([, app]) => app.kill()));
  });
  return (name, app) => {
    watched.push([name, app]);
    return app;
  };
}

/** A test's steps, each printed with when it ended (`[label] step: done at … ms`): a run that stalls names where. */
export function phases(label: string) {
  const started = Date.now();
  return async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    const result = await test.step(step, fn);
    console.log(`[${label}] ${step}: done at ${Date.now() - started} ms`);
    return result;
  };
}
