import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm start` as an operator runs it (scripts/start.mjs), in a build folder of its own that does not
 * exist: it must refuse before it builds, so a build never starts and the answer comes in seconds.
 */
function start(settings: Record<string, string>) {
  const distDir = `.next-start-check-${process.pid}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "start-")), NEXT_DIST_DIR: distDir };
  delete env.DATABASE_URL;
  try {
    const result = spawnSync(process.execPath, ["scripts/start.mjs"], { encoding: "utf8", env: { ...env, ...settings }, timeout: 60_000 });
    return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr, built: fs.existsSync(distDir) };
  } finally {
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}

describe("[ENV] npm start with a malformed critical setting", () => {
  it("exits non-zero before building, naming the variable and what it must look like", () => {
    const result = start({ SMTP_URL: "smpt://mailer:s3cret@mail.example.com:587", PORT: "3999" });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '[env] SMTP_URL="smpt://mailer:***@mail.example.com:587" is not valid: expected smtp://… or smtps://…, e.g. smtp://user:pass@mail.example.com:587',
    );
    expect(result.stderr).toContain("[env] Not starting: fix or unset what is named above (docs/configuration.md).");
    expect(result.stderr).not.toContain("s3cret");
    expect(result.stdout).toBe("");
    expect(result.built).toBe(false);
  });

  it("names every malformed one at once", () => {
    const result = start({ APP_URL: "courses.example.com", STORAGE_URL: "bucket-name", REDIS_URL: "localhost:6379" });
    expect(result.code).toBe(1);
    const named = [...result.stderr.matchAll(/^\[env\] ([A-Z_]+)=".*" is not valid: expected /gm)].map((m) => m[1]);
    expect(named).toEqual(["STORAGE_URL", "REDIS_URL", "APP_URL"]);
    expect(result.built).toBe(false);
  });
});
