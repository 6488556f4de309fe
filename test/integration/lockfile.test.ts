import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("[SETUP] package-lock.json has the entries npm ci needs on a fresh clone", () => {
  const result = spawnSync(process.execPath, ["scripts/lockfile-stubs.mjs", "--check"], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
});
