import { randomBytes } from "node:crypto";
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

/** What the lock file records: the pid alone would name any later process that reuses it. */
type LockOwner = { pid?: number; host?: string; boot_id?: string | null; start_time?: string | null; token?: string; since?: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

/** This boot of the machine (Linux); null where the system does not say. */
const bootId = () => readOrNull("/proc/sys/kernel/random/boot_id");

/**
 * When a process started, in clock ticks since boot: field 22 of /proc/<pid>/stat (Linux). The
 * command name (field 2) may hold spaces and parentheses, so fields are counted after its last ")".
 * Null where there is no /proc (macOS): the pid is then all there is to go on.
 */
export function processStartTime(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[22 - 3] ?? null;
}

/**
 * Whether the lock's owner still runs: the pid is alive on this host and, where the system can
 * tell, it is the same process (same boot, same start time), not one that reused the pid after a
 * crash. A lock from before start times were recorded is trusted by pid, as it was written.
 */
function ownerRuns(owner: LockOwner): boolean {
  const pid = Number(owner.pid);
  if (!pid || pid === process.pid) return false;
  if (owner.host && owner.host !== os.hostname()) return false;
  const boot = bootId();
  if (owner.boot_id && boot && owner.boot_id !== boot) return false;
  if (!isAlive(pid)) return false;
  const started = processStartTime(pid);
  return !owner.start_time || !started || owner.start_time === started;
}

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it.
 * An exclusive lock file naming the owner (pid, boot, start time and a random token) keeps a
 * second process out; a lock left by a process that no longer runs is taken over, with a log line.
 */
export function acquireDataDirLock(dir: string, log: (message: string) => void = (m) => console.error(`[db] ${m}`)): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "pglite.lock");
  const token = randomBytes(16).toString("hex");
  for (let attempt = 0; attempt < 3; attempt++) {
    const mine: LockOwner = {
      pid: process.pid,
      host: os.hostname(),
      boot_id: bootId(),
      start_time: processStartTime(process.pid),
      token,
      since: new Date().toISOString(),
    };
    // Written whole under a name of its own, then linked into place (fails if a lock exists): another
    // process never sees a lock file half written, which it would take for a stale one.
    const draft = `${lockPath}.${token}`;
    fs.writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
    try {
      try {
        fs.linkSync(draft, lockPath);
      } finally {
        fs.rmSync(draft, { force: true });
      }
      const release = () => {
        try {
          const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockOwner;
          if (owner.token === token) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: LockOwner = {};
      try {
        owner = JSON.parse(fs.readFileSync(lockPath, "utf8"));
      } catch {
        // Locks are linked in whole: an unreadable one was torn by a crash (or an older version): stale.
      }
      if (ownerRuns(owner)) throw new DataDirLockedError(dir, Number(owner.pid));
      log(
        `Taking over the lock on ${dir}: process ${owner.pid ?? "?"} that held it (since ${owner.since ?? "?"}) no longer runs` +
          (owner.pid && owner.pid !== process.pid && isAlive(Number(owner.pid)) ? " (its pid now belongs to another process)" : "") +
          ".",
      );
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}.`);
}
