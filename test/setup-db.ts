/**
 * Gives every test file a database of its own: an in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server named by TEST_DATABASE_URL. Each starts as a copy of the run's
 * migrated empty database (test/global-setup-db.ts); migrations run as at start-up and find it current.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, vi } from "vitest";
import { isDbOpen, seedMemoryDatabases } from "@/lib/db/state";
import databaseFree from "./database-free-files.json";
import { databaseUrl } from "./database-url";

let dropDatabase: (() => Promise<void>) | undefined;

/*
 * Files share their worker's modules (vitest.config.ts, isolate: false): what one file changes of
 * the process it undoes as it ends: what the limits and the answer cache remember, the environment as it was before the file
 * was loaded (a file may set variables as it loads), spies, stubbed variables and fake timers.
 */
const environmentBefore = { ...process.env };
afterAll(async () => {
  // What the limits and the answer cache remember of the file's database (keys, ids, versions).
  (await import("@/lib/api/limit-store")).forgetLimits();
  (await import("@/lib/api/answer-cache")).forgetAnswers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in environmentBefore)) delete process.env[name];
  Object.assign(process.env, environmentBefore);
});

/**
 * Closes the database if this process opened it. A file that never did (most unit tests) never
 * loads the client, nor PGlite or pg through it: that import cost ~0.6 s a file.
 */
async function closeDb() {
  if (isDbOpen()) await (await import("@/lib/db/client")).closeDb();
}

// Every test speaks from one address, and some send many bad keys, public answers or sign-ups on
// purpose (the authorization matrix, fuzzing), or ask for reset links: lift the per-address limits. Their own tests set them low.
for (const name of [
  "API_KEY_FAILURES_PER_ADDRESS",
  "PUBLIC_RATE_LIMIT_PER_ADDRESS",
  "PUBLIC_ANSWERS_PER_ADDRESS",
  "PUBLIC_CHOICES_PER_ADDRESS",
  "SIGN_UP_PER_ADDRESS",
  "PASSWORD_RESET_PER_ADDRESS",
]) {
  process.env[name] ??= "100000";
}

beforeAll(async () => {
  await closeDb();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = "memory://";
    seedMemoryDatabases(inject("pgliteSeed"));
    return;
  }
  const { default: pg } = await import("pg");
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDatabase")}"`);
  await admin.end();
  process.env.DATABASE_URL = databaseUrl(serverUrl, name);
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
});

afterAll(async () => {
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "");
  const openedWhileListed = isDbOpen() && databaseFree.files.includes(file);
  await closeDb();
  await dropDatabase?.();
  if (openedWhileListed) {
    throw new Error(`${file} opened the database: take it off test/database-free-files.json, or CI's PostgreSQL pass skips it`);
  }
});
