// Builds the app when there is no build yet or its sources changed since the last one.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
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
const STAMP = `${DIST}/source-hash`;

function walk(p, out) {
  if (!fs.existsSync(p)) return;
  const stat = fs.statSync(p);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) if (name !== "generated") walk(path.join(p, name), out);
  } else out.push(p);
}

export function sourceHash() {
  const files = [];
  for (const input of INPUTS) walk(input, files);
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(fs.readFileSync(file)).update("\0");
  return hash.digest("hex");
}

export function ensureBuild({ quiet = false } = {}) {
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const run = (args) => {
    const r = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  };
  if (!fs.existsSync("lib/generated/prisma/client.ts")) run(["scripts/prisma-generate.mjs"]);
  const hash = sourceHash();
  const current = fs.existsSync(`${DIST}/BUILD_ID`) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === hash;
  if (current) {
    if (!quiet) console.log("Build is up to date.");
    return;
  }
  // Several people editing one checkout: REUSE_BUILD=1 keeps an existing build whatever changed since.
  if (process.env.REUSE_BUILD === "1" && fs.existsSync(`${DIST}/BUILD_ID`)) {
    if (!quiet) console.log("Reusing the existing build (REUSE_BUILD=1).");
    return;
  }
  console.log("Building the app (first start, or the sources changed)…");
  run(["scripts/prisma-generate.mjs"]);
  run(["node_modules/next/dist/bin/next", "build"]);
  fs.writeFileSync(STAMP, sourceHash());
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
