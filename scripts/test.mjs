// `npm test`: every check in turn, stopping at the first that fails, each step's time printed as
// it ends and all of them at the close (where the minutes go; .ci/run adds them to its own).
// TEST_STEPS_FILE, when set, gets one "name<TAB>seconds" line per step.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const bin = (name) => `node_modules/.bin/${name}`;
const STEPS = [
  ["Prisma client", [process.execPath, "scripts/prisma-generate.mjs"]],
  ["types (tsc)", [bin("tsc"), "--noEmit"]],
  ["lint (eslint)", [bin("eslint"), "."]],
  ["format (prettier)", [bin("prettier"), "--check", "."]],
  ["Vitest", [bin("vitest"), "run"]],
  ["Playwright", [bin("playwright"), "test"]],
];

const times = [];
let status = 0;
for (const [name, [command, ...args]] of STEPS) {
  console.log(`\n--- npm test: ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  const seconds = (Date.now() - started) / 1000;
  times.push([name, seconds]);
  if (process.env.TEST_STEPS_FILE) fs.appendFileSync(process.env.TEST_STEPS_FILE, `npm test: ${name}\t${seconds.toFixed(0)}\n`);
  status = result.status ?? 1;
  if (status !== 0) {
    console.error(`npm test: ${name} failed (${result.signal ?? `exit ${status}`})`);
    break;
  }
}
console.log("\nnpm test, step by step:");
for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
process.exit(status);
