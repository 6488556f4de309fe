// Adds up the JSON reports that vitest and Playwright write when TEST_REPORT_DIR is set,
// and prints one closing line: "N passed, N failed".
import fs from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of process.argv.slice(2)) {
  const vitest = path.join(dir, "vitest.json");
  if (fs.existsSync(vitest)) {
    const r = JSON.parse(fs.readFileSync(vitest, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  const pw = path.join(dir, "playwright.json");
  if (fs.existsSync(pw)) {
    const s = JSON.parse(fs.readFileSync(pw, "utf8")).stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    skipped += s.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
