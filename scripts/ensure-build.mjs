// Builds the app when there is no build yet or its sources changed since the last one.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
  "pages",
  "components",
  "lib",
  "public",
  "prisma/schema.prisma",
  "instrumentation.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];
const DIST = process.env.NEXT_DIST_DIR || ".next";
const RECIPIENT_OUTPUT = path.join("public", "recipient");

/** Where the benchmark's build of a build folder goes: `.next-bench` beside `.next`. */
export const benchDistDir = (distDir = DIST) => `${distDir}-bench`;

function walk(p, out) {
  if (!fs.existsSync(p)) return;
  const stat = fs.statSync(p);
  if (stat.isDirectory()) {
    // Skipped: what the build itself writes (Prisma's client, the recipient page's script).
    for (const name of fs.readdirSync(p).sort()) {
      const child = path.join(p, name);
      if (name !== "generated" && child !== RECIPIENT_OUTPUT) walk(child, out);
    }
  } else out.push(p);
}

/** The sources' digest; a build with the benchmark's routes is another build of the same sources. */
export function sourceHash({ benchRoutes = false } = {}) {
  const files = [];
  for (const input of INPUTS) walk(input, files);
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(fs.readFileSync(file)).update("\0");
  if (benchRoutes) hash.update("BENCH_ROUTES=1");
  return hash.digest("hex");
}

/**
 * Builds into `distDir` (NEXT_DIST_DIR, `.next` by default) unless its build is of the current
 * sources. `benchRoutes`: the benchmark's build, with its floor routes (BENCH_ROUTES=1, next.config.ts).
 */
export function ensureBuild({ quiet = false, distDir = DIST, benchRoutes = process.env.BENCH_ROUTES === "1" } = {}) {
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const env = { ...process.env, NEXT_DIST_DIR: distDir };
  if (benchRoutes) env.BENCH_ROUTES = "1";
  else delete env.BENCH_ROUTES;
  const run = (args) => {
    const r = spawnSync(process.execPath, args, { stdio: "inherit", env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  };
  if (!fs.existsSync("lib/generated/prisma/client.ts")) run(["scripts/prisma-generate.mjs"]);
  const stamp = `${distDir}/source-hash`;
  const hash = sourceHash({ benchRoutes });
  const current =
    fs.existsSync(`${distDir}/BUILD_ID`) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === hash &&
    fs.existsSync(path.join(RECIPIENT_OUTPUT, "manifest.json"));
  if (current) {
    if (!quiet) console.log(`Build is up to date (${distDir}).`);
    return;
  }
  // Several people editing one checkout: REUSE_BUILD=1 keeps an existing build whatever changed since.
  if (process.env.REUSE_BUILD === "1" && fs.existsSync(`${distDir}/BUILD_ID`)) {
    if (!quiet) console.log(`Reusing the existing build in ${distDir} (REUSE_BUILD=1).`);
    return;
  }
  console.log(
    `Building the app into ${distDir}${benchRoutes ? " with the benchmark's routes" : ""} (first start, or the sources changed)…`,
  );
  run(["scripts/prisma-generate.mjs"]);
  run(["scripts/build-recipient-script.mjs"]);
  run(["node_modules/next/dist/bin/next", "build"]);
  fs.writeFileSync(stamp, sourceHash({ benchRoutes }));
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
