// `npm test`: every check in turn, stopping at the first that fails, each step's time printed as
// it ends and all of them at the close (where the minutes go; .ci/run adds them to its own).
// TEST_STEPS_FILE, when set, gets one "name<TAB>seconds" line per step.
//
// The three static checks (types, lint, format) each use one core and read the same files: they
// run side by side, each one's output printed whole when it ends (issue 40: 82 s in turn).
import { spawn } from "node:child_process";
import fs from "node:fs";

const bin = (name) => `node_modules/.bin/${name}`;
const STEPS = [
  [["Prisma client", [process.execPath, "scripts/prisma-generate.mjs"]]],
  [
    ["types (tsc)", [bin("tsc"), "--noEmit"]],
    ["lint (eslint)", [bin("eslint"), "."]],
    ["format (prettier)", [bin("prettier"), "--check", "."]],
  ],
  [["Vitest", [bin("vitest"), "run"]]],
  [["Playwright", [bin("playwright"), "test"]]],
];

/** Runs one command; alone it prints as it goes, beside others its output comes whole at its end. */
function run([name, [command, ...args]], { alone }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    if (!alone) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("close", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (!alone) process.stdout.write(`\n--- npm test: ${name} (${seconds.toFixed(0)} s)\n${output}`);
      resolve({ name, seconds, status: code ?? 1, signal });
    });
  });
}

const times = [];
let status = 0;
for (const group of STEPS) {
  const alone = group.length === 1;
  console.log(`\n--- npm test: ${group.map(([name]) => name).join(", ")}${alone ? "" : " (side by side)"}`);
  const results = await Promise.all(group.map((step) => run(step, { alone })));
  for (const result of results) {
    times.push([result.name, result.seconds]);
    if (process.env.TEST_STEPS_FILE)
      fs.appendFileSync(process.env.TEST_STEPS_FILE, `npm test: ${result.name}\t${result.seconds.toFixed(0)}\n`);
    if (result.status !== 0) {
      console.error(`npm test: ${result.name} failed (${result.signal ?? `exit ${result.status}`})`);
      status = result.status || 1;
    }
  }
  if (status !== 0) break;
}
console.log("\nnpm test, step by step:");
for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
process.exit(status);
