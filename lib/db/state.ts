/**
 * The process's one database state, on globalThis: Next.js may load lib/db/client.ts more than once
 * in one process, and the database must be opened once. In a module of its own with no imports, so
 * that the tests' set-up (test/setup-db.ts) can seed and check it without loading the client in a
 * file that never uses the database.
 */
export type DbState<Handle> = { handle?: Promise<Handle>; failedAt?: number; memorySeed?: string };

export const dbState: DbState<unknown> = ((globalThis as { __appDb?: DbState<unknown> }).__appDb ??= {});

/**
 * Starts each later `memory://` database from the file `dump` (PGlite's dumpDataDir of a migrated
 * empty database) instead of from nothing. The tests open one per file: loading a dump takes about
 * a second, creating and migrating one about five. Migrations still run (and find nothing to do).
 * Answers the dump it replaces.
 */
export function seedMemoryDatabases(dump: string | undefined): string | undefined {
  const previous = dbState.memorySeed;
  dbState.memorySeed = dump;
  return previous;
}

/** Whether this process has opened (or is opening) the database: only then is there one to close. */
export function isDbOpen(): boolean {
  return dbState.handle !== undefined;
}
