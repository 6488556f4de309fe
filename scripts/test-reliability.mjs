// npm run test:reliability [-- --heavy]: runs the reliability proofs (docs/reliability.md) on the
// embedded database, or on PostgreSQL when TEST_DATABASE_URL is set, and prints their figures.
// --heavy runs the bigger variants: more fuzzed inputs, more crash rounds, more cached-tree writes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const heavy = process.argv.includes("--heavy");
const report = fs.mkdtempSync(path.join(os.tmpdir(), "reliability-"));
const env = { ...process.env, RELIABILITY_REPORT_DIR: report };
if (heavy) {
  env.FUZZ_RUNS ??= "200";
  env.CRASH_ROUNDS ??= "10";
  env.TREE_WRITES ??= "400";
}

const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit", env }).status ?? 1;

let failed = 0;
failed |= run(["scripts/prisma-generate.mjs"]);
failed |= run([
  "node_modules/vitest/vitest.mjs",
  "run",
  "test/integration/authorization-matrix.test.ts",
  "test/integration/fuzz.test.ts",
  "test/integration/hostile-input.test.ts",
  "test/integration/body-limits.test.ts",
  "test/integration/tree-fragments.test.ts",
]);
failed |= run([
  "node_modules/@playwright/test/cli.js",
  "test",
  "e2e/reliability/crash-safety.api.spec.ts",
  "e2e/reliability/two-instances.api.spec.ts",
  "e2e/proposals/webhooks.api.spec.ts",
  "e2e/proposals/seat-webhooks.api.spec.ts",
  "e2e/proposals/proposal-sweeper.api.spec.ts",
  "e2e/platform/untrusted-content.ui.spec.ts",
  "e2e/platform/security-headers.api.spec.ts",
]);
failed |= run(["scripts/reliability-report.mjs", report]);
fs.rmSync(report, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
