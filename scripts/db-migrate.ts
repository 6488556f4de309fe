/**
 * npm run db:migrate                          applies pending migrations
 * npm run db:migrate -- --status              lists applied, pending and failed migrations
 * npm run db:migrate -- --rolled-back NAME    marks a failed migration as rolled back
 * Same database as the server: DATABASE_URL, or the embedded one under DATA_DIR.
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { acquireDataDirLock } from "../lib/db/lock";
import { applyMigrations, markRolledBack, migrationStatus, type SqlConnection } from "../lib/db/migrate";
import { dataDir, databaseUrl, isMemoryDataDir } from "../lib/env";

async function withConnection<T>(fn: (conn: SqlConnection) => Promise<T>): Promise<T> {
  const url = databaseUrl();
  if (url) {
    const client = new pg.Client({ connectionString: url, options: "-c TimeZone=UTC" });
    await client.connect();
    try {
      await client.query("SELECT pg_advisory_lock(7270736901)");
      return await fn({
        query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        exec: async (sql) => void (await client.query(sql)),
      });
    } finally {
      await client.end();
    }
  }
  if (isMemoryDataDir()) throw new Error("DATA_DIR=memory:// keeps nothing to migrate.");
  const release = acquireDataDirLock(dataDir());
  const db = await PGlite.create(path.join(dataDir(), "pg"));
  try {
    return await fn({
      query: async (sql, params) => (await db.query(sql, params)).rows as never,
      exec: async (sql) => void (await db.exec(sql)),
    });
  } finally {
    await db.close();
    release();
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === "--status") {
    const status = await withConnection((conn) => migrationStatus(conn));
    console.log(JSON.stringify(status, null, 2));
    return;
  }
  if (args[0] === "--rolled-back") {
    if (!args[1]) throw new Error("usage: npm run db:migrate -- --rolled-back <migration name>");
    const count = await withConnection((conn) => markRolledBack(conn, args[1]));
    if (!count) throw new Error(`No failed migration named ${args[1]}.`);
    console.log(`Marked ${args[1]} as rolled back; it will be applied again.`);
    return;
  }
  const applied = await withConnection((conn) => applyMigrations(conn, { log: (m) => console.log(m) }));
  console.log(applied.length ? `Applied ${applied.length} migration(s).` : "The database is up to date.");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
