// The proposals API of two checkouts side by side, in one run: this one and another (an earlier
// commit, say), each a production build on a fresh PostgreSQL database of its own with the same
// data. Every workload gets one slice on each checkout in turn, BENCH_ROUNDS times, and each
// figure is the median of its slices, so a burst of load elsewhere on the machine falls on both.
//
//   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npm run build)
//   npm run build && node bench/checkouts.mjs /tmp/before
//
// The workloads are the benchmark's proposal lines (bench/phases/proposals.mjs): a company's
// content list (5,000 and 500 products), a PATCH of 100 and of 10 blocks over 16 drafts, a GET of
// a 100-block proposal, and the recipient's page of a sent one. The table goes to
// bench/results/checkouts.md.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { client, freePort, signUpOwner } from "./app.mjs";
import { cannon, request, round, waitIdle } from "./load.mjs";
import { ADMIN_URL, ROUNDS, SLICE, SMALL_CONNECTIONS, say } from "./phases/context.mjs";
import { sentProposal } from "./phases/pages.mjs";
import { proposalData } from "./phases/set-up.mjs";

const other = process.argv[2];
if (!other || !fs.existsSync(path.join(other, ".next", "BUILD_ID"))) {
  console.error("usage: node bench/checkouts.mjs <another checkout with a production build (npm run build)>");
  process.exit(1);
}
if (!fs.existsSync(".next/BUILD_ID")) {
  console.error("this checkout has no production build: npm run build");
  process.exit(1);
}
const checkouts = [
  { name: gitName(path.resolve(other)), dir: path.resolve(other) },
  { name: gitName(process.cwd()), dir: process.cwd() },
];

/** A checkout's name in the table: its commit. */
function gitName(dir) {
  return execFileSync("git", ["-C", dir, "log", "-1", "--format=%h"], { encoding: "utf8" }).trim();
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const servers = [];
const stopAll = () => servers.forEach(({ child }) => child.exitCode === null && child.kill("SIGTERM"));
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

/** `next start` of a checkout's own build, from its own folder, on a database of its own. */
async function start({ dir, name }) {
  const dbName = `bench_checkout_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const { nextStartArgs, serverEnv } = await import(path.join(dir, "scripts/server-command.mjs"));
  const port = await freePort();
  const env = serverEnv({
    ...process.env,
    DATABASE_URL: databaseUrl,
    NEXT_TELEMETRY_DISABLED: "1",
    API_RATE_LIMIT: "1000000000",
    API_RATE_LIMIT_PER_ADDRESS: "1000000000",
    PUBLIC_RATE_LIMIT_PER_ADDRESS: "1000000000",
    SIGN_UP_PER_ADDRESS: "1000",
  });
  delete env.NEXT_DIST_DIR;
  const child = spawn(process.execPath, nextStartArgs(port, "127.0.0.1"), { cwd: dir, env, stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ok = await request(`${base}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    if (i > 360) throw new Error(`${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const server = { name, base, child, dbName, databaseUrl };
  servers.push(server);
  return server;
}

/** The proposal lines' data, made alike on each checkout: companies, libraries, drafts, a sent proposal. */
async function setUp(server) {
  const owner = await signUpOwner(server.base, "checkouts");
  const auth = { authorization: `Bearer ${owner.key}` };
  const api = client(server.base, auth);
  const session = client(server.base, { cookie: owner.cookie });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  const { companies, proposals } = await proposalData({ session, api, q, prefix: "checkouts" });
  const recipient = await sentProposal(api, proposals[100]);
  await q("ANALYZE");
  await db.end();
  const patch = (n) => {
    let next = 0;
    const { uuids, company, blocks } = proposals[n];
    return {
      url: `${server.base}/api/proposals/v3/proposals/${uuids[0]}`,
      method: "PATCH",
      headers: auth,
      body: { company_id: company, blocks },
      setupRequest: (req) => ({ ...req, path: `/api/proposals/v3/proposals/${uuids[next++ % uuids.length]}` }),
    };
  };
  return {
    content_list_5000: { url: `${server.base}/api/proposals/v3/content?company_id=${companies[5000]}`, headers: auth },
    content_list_500: { url: `${server.base}/api/proposals/v3/content?company_id=${companies[500]}`, headers: auth },
    proposal_patch_100: patch(100),
    proposal_patch_10: patch(10),
    proposal_get: { url: `${server.base}/api/proposals/v3/proposals/${proposals[100].uuids[1]}`, headers: auth },
    recipient_page: { url: `${server.base}${recipient.path}` },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const slices = new Map();
try {
  const started = [];
  for (const checkout of checkouts) started.push(await start(checkout));
  say(`servers: ${started.map((s) => `${s.name} at ${s.base}`).join(", ")}`);
  const workloads = [];
  for (const server of started) workloads.push(await setUp(server));
  const idle = () => waitIdle(started.map((s) => s.child.pid));
  for (const key of Object.keys(workloads[0])) {
    say(`${key}: ${ROUNDS} rounds, one ${SLICE} s slice on each checkout in turn, ${SMALL_CONNECTIONS} connections`);
    for (let pass = 0; pass < ROUNDS; pass++) {
      for (const [i, server] of started.entries()) {
        await idle();
        const slice = await cannon({ connections: SMALL_CONNECTIONS, duration: SLICE, ...workloads[i][key] });
        if (slice.non2xx || slice.errors) throw new Error(`${key} on ${server.name}: ${slice.non2xx} non-2xx, ${slice.errors} errors`);
        const at = `${key}\t${server.name}`;
        slices.set(at, [...(slices.get(at) ?? []), slice]);
      }
    }
  }
  const [before, after] = started.map((s) => s.name);
  const lines = [
    `| workload | req/s ${before} | req/s ${after} | ${after} / ${before} | p99 ms ${before} | p99 ms ${after} | slices req/s (${before}; ${after}) |`,
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const key of Object.keys(workloads[0])) {
    const [a, b] = [before, after].map((name) => slices.get(`${key}\t${name}`));
    const rps = (runs) => median(runs.map((x) => x.rps));
    const p99 = (runs) => median(runs.map((x) => x.p99));
    const all = (runs) => runs.map((x) => x.rps).join(", ");
    lines.push(`| ${key} | ${rps(a)} | ${rps(b)} | ${round(rps(b) / rps(a), 2)} | ${p99(a)} | ${p99(b)} | ${all(a)}; ${all(b)} |`);
  }
  const table = `${lines.join("\n")}\n`;
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/checkouts.md", table);
  console.log(`\n${table}`);
} finally {
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const { dbName } of servers) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  await admin.end();
}
