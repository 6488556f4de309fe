// The last phase of `npm run bench`: the targets, bench/results/latest.json (or failed.json) and
// the printed table (bench/report.mjs).
import fs from "node:fs";
import { results, say, started } from "./context.mjs";

export async function writeResults(failed) {
  if (failed) results.error = String(failed.stack ?? failed);
  const { report, targets } = await import("../report.mjs");
  results.targets = targets(results);
  results.finished_at = new Date().toISOString();
  results.wall_s = Math.round((Date.now() - started) / 1000);
  fs.mkdirSync("bench/results", { recursive: true });
  const out = failed ? "bench/results/failed" : "bench/results/latest";
  // Written as the repository's formatter would, so a committed result passes its check.
  const prettier = await import("prettier");
  const jsonFile = `${out}.json`;
  fs.writeFileSync(
    jsonFile,
    await prettier.format(JSON.stringify(results), { ...(await prettier.resolveConfig(jsonFile)), filepath: jsonFile }),
  );
  const text = report(results);
  fs.writeFileSync(`${out}.md`, text);
  console.log("\n" + text);
  say(`wrote ${out}.json and ${out}.md`);
}
