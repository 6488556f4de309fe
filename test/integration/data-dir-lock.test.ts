import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "@/lib/db/lock";

const tsx = path.resolve("node_modules/.bin/tsx");

function admin(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync(tsx, ["scripts/admin.ts", ...args], { encoding: "utf8", env, timeout: 60_000 });
}

describe("[EMBEDDED DB] one process at a time", () => {
  it("gives a second process a clear error while the data directory is in use, and works once it is free", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
    const release = acquireDataDirLock(dir);
    const blocked = admin(dir, "user:create", "--email", "lock@example.test", "--password", "password1", "--name", "L");
    expect(blocked.status).not.toBe(0);
    expect(blocked.stderr).toContain(`in use by process ${process.pid}`);
    expect(blocked.stderr).toMatch(/Stop that process first/);
    expect(blocked.stdout).toBe("");
    expect(fs.existsSync(path.join(dir, "pg"))).toBe(false);
    release();

    const ok = admin(dir, "user:create", "--email", "lock@example.test", "--password", "password1", "--name", "L");
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).email).toBe("lock@example.test");
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  }, 120_000);

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("refuses a lock held by a live process", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});
