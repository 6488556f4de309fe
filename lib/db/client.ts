import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import { dataDir, databaseUrl, env, isMemoryDataDir } from "@/lib/env";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { acquireDataDirLock, DataDirLockedError } from "./lock";
import { applyMigrations, migrationStatus, MigrationFailedError, type SqlConnection } from "./migrate";
import { poolStatements, type PoolStatements, type StatementListener } from "./pool-statements";
import { dbState, type DbState } from "./state";

export type Db = PrismaClient<"query">;

/**
 * What domain functions take: the client or an open transaction (a client is usable where a
 * transaction is expected, so no function needs two signatures or a cast).
 */
export type Tx = Prisma.TransactionClient;

export type DbUnavailableReason = "unreachable" | "locked" | "migrations_pending" | "migration_failed";

const REASONS = new Set<unknown>(["unreachable", "locked", "migrations_pending", "migration_failed"]);

/** The service cannot reach a usable database; every API answers 503 `not_configured`. */
export class DbUnavailableError extends Error {
  constructor(
    readonly reason: DbUnavailableReason,
    message: string,
  ) {
    super(message);
    this.name = "DbUnavailableError";
  }

  /**
   * By name and reason, not by class: the server's bundles (the routes, instrumentation.ts and its
   * mail worker) each have their own copy of this module, and share the one database state on
   * globalThis, so a route may rethrow the error another copy made.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "DbUnavailableError" && REASONS.has((value as { reason?: unknown }).reason);
  }
}

type DbHandle = {
  prisma: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the app's connection pool, shared with stores that hold their state there (rate limits). */
  pool?: Pool;
  /** PostgreSQL only: statements written in SQL, sent to the pool without Prisma (`queryRows`). */
  statements?: PoolStatements;
  close: () => Promise<void>;
};

// Next.js may load this module more than once in one process; the database must be opened once (lib/db/state.ts).
const state = dbState as DbState<DbHandle>;

const RETRY_AFTER_MS = 2000;
// Query events let tests count the SQL a request runs (the full-hierarchy reads must not grow with size).
const QUERY_EVENTS = [{ emit: "event" as const, level: "query" as const }];
// stderr, so commands that print JSON on stdout (the admin CLI) stay parseable.
const log = (message: string) => console.error(`[db] ${message}`);

function migrateOnStart(): boolean {
  return env("MIGRATE_ON_START");
}

async function migrateOrCheck(conn: SqlConnection): Promise<void> {
  try {
    if (migrateOnStart()) {
      await applyMigrations(conn, { log });
      return;
    }
  } catch (error) {
    if (error instanceof MigrationFailedError) throw new DbUnavailableError("migration_failed", error.message);
    throw error;
  }
  const status = await migrationStatus(conn);
  if (status.failed.length) {
    throw new DbUnavailableError("migration_failed", `Migration ${status.failed[0]} is recorded as failed.`);
  }
  if (status.pending.length) {
    throw new DbUnavailableError("migrations_pending", `Pending migrations: ${status.pending.join(", ")}. Run npm run db:migrate.`);
  }
}

