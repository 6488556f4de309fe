// `npm test`: every check in turn, stopping at the first that fails, each step's time printed as
// it ends and all of them at the close (where the minutes go; .ci/run adds them to its own).
// TEST_STEPS_FILE, when set, gets one "name<TAB>seconds" line per step.
import { spawn } from "node:child_process";
import fs from "node:fs";

const bin = (name) => `node_modules/.bin/${name}`;
const STEPS = [
  ["Prisma client", [process.execPath, "scripts/prisma-generate.mjs"]],
  ["types (tsc)", [bin("tsc"), "--noEmit"]],
  ["lint (eslint)", [bin("eslint"), "."]],
  ["import cycles", [process.execPath, "scripts/check-cycles.mjs"]],
  ["format (prettier)", [bin("prettier"), "--check", "."]],
  ["Vitest", [bin("vitest"), "run"]],
  ["Playwright", [bin("playwright"), "test"]],
];

const times = [];
const record = (name, seconds) => {
  times.push([name, seconds]);
  if (process.env.TEST_STEPS_FILE) fs.appendFileSync(process.env.TEST_STEPS_FILE, `npm test: ${name}\t${seconds.toFixed(0)}\n`);
};

/**
 * The production build the browser specs run against (scripts/ensure-build.mjs: skipped when it
 * is of the current sources), made beside the type, lint and format checks, which keep one core
 * each and leave the other idle: about a minute of CI (issue 40). Its output is printed when it
 * ends, so it does not interleave with theirs; the Playwright step waits for it.
 */
function buildAside() {
  const started = Date.now();
  const child = spawn(process.execPath, ["-e", "import('./scripts/ensure-build.mjs').then((m) => m.ensureBuild({ quiet: true }))"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  building = child;
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n--- npm test: production build (made beside the checks), ${seconds.toFixed(0)} s`);
      process.stdout.write(Buffer.concat(output));
      record("production build (beside the checks)", seconds);
      building = null;
      resolve(code === 0 ? 0 : (code ?? 1) || (signal ? 1 : 0));
    }),
  );
}

let status = 0;
let build = null;
/** The build's process while it runs: stopped when a check fails first. */
let building = null;
for (const [name, [command, ...args]] of STEPS) {
  if (name === "Playwright" && build) {
    status = await build;
    if (status !== 0) {
      console.error("npm test: the production build failed (its output is above)");
      break;
    }
  }
  console.log(`\n--- npm test: ${name}`);
  const started = Date.now();
  // Spawned, not spawnSync: the build beside the checks needs this process's event loop.
  const result = await new Promise((resolve) =>
    spawn(command, args, { stdio: "inherit" }).on("close", (code, signal) => resolve({ code, signal })),
  );
  record(name, (Date.now() - started) / 1000);
  status = result.code ?? 1;
  if (status !== 0) {
    console.error(`npm test: ${name} failed (${result.signal ?? `exit ${status}`})`);
    break;
  }
  if (name === "Prisma client") build = buildAside();
}
console.log("\nnpm test, step by step:");
for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
building?.kill("SIGTERM");
process.exit(status);
