import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import {
  applyMigrations,
  markRolledBack,
  migrationStatus,
  readMigrations,
  MigrationFailedError,
  type SqlConnection,
} from "@/lib/db/migrate";
import { checkMigrations } from "@/scripts/db-diff";

const connection = (db: PGlite): SqlConnection => ({
  query: async (sql, params) => (await db.query(sql, params)).rows as never,
  exec: async (sql) => void (await db.exec(sql)),
});

function migrationsFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("[MIGRATIONS] schema and migrations", () => {
  it("the checked-in migrations build exactly the database prisma/schema.prisma describes", async () => {
    expect(await checkMigrations()).toEqual([]);
  }, 120_000);
});

describe("[MIGRATIONS] runner", () => {
  it("records each migration as prisma migrate deploy does, and applies nothing twice", async () => {
    const db = await PGlite.create();
    const conn = connection(db);
    const applied = await applyMigrations(conn);
    expect(applied).toEqual(readMigrations().map((m) => m.name));
    const rows = (await db.query<Record<string, unknown>>(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`)).rows;
    for (const [i, m] of readMigrations().entries()) {
      const sql = fs.readFileSync(path.join("prisma/migrations", m.name, "migration.sql"), "utf8");
      expect(rows[i]).toMatchObject({
        migration_name: m.name,
        checksum: createHash("sha256").update(sql).digest("hex"),
        applied_steps_count: 1,
        rolled_back_at: null,
        logs: null,
      });
      expect(rows[i].id).toMatch(/^[0-9a-f-]{36}$/);
      expect(rows[i].finished_at).toBeInstanceOf(Date);
    }
    expect(await applyMigrations(conn)).toEqual([]);
    expect((await migrationStatus(conn)).pending).toEqual([]);
    await db.close();
  });

  it("rolls a failing migration back, records it as failed, and refuses to start until it is resolved", async () => {
    const dir = migrationsFolder({
      "001_ok": "CREATE TABLE a (id int);",
      "002_broken": "CREATE TABLE b (id int); INSERT INTO nowhere VALUES (1);",
      "003_later": "CREATE TABLE c (id int);",
    });
    const db = await PGlite.create();
    const conn = connection(db);
    await expect(applyMigrations(conn, { dir })).rejects.toBeInstanceOf(MigrationFailedError);
    const tables = (await db.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows;
    expect(tables.map((r) => r.t)).toEqual(["_prisma_migrations", "a"]);
    const failed = (
      await db.query<{ logs: string; finished_at: Date | null }>(
        `SELECT logs, finished_at FROM "_prisma_migrations" WHERE migration_name = '002_broken'`,
      )
    ).rows;
    expect(failed).toHaveLength(1);
    expect(failed[0].finished_at).toBeNull();
    expect(failed[0].logs).toMatch(/nowhere/);

    // Start-up stops with a clear message while the failure stands.
    await expect(applyMigrations(conn, { dir })).rejects.toThrow(/002_broken/);

    // Fixed and marked rolled back: it runs again, then the rest.
    fs.writeFileSync(path.join(dir, "002_broken", "migration.sql"), "CREATE TABLE b (id int);");
    expect(await markRolledBack(conn, "002_broken")).toBe(1);
    expect(await applyMigrations(conn, { dir })).toEqual(["002_broken", "003_later"]);
    await db.close();
  });
});
