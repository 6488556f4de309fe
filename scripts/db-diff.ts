/**
 * Keeps prisma/migrations in step with prisma/schema.prisma.
 *
 *   npm run db:diff -- <name>    writes prisma/migrations/<timestamp>_<name>/migration.sql
 *   npm run db:diff -- --check   exits 1 when the migrations do not build the schema's database
 *
 * Generating: the Prisma 6 CLI's WebAssembly schema engine diffs the schema the migrations were
 * last made from (prisma/migrations/snapshot.prisma) against the current one. It needs a live
 * PostgreSQL connection, so a throw-away embedded one (PGlite) is served on a local socket: no
 * native engine and no database server are needed.
 *
 * Checking: one empty database gets the checked-in migrations, another the SQL the engine writes
 * for the schema from nothing; their catalogs (tables, columns, indexes, constraints, enums) must
 * be identical.
 *
 * Hand-written migrations: what the schema language cannot express (a partial index on an
 * expression, say) is written by hand in a migration whose first line is `-- hand-written`. The
 * check applies those migrations to the schema's database too, after the engine's SQL, so both
 * sides have them; generating never sees them (the snapshot does not have them, so no migration
 * drops them). Such a migration may only add objects to tables the schema already describes.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { applyMigrations, migrationsDir, readMigrations, type SqlConnection } from "../lib/db/migrate";

const SCHEMA = "prisma/schema.prisma";
const snapshotPath = () => path.join(migrationsDir(), "snapshot.prisma");

const connection = (db: PGlite): SqlConnection => ({
  query: async (sql, params) => (await db.query(sql, params)).rows as never,
  exec: async (sql) => void (await db.exec(sql)),
});

/** Runs `prisma migrate diff FROM --to-schema-datamodel SCHEMA --script` with Prisma 6's wasm engine. */
async function engineDiff(from: string[]): Promise<string> {
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1" });
  await server.start();
  const { port } = (server as unknown as { server: { address(): { port: number } } }).server.address();
  // The Prisma 6 CLI wants a url in the datasource block; Prisma 7 forbids one there.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "db-diff-"));
  const withUrl = (file: string) => {
    const out = path.join(tmp, `${path.basename(file, ".prisma")}-${Math.random().toString(36).slice(2)}.prisma`);
    const text = fs.readFileSync(file, "utf8");
    fs.writeFileSync(
      out,
      text.replace(/datasource db \{([^}]*)\}/, (_m, body) => `datasource db {${body}  url = env("DIFF_DATABASE_URL")\n}`),
    );
    return out;
  };
  const fromArgs = from[0] === "--from-schema-datamodel" ? [from[0], withUrl(from[1])] : from;
  const stub = process.execPath; // "any existing file": the native engines are never started.
  try {
    // Asynchronous on purpose: the socket server answering the engine runs in this process.
    const result = await run(
      process.execPath,
      [
        "node_modules/prisma6/build/index.js",
        "migrate",
        "diff",
        "--config",
        "prisma/diff.config.mjs",
        ...fromArgs,
        "--to-schema-datamodel",
        withUrl(SCHEMA),
        "--script",
      ],
      {
        env: {
          ...process.env,
          DIFF_DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
          PRISMA_SCHEMA_ENGINE_BINARY: stub,
          PRISMA_QUERY_ENGINE_LIBRARY: stub,
          PRISMA_HIDE_UPDATE_MESSAGE: "1",
        },
      },
    );
    if (result.status !== 0) throw new Error(`prisma migrate diff failed:\n${result.stderr || result.stdout}`);
    return result.stdout.trim();
  } finally {
    await server.stop();
    await db.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[], options: { env: NodeJS.ProcessEnv }) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const isEmptyScript = (sql: string) => sql.replace(/--.*$/gm, "").trim() === "";

/** Migrations that add what prisma/schema.prisma cannot say (see the top of this file). */
export const handWrittenMigrations = () => readMigrations().filter((m) => /^-- hand-written\b/.test(m.sql));

async function catalog(db: PGlite): Promise<string[]> {
  const q = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows.map((r) => JSON.stringify(r));
  return [
    ...(await q(`SELECT 'column' AS kind, table_name, column_name, udt_name, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`)),
    ...(await q(`SELECT 'index' AS kind, indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`)),
    ...(await q(`SELECT 'constraint' AS kind, c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '"_prisma_migrations"' AND c.conrelid::regclass::text <> '_prisma_migrations'`)),
    ...(await q(`SELECT 'enum' AS kind, t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`)),
  ].sort();
}

/** Returns the differences between what the migrations build and what the schema describes. */
export async function checkMigrations(): Promise<string[]> {
  const fromMigrations = await PGlite.create();
  await applyMigrations(connection(fromMigrations));
  const fromSchema = await PGlite.create();
  await fromSchema.exec(await engineDiff(["--from-empty"]));
  for (const migration of handWrittenMigrations()) await fromSchema.exec(migration.sql);
  const [a, b] = [await catalog(fromMigrations), await catalog(fromSchema)];
  await Promise.all([fromMigrations.close(), fromSchema.close()]);
  const inA = new Set(a);
  const inB = new Set(b);
  return [
    ...a.filter((x) => !inB.has(x)).map((x) => `only in the migrations: ${x}`),
    ...b.filter((x) => !inA.has(x)).map((x) => `only in the schema:     ${x}`),
  ];
}

async function generate(name: string) {
  const snapshot = snapshotPath();
  const sql = await engineDiff(fs.existsSync(snapshot) ? ["--from-schema-datamodel", snapshot] : ["--from-empty"]);
  if (isEmptyScript(sql)) {
    console.log("No changes: prisma/schema.prisma matches the last migration.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(migrationsDir(), `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
  fs.copyFileSync(SCHEMA, snapshot);
  fs.writeFileSync(
    path.join(migrationsDir(), "migration_lock.toml"),
    '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
  );
  console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql; review it, then commit it with the schema.`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--check")) {
    const problems = await checkMigrations();
    if (problems.length) {
      console.error("prisma/schema.prisma and prisma/migrations disagree (run npm run db:diff -- <name>):");
      for (const p of problems) console.error("  " + p);
      process.exit(1);
    }
    console.log("prisma/schema.prisma and prisma/migrations agree.");
    return;
  }
  const name = args.find((a) => !a.startsWith("--"));
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("usage: npm run db:diff -- <snake_case_name>   |   npm run db:diff -- --check");
    process.exit(2);
  }
  await generate(name);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
