import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The little a migration needs from a connection, so PGlite and node-postgres share one runner. */
export type SqlConnection = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
};

export type Migration = { name: string; sql: string; checksum: string };

export type MigrationStatus = {
  applied: string[];
  pending: string[];
  failed: string[];
  /** Applied migrations whose file changed since. */
  modified: string[];
};

export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    reason: string,
  ) {
    super(
      `Migration ${migration} failed: ${reason}. Its changes were rolled back. ` +
        `Fix it, then run "npm run db:migrate -- --rolled-back ${migration}" and start again.`,
    );
    this.name = "MigrationFailedError";
  }
}

// Read at run time from the working directory; not something the bundler should trace.
export const migrationsDir = () => path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

export function readMigrations(dir = migrationsDir()): Migration[] {
  if (!fs.existsSync(/*turbopackIgnore: true*/ dir)) return [];
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(/*turbopackIgnore: true*/ path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

// The table `prisma migrate deploy` reads and writes, column for column.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

type Row = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

export async function migrationStatus(conn: SqlConnection, migrations = readMigrations()): Promise<MigrationStatus> {
  const exists = await conn.query<{ present: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
  const rows = exists[0]?.present
    ? await conn.query<Row>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`)
    : [];
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at).map((r) => r.migration_name);
  const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
  return {
    applied: migrations.filter((m) => done.has(m.name)).map((m) => m.name),
    pending: migrations.filter((m) => !done.has(m.name) && !failed.includes(m.name)).map((m) => m.name),
    failed,
    modified: migrations.filter((m) => done.has(m.name) && done.get(m.name)!.checksum !== m.checksum).map((m) => m.name),
  };
}

/**
 * Applies pending migrations in name order, each in its own transaction, recording them as
 * Prisma Migrate does. A failed migration is rolled back, recorded as failed, and stops
 * everything until an operator marks it rolled back.
 */
export async function applyMigrations(
  conn: SqlConnection,
  { log = () => {}, dir }: { log?: (message: string) => void; dir?: string } = {},
): Promise<string[]> {
  const migrations = readMigrations(dir);
  await conn.exec(CREATE_TABLE);
  const status = await migrationStatus(conn, migrations);
  if (status.failed.length) {
    throw new MigrationFailedError(status.failed[0], "it is recorded as failed in _prisma_migrations");
  }
  for (const name of status.modified) log(`warning: migration ${name} was changed after it was applied`);
  const applied: string[] = [];
  for (const migration of migrations.filter((m) => status.pending.includes(m.name))) {
    const id = randomUUID();
    try {
      await conn.exec("BEGIN");
      await conn.exec(migration.sql);
      await conn.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
        [id, migration.checksum, migration.name],
      );
      await conn.exec("COMMIT");
    } catch (error) {
      await conn.exec("ROLLBACK").catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      await conn.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, applied_steps_count)
         VALUES ($1, $2, $3, $4, now(), 0)`,
        [id, migration.checksum, migration.name, reason],
      );
      throw new MigrationFailedError(migration.name, reason);
    }
    log(`applied migration ${migration.name}`);
    applied.push(migration.name);
  }
  return applied;
}

/** `prisma migrate resolve --rolled-back NAME`: lets start-up try a failed migration again. */
export async function markRolledBack(conn: SqlConnection, name: string): Promise<number> {
  const rows = await conn.query(
    `UPDATE "_prisma_migrations" SET rolled_back_at = now()
     WHERE migration_name = $1 AND finished_at IS NULL AND rolled_back_at IS NULL RETURNING id`,
    [name],
  );
  return rows.length;
}
