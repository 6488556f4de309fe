import fs from "node:fs";
import path from "node:path";

/**
 * The reliability proofs report what they tried (docs/reliability.md): with RELIABILITY_REPORT_DIR
 * set, each appends one line to figures.jsonl there, which scripts/reliability-report.mjs prints.
 * Shared by the vitest proofs and the Playwright ones.
 */
export function recordFigures(proof: string, figures: Record<string, number | string>) {
  const dir = process.env.RELIABILITY_REPORT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const database = process.env.TEST_DATABASE_URL ? "postgres" : "embedded";
  fs.appendFileSync(path.join(dir, "figures.jsonl"), `${JSON.stringify({ proof, ...figures, database })}\n`);
}

/**
 * Lifts the API rate limits for a test file that sends thousands of requests with one key from one
 * address (test/integration/rate-limits.test.ts covers the limits), and the budget of change
 * requests per address, the tightest of the public ones (test/integration/proposal-change-requests.test.ts
 * covers it); answers a function restoring them.
 */
export function liftRateLimits(): () => void {
  const names = ["API_RATE_LIMIT", "API_RATE_LIMIT_PER_ADDRESS", "PUBLIC_CHANGE_REQUESTS_PER_ADDRESS"] as const;
  const saved = names.map((name) => [name, process.env[name]] as const);
  for (const name of names) process.env[name] = "100000000";
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
