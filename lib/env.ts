import path from "node:path";

/** Where the embedded database and generated secrets live; `memory://` keeps nothing on disk. */
export function dataDir(): string {
  const dir = process.env.DATA_DIR?.trim();
  if (dir === "memory://") return dir;
  return path.resolve(/*turbopackIgnore: true*/ dir || ".data");
}

export function isMemoryDataDir(): boolean {
  return dataDir() === "memory://";
}

/** A PostgreSQL server to use instead of the embedded database, if configured. */
export function databaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}
