// Starting the servers under test and talking to the app's own API for set-up.
import { spawn } from "node:child_process";
import net from "node:net";
import pg from "pg";
import { benchDistDir, ensureBuild } from "../scripts/ensure-build.mjs";
import { nextStartArgs, serverEnv } from "../scripts/server-command.mjs";
import { request } from "./load.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const children = new Set();
/** Ends every server this run started (on exit, error or Ctrl-C). */
export function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}

async function waitFor(url, ok, timeoutMs, child, name) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await request(url);
      if (ok(res)) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${name} did not become ready at ${url}`);
}

function spawnServer(args, env) {
  // BENCH_NODE: the Node.js binary the app and its floors run on (bench/node-versions.mjs).
  const child = spawn(process.env.BENCH_NODE || process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let log = "";
  const keep = (chunk) => {
    log = (log + chunk).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("exit", () => children.delete(child));
  return { child, log: () => log };
}

/**
 * The benchmark's own production build, made with BENCH_ROUTES=1 so that it has the floor routes
 * (app/api/bench), which no other build has (next.config.ts): in NEXT_DIST_DIR, `.next-bench` by
 * default. The servers `startApp` starts inherit NEXT_DIST_DIR, and so run it.
 */
export function ensureBenchBuild() {
  process.env.NEXT_DIST_DIR ??= benchDistDir();
  ensureBuild({ distDir: process.env.NEXT_DIST_DIR, benchRoutes: true });
}

/** `next start` of the benchmark's build (`ensureBenchBuild`), with the API rate limits out of the way. */
export async function startApp({ env: extra, name = "app" }) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    // The benchmark sends more requests with one key than the default limit allows.
    API_RATE_LIMIT: "1000000000",
    API_RATE_LIMIT_PER_ADDRESS: "1000000000",
    SIGN_UP_PER_ADDRESS: "1000",
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  const server = spawnServer(nextStartArgs(port, "127.0.0.1"), serverEnv(env));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, (res) => res.status === 200, 90_000, server.child, name);
  } catch (error) {
    console.error(server.log());
    throw error;
  }
  return { base, pid: server.child.pid, log: server.log, stop: () => stopChild(server.child) };
}

export async function startBaseline(databaseUrl) {
  const port = await freePort();
  const server = spawnServer(["bench/baseline/server.mjs"], { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health`, (res) => res.status === 200, 15_000, server.child, "baseline");
  return { base, pid: server.child.pid, log: server.log, stop: () => stopChild(server.child) };
}

function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

/** JSON calls to the app; throws on anything but 2xx (set-up, not measurement). */
export function client(base, headers) {
  return async (method, path, body) => {
    const res = await request(base + path, { method, headers, body });
    const text = res.body.toString("utf8");
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * The owner, as a person would start: sign up, sign in (next-auth's credentials callback, as the
 * form does), create an API key in the browser session. Returns the key, the session cookie and
 * the personal workspace.
 */
export async function signUpOwner(base, seed) {
  const email = `bench-${seed}-${Date.now().toString(36)}@example.test`;
  const password = `bench-pw-${seed}-correct-horse-battery`;
  // Sign-up answers "check your inbox" and no ids (docs/decisions/031): the session reads them below.
  await client(base, {})("POST", "/api/account/signup", { email, password, name: "Bench Owner" });
  const jar = new Map();
  const remember = (res) => {
    for (const line of [res.headers["set-cookie"] ?? []].flat()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrfRes = await request(`${base}/api/auth/csrf`);
  remember(csrfRes);
  const { csrfToken } = JSON.parse(csrfRes.body.toString());
  const form = new URLSearchParams({ email, password, csrfToken, json: "true" }).toString();
  const signIn = await new Promise((resolve, reject) => {
    import("node:http").then(({ default: http }) => {
      const req = http.request(
        `${base}/api/auth/callback/credentials`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(form), cookie: cookie() },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res));
        },
      );
      req.on("error", reject);
      req.end(form);
    });
  });
  remember(signIn);
  const session = client(base, { cookie: cookie() });
  const me = await session("GET", "/api/auth/session");
  if (me?.user?.email !== email) throw new Error(`sign-in failed: ${JSON.stringify(me)}`);
  const key = await session("POST", "/api/authoring/api-keys", { name: "bench" });
  const { workspaces } = await session("GET", "/api/authoring/workspaces");
  const personal = workspaces.find((w) => w.kind === "personal");
  return { email, password, userId: me.user.id, workspaceId: personal.id, key: key.key, cookie: cookie(), jar };
}

/**
 * A standalone benchmark script's run (`node bench/exports.mjs`, pdf.mjs, outbox.mjs): the
 * benchmark's build, a database of its own (`bench_<name>_<time>`, dropped at the end whatever
 * happens) and a connection to it; `run` gets its URL and a query function.
 */
export async function withScratchDatabase(name, run) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  ensureBenchBuild();
  const dbName = `bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    await db.connect();
    return await run({ dbUrl, q: async (sql, params) => (await db.query(sql, params)).rows });
  } finally {
    stopAll();
    await db.end().catch(() => {});
    // BENCH_KEEP_DB=1 leaves the database for a look at its plans, as npm run bench does (drop it afterwards).
    if (process.env.BENCH_KEEP_DB === "1") console.log(`kept database ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}
