import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function secretFromNewProcess(dataDir: string, extraEnv: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extraEnv };
  delete env.AUTH_SECRET;
  delete env.NEXTAUTH_SECRET;
  Object.assign(env, extraEnv);
  const result = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    ["-e", 'import("./lib/auth/secret.ts").then((m) => console.log("SECRET=" + m.authSecret()))'],
    { encoding: "utf8", env, timeout: 30_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  return { secret: /SECRET=(\S+)/.exec(result.stdout)![1], log: result.stdout };
}

describe("[AUTH] session secret", () => {
  it("is generated once, kept in the data directory, and reused by the next process (sessions survive restarts)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    const first = secretFromNewProcess(dir);
    expect(first.log).toMatch(/generated one and kept it in/);
    expect(first.secret.length).toBeGreaterThanOrEqual(43);
    const stat = fs.statSync(path.join(dir, "auth-secret"));
    expect(stat.mode & 0o077).toBe(0);
    const second = secretFromNewProcess(dir);
    expect(second.secret).toBe(first.secret);
    expect(second.log).not.toMatch(/generated/);
  });

  it("comes from AUTH_SECRET when it is set", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    expect(secretFromNewProcess(dir, { AUTH_SECRET: "from-the-environment" }).secret).toBe("from-the-environment");
    expect(fs.existsSync(path.join(dir, "auth-secret"))).toBe(false);
  });
});
