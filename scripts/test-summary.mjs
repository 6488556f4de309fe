// Adds up the JSON reports that vitest and Playwright write when TEST_REPORT_DIR is set, prints
// the slowest files of each (where CI's minutes go), every test that failed or was flaky (CI shows
// only the tail of its output, so they are named last), and one closing line: "N passed, N failed".
import fs from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
/** Seconds spent per test file, per report: "embedded vitest" → {file: seconds}. */
const spent = new Map();
const add = (report, file, ms) => {
  const files = spent.get(report) ?? new Map();
  files.set(file, (files.get(file) ?? 0) + ms / 1000);
  spent.set(report, files);
};

/** "report: file › title: first line of the error", for each test that did not simply pass. */
const failures = [];
const firstLine = (text) =>
  String(text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")[0]
    .slice(0, 200);

function playwrightSuites(suites, report) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) add(report, spec.file, result.duration ?? 0);
        if (test.status === "unexpected" || test.status === "flaky") {
          const error = test.results?.find((r) => r.error)?.error;
          failures.push(
            `${report} (${test.status === "flaky" ? "flaky" : "failed"}): ${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]: ${firstLine(error?.message)}`,
          );
        }
      }
    }
    playwrightSuites(suite.suites, report);
  }
}

// --times: only the slowest files; --counts: only the closing line and its exit code.
const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith("--")));
const show = { times: !flags.has("--counts"), counts: !flags.has("--times") };

for (const dir of process.argv.slice(2).filter((a) => !a.startsWith("--"))) {
  const name = path.basename(dir);
  const vitest = path.join(dir, "vitest.json");
  if (fs.existsSync(vitest)) {
    const r = JSON.parse(fs.readFileSync(vitest, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const relative = path.relative(process.cwd(), file.name);
      if (file.endTime && file.startTime) add(`${name} vitest`, relative, file.endTime - file.startTime);
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed")
          failures.push(`${name} vitest (failed): ${relative} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
        failures.push(`${name} vitest (failed): ${relative}: ${firstLine(file.message)}`);
      }
    }
  }
  const pw = path.join(dir, "playwright.json");
  if (fs.existsSync(pw)) {
    const report = JSON.parse(fs.readFileSync(pw, "utf8"));
    const s = report.stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    skipped += s.skipped;
    playwrightSuites(report.suites, `${name} playwright`);
  }
}

for (const [report, files] of show.times ? spent : []) {
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  const slowest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(`${report}: ${total.toFixed(0)} s in tests over ${files.size} files; the ten slowest:`);
  for (const [file, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}
if (show.times && failures.length > 0) {
  console.log(`${failures.length} failed or flaky:`);
  for (const line of failures) console.log(`  ${line}`);
}
if (!show.counts) process.exit(0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
