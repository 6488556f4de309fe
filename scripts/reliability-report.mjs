// Prints the figures the reliability proofs append to <dir>/figures.jsonl when
// RELIABILITY_REPORT_DIR is set (docs/reliability.md): one table per database, then the totals.
// Exits 1 when a proof reports a lost write, a half-done operation or a payload that ran.
import fs from "node:fs";
import path from "node:path";

const dirs = process.argv.slice(2);
const rows = dirs.flatMap((dir) => {
  const file = path.join(dir, "figures.jsonl");
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
});

const of = (proof) => rows.filter((r) => r.proof === proof);
const sum = (proof, field) => of(proof).reduce((n, r) => n + (Number(r[field]) || 0), 0);
const most = (proof, field) => Math.max(0, ...of(proof).map((r) => Number(r[field]) || 0));

const PROOFS = [
  [
    "authorization-matrix",
    "requests tried",
    (p) => `${sum(p, "requests")} requests (${most(p, "endpoints")} endpoints x ${most(p, "roles")} callers)`,
  ],
  ["fuzzing", "inputs fuzzed", (p) => `${sum(p, "inputs")} inputs over ${most(p, "endpoints")} write endpoints`],
  [
    "crash-safety",
    "faults injected",
    (p) =>
      `${sum(p, "faults")} SIGKILLs; ${sum(p, "writes_acknowledged")} writes acknowledged, ${sum(p, "writes_verified")} verified, ${sum(p, "lost")} lost, ${sum(p, "half_done")} half done`,
  ],
  [
    "mail-outbox",
    "mails across crashes and outages",
    (p) =>
      `${sum(p, "committed")} mails committed before a SIGKILL or an SMTP outage; ${sum(p, "delivered_once")} delivered once, ${sum(p, "lost")} lost, ${sum(p, "twice")} sent twice`,
  ],
  [
    "webhooks",
    "webhook events across crashes and instances",
    (p) =>
      `${sum(p, "events")} events committed; ${sum(p, "acknowledged_once")} acknowledged once, ${sum(p, "lost")} lost, ${sum(p, "acknowledged_twice")} acknowledged twice (${sum(p, "copies")} copies received, the extra ones with the same event id)`,
  ],
  [
    "proposal-sweeper",
    "reminders and expiries across crashes and instances",
    (p) =>
      `${sum(p, "proposals")} proposals falling due; ${sum(p, "announced_once")} mailed once (${sum(p, "announced_before_kill")} before a SIGKILL mid-sweep), ${sum(p, "lost")} lost, ${sum(p, "twice")} twice`,
  ],
  ["two-instances", "checks across instances", (p) => `${sum(p, "requests")} requests, ${sum(p, "checks")} checks`],
  [
    "untrusted-content",
    "payloads stored and shown",
    (p) =>
      `${sum(p, "payloads")} payloads in ${most(p, "fields")} fields on ${most(p, "pages")} pages; ran in the app's origin: ${sum(p, "ran_in_app_origin")}`,
  ],
];

console.log("\nReliability figures" + (dirs.length ? ` (${[...new Set(rows.map((r) => r.database))].join(", ") || "no runs"})` : ""));
for (const [proof, label, describe] of PROOFS) {
  const runs = of(proof);
  const dbs = [...new Set(runs.map((r) => r.database))].join(", ");
  console.log(`  ${proof.padEnd(22)} ${runs.length ? `${describe(proof)}  [${dbs}]` : `not run (${label})`}`);
}
const lost = sum("crash-safety", "lost");
const halfDone = sum("crash-safety", "half_done");
const ran = sum("untrusted-content", "ran_in_app_origin");
const mailLost = sum("mail-outbox", "lost") + sum("mail-outbox", "twice");
const webhooksLost = sum("webhooks", "lost") + sum("webhooks", "acknowledged_twice");
const sweepsLost = sum("proposal-sweeper", "lost") + sum("proposal-sweeper", "twice");
console.log(
  `  lost: ${lost}, half done: ${halfDone}, ran in the app's origin: ${ran}, mail lost or sent twice: ${mailLost}, ` +
    `webhook events lost or acknowledged twice: ${webhooksLost}, reminders and expiries lost or mailed twice: ${sweepsLost}`,
);
process.exit(lost || halfDone || ran || mailLost || webhooksLost || sweepsLost ? 1 : 0);
