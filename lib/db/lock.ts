import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by process ${pid} (probably the running server). ` +
        "Stop that process first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it.
 * An exclusive lock file holding the owner's pid keeps a second process out; a lock left by a
 * process that no longer exists is taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "pglite.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }));
      fs.closeSync(fd);
      const release = () => {
        try {
          const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid: number };
          if (owner.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: { pid?: number; host?: string } = {};
      try {
        owner = JSON.parse(fs.readFileSync(lockPath, "utf8"));
      } catch {
        // A lock being written right now, or a torn one: treat as held once, then as stale.
        if (attempt === 0) continue;
      }
      const pid = Number(owner.pid);
      const sameHost = !owner.host || owner.host === os.hostname();
      if (pid && pid !== process.pid && sameHost && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}.`);
}