async function openEmbedded(): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const memory = isMemoryDataDir();
  let release = () => {};
  if (!memory) {
    try {
      release = acquireDataDirLock(dataDir());
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new DbUnavailableError("locked", error.message);
      throw error;
    }
  }
  try {
    const pglite = memory
      ? await PGlite.create(state.memorySeed ? { loadDataDir: await fs.openAsBlob(/*turbopackIgnore: true*/ state.memorySeed) } : {})
      : await PGlite.create(path.join(dataDir(), "pg"));
    await pglite.exec("SET TIME ZONE 'UTC'");
    await migrateOrCheck({
      query: async (sql, params) => (await pglite.query(sql, params)).rows as never,
      exec: async (sql) => void (await pglite.exec(sql)),
    });
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), log: QUERY_EVENTS });
    return {
      prisma,
      kind: "pglite",
      close: async () => {
        await prisma.$disconnect();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * How many distinct statements a process prepares at most; beyond them, statements are planned each
 * time. `DATABASE_PREPARED_STATEMENTS=0` prepares none: for a pooler in transaction mode (PgBouncer
 * before 1.21), where a statement prepared on one server connection is unknown on the next.
 */
function preparedStatementLimit(): number {
  return env("DATABASE_PREPARED_STATEMENTS");
}

/**
 * A statement that answers whole rows (`SELECT * …`, `RETURNING s.*`): its columns are the table's
 * as they were when it was prepared, and once a migration adds one PostgreSQL refuses to run the
 * prepared statement ("cached plan must not change result type") until the connection closes.
 * A `*` inside a subquery (Prisma's relation joins) changes no answer's columns.
 */
const WHOLE_ROW = /\bRETURNING\s+(?:[\w"]+\.)?\*|^\s*SELECT\s+(?:[\w"]+\.)?\*/i;

/**
 * Names each distinct SQL text, so that every pooled connection prepares it once and PostgreSQL
 * plans it once: a read of a block in the key lookup's statement spent several times longer
 * planning its joins than running them (bench/README.md). The names are a digest of the text,
 * and only the first few hundred texts get one: Prisma's SQL varies with a query's shape, and
 * each prepared statement holds memory in every connection that ran it. A statement that selects
 * whole rows is never named (`WHOLE_ROW`).
 */
export function preparedStatementNames(limit = preparedStatementLimit()) {
  const named = new Map<string, string>();
  return ({ sql }: { sql: string }): string | undefined => {
    let name = named.get(sql);
    if (name === undefined && named.size < limit && !WHOLE_ROW.test(sql)) {
      name = `p${createHash("sha1").update(sql).digest("base64url")}`;
      named.set(sql, name);
    }
    return name;
  };
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { default: pg } = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  // Timestamps are read wrongly when a session is not in UTC (prisma/orm#28629). JIT off: the
  // planner's cost of a whole project's tree crosses the JIT thresholds once the database holds a
  // few tens of thousands of blocks, and compiling then took several times longer than the read
  // runs without it (bench/README.md); these short queries never repay a compilation.
  const options = "-c TimeZone=UTC -c jit=off";
  const client = new pg.Client({ connectionString: url, options, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new DbUnavailableError("unreachable", `Cannot reach PostgreSQL: ${(error as Error).message}`);
  }
  try {
    // Several app instances may start at once; one migrates while the others wait.
    await client.query("SELECT pg_advisory_lock(7270736901)");
    await migrateOrCheck({
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      exec: async (sql) => void (await client.query(sql)),
    });
  } finally {
    await client.end().catch(() => {});
  }
  const pool = new pg.Pool({
    connectionString: url,
    options,
    max: env("DATABASE_POOL_SIZE"),
    connectionTimeoutMillis: 5000,
  });
  // pool.end() resolves before its connections have said goodbye; close() waits for them, so a
  // database dropped right after (tests) does not kill a connection mid-close (an uncaught error).
  const connections = new Set<unknown>();
  let drained: (() => void) | undefined;
  pool.on("connect", (client) => connections.add(client));
  pool.on("remove", (client) => {
    connections.delete(client);
    if (connections.size === 0) drained?.();
  });
  const names = preparedStatementNames();
  // No name (past the limit) reaches pg as an unnamed statement, planned for its one run; the
  // adapter's type says string, but it only passes the value on as the query's `name`.
  const adapter = new PrismaPg(pool, { statementNameGenerator: (query) => names(query) as string });
  const prisma = new PrismaClient({ adapter, log: QUERY_EVENTS });
  return {
    prisma,
    kind: "postgres",
    pool,
    statements: poolStatements(pool, pg.types, names),
    close: async () => {
      await prisma.$disconnect();
      const closed = new Promise<void>((resolve) => {
        if (connections.size === 0) return resolve();
        drained = resolve;
        setTimeout(resolve, 5000).unref();
      });
      await pool.end().catch(() => {});
      await closed;
    },
  };
}

function open(): Promise<DbHandle> {
  const url = databaseUrl();
  return url ? openPostgres(url) : openEmbedded();
}

async function handle(): Promise<DbHandle> {
  if (state.handle && state.failedAt && Date.now() - state.failedAt > RETRY_AFTER_MS) {
    state.handle = undefined;
    state.failedAt = undefined;
  }
  if (!state.handle) {
    state.handle = open().catch((error) => {
      state.failedAt = Date.now();
      throw error instanceof DbUnavailableError ? error : new DbUnavailableError("unreachable", (error as Error).message);
    });
  }
  return state.handle;
}

export { seedMemoryDatabases } from "./state";

/** The application's Prisma client; opens (and migrates) the database on first use. */
export async function getDb(): Promise<Db> {
  return (await handle()).prisma;
}

export async function dbKind(): Promise<"pglite" | "postgres"> {
  return (await handle()).kind;
}

/** Closes the database so another process (or test) may open it. */
export async function closeDb(): Promise<void> {
  const current = state.handle;
  state.handle = undefined;
  state.failedAt = undefined;
  if (!current) return;
  const opened = await current.catch(() => undefined);
  await opened?.close();
}

/**
 * Runs one statement written in SQL and answers its rows, as `db.$queryRaw` does. Given the
 * client itself on PostgreSQL, the statement goes to the pool without Prisma's runtime
 * (./pool-statements.ts); in a transaction, or on the embedded database, through Prisma.
 */
export async function queryRows<R>(db: Db | Tx, query: Prisma.Sql): Promise<R[]> {
  const opened = state.handle && (await state.handle.catch(() => undefined));
  if (opened?.statements && opened.prisma === db) return (await opened.statements.run(query)) as R[];
  return db.$queryRaw<R[]>(query);
}

/**
 * Hears every statement the app sends from now on, through Prisma or straight to the pool: the
 * tests count a request's statements with it.
 */
export async function onStatement(listener: StatementListener): Promise<void> {
  const db = await getDb();
  db.$on("query", ({ query, params }) => listener({ query, params }));
  (await handle()).statements?.listeners.add(listener);
}

/** The PostgreSQL pool behind the client, or undefined on the embedded database. */
export async function pgPool(): Promise<Pool | undefined> {
  return (await handle()).pool;
}

export type DbHealth = "ok" | DbUnavailableReason;

export async function dbHealth(): Promise<DbHealth> {
  try {
    const prisma = await getDb();
    await prisma.$queryRaw`SELECT 1`;
    return "ok";
  } catch (error) {
    return error instanceof DbUnavailableError ? error.reason : "unreachable";
  }
}
