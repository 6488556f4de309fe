// The benchmark's PostgreSQL run once per Node.js binary, in one go, and the figures side by side:
//
//   node bench/node-versions.mjs /usr/bin/node node_modules/.bin/node   # e.g. Node 20, then 24
//
// Each run is `npm run bench -- --no-pglite --no-browser --no-counts` with BENCH_NODE set, so the
// app and its floors run on that binary while the load generator stays on this one. The results
// are kept as bench/results/node-<version>.json; the table goes to bench/results/node-versions.md.
import { spawnSync, execFileSync } from "node:child_process";
import fs from "node:fs";

const binaries = process.argv.slice(2);
if (binaries.length < 2) {
  console.error("usage: node bench/node-versions.mjs <node binary> <node binary> [...]");
  process.exit(1);
}

const runs = [];
for (const binary of binaries) {
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  console.log(`\n=== the app on Node.js ${version} (${binary})`);
  const result = spawnSync(process.execPath, ["bench/run.mjs", "--no-pglite", "--no-browser", "--no-counts"], {
    stdio: "inherit",
    env: { ...process.env, BENCH_NODE: binary },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const file = `bench/results/node-${version}.json`;
  fs.copyFileSync("bench/results/latest.json", file);
  runs.push({ version, figures: JSON.parse(fs.readFileSync(file, "utf8")).postgres });
}

const [first, ...others] = runs;
const rows = Object.keys(first.figures).filter((name) => typeof first.figures[name]?.p50 === "number");
const head = [
  "request",
  ...runs.flatMap((r) => [`p50 ${r.version}`, `req/s ${r.version}`]),
  ...others.map((r) => `req/s ${r.version} / ${first.version}`),
];
const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => " --- ").join("|")}|`];
for (const name of rows) {
  const cells = runs.flatMap((r) => [r.figures[name]?.p50 ?? "-", r.figures[name]?.rps ?? "-"]);
  const ratios = others.map((r) =>
    r.figures[name]?.rps && first.figures[name].rps ? (r.figures[name].rps / first.figures[name].rps).toFixed(2) : "-",
  );
  lines.push(`| ${[name, ...cells, ...ratios].join(" | ")} |`);
}
const table = lines.join("\n") + "\n";
fs.writeFileSync("bench/results/node-versions.md", table);
console.log("\n" + table);
