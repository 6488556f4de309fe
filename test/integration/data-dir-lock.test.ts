import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, processStartTime } from "@/lib/db/lock";

const tsx = path.resolve("node_modules/.bin/tsx");

function admin(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  // A CLI start on an idle machine takes seconds; under CI's heaviest load one took over a minute.
  return spawnSync(tsx, ["scripts/admin.ts", ...args], { encoding: "utf8", env, timeout: 110_000 });
}

describe("[EMBEDDED DB] one process at a time", () => {
  it("gives a second process a clear error while the data directory is in use, and works once it is free", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
    const release = acquireDataDirLock(dir);
    const blocked = admin(dir, "user:create", "--email", "lock@example.test", "--password", "tidy-lantern-orbit", "--name", "L");
    expect(blocked.status).not.toBe(0);
    expect(blocked.stderr).toContain(`in use by process ${process.pid}`);
    expect(blocked.stderr).toMatch(/Stop that process first/);
    expect(blocked.stdout).toBe("");
    expect(fs.existsSync(path.join(dir, "pg"))).toBe(false);
    release();

    const ok = admin(dir, "user:create", "--email", "lock@example.test", "--password", "tidy-lantern-orbit", "--name", "L");
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).email).toBe("lock@example.test");
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  }, 240_000);

  it("of several processes starting at the same moment, exactly one gets the lock", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
    const startAt = Date.now() + 4000;
    // Each waits for the same instant, takes the lock or is refused, and holds what it got a while.
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(path.resolve("lib/db/lock.ts"))};
      while (Date.now() < ${startAt}) {}
      try { acquireDataDirLock(${JSON.stringify(dir)}, () => {}); console.log("locked"); setTimeout(() => {}, 2000); }
      catch (e) { console.log(e.name); }`;
    const racers = Array.from({ length: 6 }, () => {
      const child = spawn(tsx, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      return once(child, "exit").then(() => out.trim());
    });
    const results = await Promise.all(racers);
    expect(results.filter((r) => r === "locked")).toHaveLength(1);
    expect(results.filter((r) => r === "DataDirLockedError")).toHaveLength(5);
  }, 60_000);

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("refuses a lock held by a live process", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
    const owner = { pid: process.ppid, host: os.hostname(), start_time: processStartTime(process.ppid), token: "theirs" };
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify(owner));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    // A lock written before start times were recorded is trusted by its pid.
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it.runIf(process.platform === "linux")(
    "takes over, with a log line, a lock whose pid now belongs to an unrelated live process that started at another time",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-"));
      const unrelated = spawn("sleep", ["60"], { stdio: "ignore" });
      try {
        await once(unrelated, "spawn");
        const pid = unrelated.pid!;
        const started = processStartTime(pid);
        expect(started).toMatch(/^\d+$/);
        // The server that wrote this lock crashed; the system later gave its pid to `sleep`.
        const crashed = {
          pid,
          host: os.hostname(),
          start_time: String(Number(started) - 1000),
          token: "crashed",
          since: "2026-01-01T00:00:00.000Z",
        };
        fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify(crashed));
        const logged: string[] = [];
        const release = acquireDataDirLock(dir, (m) => logged.push(m));
        const lock = JSON.parse(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8"));
        expect(lock.pid).toBe(process.pid);
        expect(lock.start_time).toBe(processStartTime(process.pid));
        expect(lock.token).toMatch(/^[0-9a-f]{32}$/);
        expect(logged).toEqual([expect.stringContaining(`process ${pid} that held it`)]);
        expect(logged[0]).toContain("its pid now belongs to another process");

        // While this server holds it, a second one (a child with its own pid) is refused.
        const blocked = admin(dir, "user:create", "--email", "reuse@example.test", "--password", "tidy-lantern-orbit", "--name", "R");
        expect(blocked.status).not.toBe(0);
        expect(blocked.stderr).toContain(`in use by process ${process.pid}`);
        release();
        expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
      } finally {
        unrelated.kill();
      }
    },
    120_000,
  );
});
