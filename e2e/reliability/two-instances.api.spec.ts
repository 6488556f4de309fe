/**
 * Two app servers (the production build, separate processes: no shared memory) on one database.
 *
 * On PostgreSQL (TEST_DATABASE_URL) both start at the same moment on a fresh database, so both race
 * to migrate; then sessions, API rate limits, sign-in throttling, concurrent writes and revocations
 * are spread over both, and each must behave as it does on one server. On the embedded database
 * a second server on the same DATA_DIR must refuse it while the first keeps working.
 *
 * These servers are this file's own (ports E2E_PORT+20 and +21); Playwright's server is not used.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import pg from "pg";
import { readMigrations } from "../../lib/db/migrate";
import { recordFigures } from "../../test/reliability-figures";
import { startSmtpServer, type TestSmtpServer } from "../../test/smtp";
import { AppProcess } from "../support/app-process";
import { uniqueEmail } from "../support/helpers";
import { requestJson } from "../support/http";

const POSTGRES = process.env.TEST_DATABASE_URL;
const BASE_PORT = Number(process.env.E2E_PORT || 3100) + 20;
const API_KEY_LIMIT = 5;
const SIGN_IN_FAILURES = 4;

// ---- Figures for the reliability report --------------------------------------------------------

let requests = 0;
let checks = 0;
/** expect(), counted: every assertion of this file goes through it. */
const check = ((actual: unknown, message?: string) => {
  checks++;
  return expect(actual, message);
}) as typeof expect;

test.afterAll(() => recordFigures("two-instances", { requests, checks }));

// ---- Servers -----------------------------------------------------------------------------------

type Server = AppProcess;

/**
 * `next start` as every production server runs it (e2e/support/app-process.ts), not yet waited for:
 * the tests read each one's health themselves. `env` holds its DATABASE_URL ("" for none) and DATA_DIR.
 */
function startServer(name: string, port: number, { DATABASE_URL, DATA_DIR, ...env }: Record<string, string>): Server {
  const server = new AppProcess({ dataDir: DATA_DIR, databaseUrl: DATABASE_URL || undefined }, port, env, `server ${name}`);
  server.launch();
  return server;
}

type Health = { status: number; body: { status?: string; database?: string } };

/** GET /api/health until `done` says the answer is final (the server may still be starting). */
async function healthOf(server: Server, done: (h: Health) => boolean, timeoutMs = 60_000): Promise<Health> {
  const deadline = Date.now() + timeoutMs;
  let last: Health = { status: 0, body: {} };
  while (Date.now() < deadline) {
    if (server.ended !== undefined) return { status: -1, body: { status: `ended (${server.ended})` } };
    try {
      requests++;
      const { status, body } = await requestJson(`${server.url}/api/health`, { timeoutMs: 5000 });
      last = { status, body };
      if (done(last)) return last;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

// ---- HTTP as a client does -----------------------------------------------------------------------

type Answer = { status: number; body: any; headers: Record<string, string> };

async function answer(res: APIResponse): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: res.status(), body, headers: res.headers() };
}

/**
 * A client speaking to one server: its cookies are the context's (cookies do not depend on the
 * port, so a cookie set by A rides along to B, as behind a load balancer), writes by session carry
 * that server's origin, and `key` sends an API key instead.
 */
function client(ctx: APIRequestContext, server: Server, key?: string) {
  const call = async (method: string, p: string, data?: unknown, headers: Record<string, string> = {}) => {
    requests++;
    const auth: Record<string, string> = key ? { authorization: `Bearer ${key}` } : { origin: server.url };
    return answer(await ctx.fetch(`${server.url}${p}`, { method, data, headers: { ...auth, ...headers }, maxRedirects: 0 }));
  };
  return {
    get: (p: string) => call("GET", p),
    post: (p: string, data?: unknown, headers?: Record<string, string>) => call("POST", p, data, headers),
    put: (p: string, data?: unknown) => call("PUT", p, data),
    patch: (p: string, data?: unknown) => call("PATCH", p, data),
    delete: (p: string) => call("DELETE", p),
  };
}
type Client = ReturnType<typeof client>;

type User = { email: string; password: string; id: string; personal_workspace_id: string };

async function signUp(ctx: APIRequestContext, server: Server): Promise<User> {
  const email = uniqueEmail("two");
  const password = `pw-${randomBytes(9).toString("base64url")}`;
  const res = await client(ctx, server).post("/api/account/signup", { email, password, name: "Two Servers" });
  check(res.status, JSON.stringify(res.body)).toBe(202);
  // Sign-up answers no ids (docs/decisions/031): a session of the new account's own reads them.
  const own = await playwrightRequest.newContext();
  try {
    check((await signIn(own, server, { email, password })).signedIn).toBe(true);
    const session = await (await own.get(`${server.url}/api/auth/session`)).json();
    const { workspaces } = await (await own.get(`${server.url}/api/authoring/workspaces`)).json();
    requests += 2;
    const personal = (workspaces as { id: string; kind: string }[]).find((w) => w.kind === "personal")!;
    return { email, password, id: session.user.id, personal_workspace_id: personal.id };
  } finally {
    await own.dispose();
  }
}

/** Next-auth's credentials callback on `server`, as the sign-in form posts it; `from` is the client's address. */
async function signIn(ctx: APIRequestContext, server: Server, user: { email: string; password: string }, from = "192.0.2.10") {
  const headers = { "x-forwarded-for": from };
  requests += 3;
  const { csrfToken } = await (await ctx.get(`${server.url}/api/auth/csrf`, { headers })).json();
  const res = await ctx.post(`${server.url}/api/auth/callback/credentials`, {
    headers,
    form: { email: user.email, password: user.password, csrfToken, json: "true" },
    maxRedirects: 0,
  });
  const session = await (await ctx.get(`${server.url}/api/auth/session`, { headers })).json();
  return { status: res.status(), retryAfter: res.headers()["retry-after"], signedIn: session?.user?.email === user.email };
}

async function signOut(ctx: APIRequestContext, server: Server) {
  requests += 2;
  const { csrfToken } = await (await ctx.get(`${server.url}/api/auth/csrf`)).json();
  const res = await ctx.post(`${server.url}/api/auth/signout`, { form: { csrfToken, json: "true" }, maxRedirects: 0 });
  check(res.status()).toBe(200);
}

async function created(pending: Promise<Answer>) {
  const res = await pending;
  check(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

type StreamEvent = { event: string; data: any };

/**
 * A Server-Sent Events stream read as a browser's EventSource would, with the session's cookie:
 * `next(match)` waits (up to 15 s) for the next event that matches, skipping the others.
 */
async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  check(res.status).toBe(200);
  check(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const queue: StreamEvent[] = [];
  async function read(): Promise<void> {
    const { value, done } = await reader.read();
    if (done) throw new Error("the event stream ended");
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(chunk)?.[1];
      const data = /^data: (.*)$/m.exec(chunk)?.[1];
      if (event && data) queue.push({ event, data: JSON.parse(data) });
    }
  }
  return {
    async next(match: (e: StreamEvent) => boolean): Promise<StreamEvent> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const at = queue.findIndex(match);
        if (at >= 0) return queue.splice(0, at + 1).at(-1)!;
        if (Date.now() > deadline) throw new Error(`no matching event within 15 s; seen: ${JSON.stringify(queue)}`);
        await read();
      }
    },
    close: async () => {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}

/** Alternates calls between the two servers: A, B, A, B, ... */
const spread = <T>(count: number, servers: Server[], fn: (server: Server, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => fn(servers[i % servers.length], i)));

// =================================================================================================

if (POSTGRES) {
  test.describe("[TWO INSTANCES] on one PostgreSQL database", () => {
    test.describe.configure({ mode: "serial", timeout: 90_000 });

    const dbName = `twoinst_${Date.now().toString(36)}_${randomBytes(2).toString("hex")}`;
    const dbUrl = new URL(POSTGRES);
    dbUrl.pathname = `/${dbName}`;
    const dataDirs: string[] = [];
    let a: Server;
    let b: Server;
    let health: Health[] = [];
    let ctx: APIRequestContext;
    let smtp: TestSmtpServer;

    const admin = async <T>(url: string, fn: (c: pg.Client) => Promise<T>) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return await fn(c);
      } finally {
        await c.end();
      }
    };

    test.beforeAll(async () => {
      await admin(POSTGRES, (c) => c.query(`CREATE DATABASE "${dbName}"`));
      smtp = await startSmtpServer();
      // What several instances share: the database and the session secret (docs/configuration.md: set AUTH_SECRET
      // when several instances share a database). Each has its own disk (DATA_DIR).
      const shared = {
        DATABASE_URL: dbUrl.toString(),
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        SIGN_UP_PER_ADDRESS: "100000",
        API_RATE_LIMIT: String(API_KEY_LIMIT),
        API_RATE_LIMIT_PER_ADDRESS: "100000",
        API_RATE_LIMIT_WINDOW: "300",
        SIGN_IN_FAILURES_PER_ACCOUNT: String(SIGN_IN_FAILURES),
        SIGN_IN_FAILURES_PER_ADDRESS: "100000",
        SIGN_IN_LOCKOUT_SECONDS: "300",
        // One SMTP server for both, each with its own mail worker on the one outbox.
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: "200",
      };
      const own = () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "twoinst-"));
        dataDirs.push(dir);
        return { ...shared, DATA_DIR: dir };
      };
      // The same moment: both open the fresh database, and both find every migration pending.
      a = startServer("A", BASE_PORT, own());
      b = startServer("B", BASE_PORT + 1, own());
      health = await Promise.all([a, b].map((s) => healthOf(s, (h) => h.status === 200)));
      ctx = await playwrightRequest.newContext();
    });

    // A failure says what both servers printed.
    test.afterEach(async ({}, testInfo) => {
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const server of [a, b].filter(Boolean)) console.log(`--- ${server.name}'s output (${testInfo.status}):\n${server.log}`);
    });

    test.afterAll(async () => {
      await ctx?.dispose();
      await Promise.all([a, b].filter(Boolean).map((server) => server.stop()));
      await admin(POSTGRES, (c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
      await smtp?.close();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    test("[TWO INSTANCES] started together on a fresh database, both come up healthy with each migration applied once", async () => {
      for (const [i, h] of health.entries()) {
        check(h, `server ${"AB"[i]}:\n${[a, b][i].log}`).toEqual({ status: 200, body: { status: "ok", database: "ok" } });
      }
      const names = readMigrations().map((m) => m.name);
      check(names.length).toBeGreaterThan(0);
      const rows = await admin(dbUrl.toString(), (c) =>
        c.query<{ migration_name: string; finished: boolean; rolled_back: boolean }>(
          `SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
           FROM "_prisma_migrations" ORDER BY migration_name`,
        ),
      );
      check(rows.rows).toEqual(names.map((migration_name) => ({ migration_name, finished: true, rolled_back: false })));
      // Each server logs what it applied: together, each migration exactly once.
      const applied = [a, b]
        .flatMap((s) => s.lines.filter((l) => l.includes("applied migration")))
        .map((l) => l.split("applied migration ")[1].trim());
      check(applied.sort()).toEqual(names);
    });

    test("[TWO INSTANCES] a session from A works on B; signed out on A, the saved cookie is refused on B", async () => {
      const user = await signUp(ctx, a);
      const browser = await playwrightRequest.newContext();
      check((await signIn(browser, a, user)).signedIn).toBe(true);
      requests++;
      check((await (await browser.get(`${b.url}/api/auth/session`)).json()).user?.email).toBe(user.email);
      check((await client(browser, b).get("/api/authoring/api-keys")).status).toBe(200);
      check((await client(browser, b).post("/api/workspaces", { name: "Made on B" })).status).toBe(201);

      const saved = await playwrightRequest.newContext({ storageState: await browser.storageState() });
      await signOut(browser, a);
      const read = await client(saved, b).get("/api/authoring/api-keys");
      check(read.status).toBe(401);
      check(read.body).toMatchObject({ code: "unauthorized" });
      check((await client(saved, b).post("/api/workspaces", { name: "After sign-out" })).status).toBe(401);
      requests++;
      check(await (await saved.get(`${b.url}/api/auth/session`)).json()).toEqual({});
      await Promise.all([browser.dispose(), saved.dispose()]);
    });

    test(`[TWO INSTANCES] an API key's limit (${API_KEY_LIMIT}) counts requests to A and B together: 429 with Retry-After on both`, async () => {
      const { key } = await keyOf(ctx, a);
      const other = await keyOf(ctx, b);
      const results = await spread(3 * API_KEY_LIMIT, [a, b], (s) => client(ctx, s, key).get("/api/authoring/workspaces"));
      check(results.map((r) => r.status).sort((x, y) => x - y)).toEqual([
        ...Array(API_KEY_LIMIT).fill(200),
        ...Array(2 * API_KEY_LIMIT).fill(429),
      ]);
      // One budget: the answers that went through counted it down together, whichever server took them.
      const remaining = results.filter((r) => r.status === 200).map((r) => Number(r.headers["ratelimit-remaining"]));
      check(remaining.sort((x, y) => x - y)).toEqual(Array.from({ length: API_KEY_LIMIT }, (_, i) => i));
      for (const s of [a, b]) {
        const authoring = await client(ctx, s, key).get("/api/authoring/workspaces");
        check(authoring.status).toBe(429);
        check(authoring.body).toEqual({ error: expect.stringMatching(/Too many requests/), code: "rate_limited" });
        check(Number(authoring.headers["retry-after"])).toBeGreaterThanOrEqual(1);
        check(Number(authoring.headers["retry-after"])).toBeLessThanOrEqual(300);
        check(authoring.headers["ratelimit-limit"]).toBe(String(API_KEY_LIMIT));
        const proposals = await client(ctx, s, key).get("/api/proposals/v3/companies");
        check(proposals.status).toBe(429);
        check(proposals.body).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
        check(Number(proposals.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      }
      // Another key of the same user is not affected.
      check((await client(ctx, a, other.key).get("/api/authoring/workspaces")).status).toBe(200);
    });

    test(`[TWO INSTANCES] wrong passwords spread over A and B lock the account after ${SIGN_IN_FAILURES} in total`, async () => {
      const user = await signUp(ctx, a);
      const guesser = await playwrightRequest.newContext();
      // Each guess from another address, so only the account's count can lock it.
      const from = (i: number) => `198.51.100.${10 + i}`;
      for (let i = 0; i < SIGN_IN_FAILURES; i++) {
        const wrong = await signIn(guesser, [a, b][i % 2], { email: user.email, password: `wrong-password-${i}` }, from(i));
        check(wrong.status, `guess ${i + 1} on ${"AB"[i % 2]}`).toBe(401);
        check(wrong.signedIn).toBe(false);
      }
      for (const [i, s] of [a, b].entries()) {
        const locked = await signIn(guesser, s, user, from(50 + i));
        check({ server: s.name, status: locked.status, signedIn: locked.signedIn }).toEqual({
          server: s.name,
          status: 429,
          signedIn: false,
        });
        check(Number(locked.retryAfter)).toBeGreaterThan(0);
      }
      await guesser.dispose();
    });

    test("[TWO INSTANCES] parallel block inserts at the middle of one lesson via A and B: positions 0..n-1, every insert present", async () => {
      const author = await playwrightRequest.newContext();
      const user = await signUp(author, a);
      check((await signIn(author, a, user)).signedIn).toBe(true);
      const api = (s: Server) => client(author, s);
      const base = "/api/authoring";
      const project = await created(api(a).post(`${base}/projects`, { name: "Two servers", workspace_id: user.personal_workspace_id }));
      const course = await created(api(b).post(`${base}/projects/${project.id}/courses`, { title: "Course" }));
      const mod = await created(api(a).post(`${base}/courses/${course.id}/modules`, { title: "Module" }));
      const lesson = await created(api(b).post(`${base}/modules/${mod.id}/lessons`, { title: "Lesson" }));
      const originals: string[] = [];
      for (let i = 0; i < 4; i++) {
        originals.push(
          (await created(api(a).post(`${base}/lessons/${lesson.id}/blocks`, { type: "text", content: { body: `original ${i}` } }))).id,
        );
      }

      const inserts = await spread(12, [a, b], (s, i) =>
        api(s).post(`${base}/lessons/${lesson.id}/blocks`, { type: "text", position: 2, content: { body: `inserted ${i} via ${s.name}` } }),
      );
      for (const res of inserts) check(res.status, JSON.stringify(res.body)).toBe(201);
      const listed = await api(b).get(`${base}/lessons/${lesson.id}/blocks?limit=100`);
      check(listed.status).toBe(200);
      const blocks = listed.body.blocks as { id: string; position: number }[];
      check(blocks.map((x) => x.position)).toEqual(Array.from({ length: 16 }, (_, i) => i));
      check(blocks.map((x) => x.id).sort()).toEqual([...originals, ...inserts.map((r) => r.body.id)].sort());
      // The inserts went between the 2nd and 3rd original blocks: the originals keep their order around them.
      check(blocks.filter((x) => originals.includes(x.id)).map((x) => [x.id, x.position])).toEqual([
        [originals[0], 0],
        [originals[1], 1],
        [originals[2], 14],
        [originals[3], 15],
      ]);
      await author.dispose();
    });

    test("[TWO INSTANCES] who is in a lesson, and its saves, reach a tab's event stream on A when they happen on B", async () => {
      const author = await playwrightRequest.newContext();
      const user = await signUp(author, a);
      check((await signIn(author, a, user)).signedIn).toBe(true);
      const base = "/api/authoring";
      const project = await created(
        client(author, a).post(`${base}/projects`, { name: "Presence", workspace_id: user.personal_workspace_id }),
      );
      const course = await created(client(author, a).post(`${base}/projects/${project.id}/courses`, { title: "Course" }));
      const mod = await created(client(author, a).post(`${base}/courses/${course.id}/modules`, { title: "Module" }));
      const lesson = await created(client(author, a).post(`${base}/modules/${mod.id}/lessons`, { title: "Lesson" }));
      const block = await created(
        client(author, a).post(`${base}/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "One" } }),
      );

      // Tab 1 opens the lesson on A: its event stream.
      const cookie = (await author.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      const events = await openEventStream(`${a.url}/api/presence/stream?kind=lesson&id=${lesson.id}&session=tab-one-on-a`, cookie);
      try {
        await events.next((e) => e.event === "presence");
        // Tab 2, on B, is in the block: tab 1 hears of it.
        const here = await client(author, b).put("/api/presence", {
          session: "tab-two-on-b",
          target: { kind: "lesson", id: lesson.id },
          block_id: block.id,
        });
        check(here.status, JSON.stringify(here.body)).toBe(200);
        check(here.body.others).toEqual([{ user_name: "Two Servers", is_you: true, block_id: null }]);
        const seen = await events.next((e) => e.event === "presence" && e.data.others.length === 1);
        check(seen.data.others).toEqual([{ user_name: "Two Servers", is_you: true, block_id: block.id }]);
        // A save on B: tab 1 is told to refresh.
        const saved = await client(author, b).patch(`${base}/blocks/${block.id}`, { content: { body: "Two" } });
        check(saved.status).toBe(200);
        await events.next((e) => e.event === "changed");
      } finally {
        await events.close();
      }
      await author.dispose();
    });

    test("[TWO INSTANCES] parallel 'new version' of one proposal via A and B makes exactly one draft", async () => {
      const seller = await playwrightRequest.newContext();
      const user = await signUp(seller, a);
      check((await signIn(seller, a, user)).signedIn).toBe(true);
      const api = (s: Server) => client(seller, s);
      const company = await created(api(a).post("/api/proposals/v3/companies", { name: "Two Servers AB" }));
      const companyId = company.data.id as number;
      const draft = await created(
        api(b).post("/api/proposals/v3/proposals", {
          company_id: companyId,
          language: "en",
          title_md: "Offer",
          recipient: { first_name: "Cora", email: `cora-${randomBytes(3).toString("hex")}@customer.example` },
        }),
      );
      const source = draft.proposal.uuid as string;
      const sent = await api(a).post(`/api/proposals/v3/proposals/${source}/send`);
      check(sent.status, JSON.stringify(sent.body)).toBe(200);

      const results = await spread(10, [a, b], (s) =>
        api(s).post(`/api/proposals/v3/proposals/${source}`, { company_id: companyId, language: "en" }),
      );
      for (const res of results) check(res.status, JSON.stringify(res.body)).toBe(200);
      const drafts = new Set(results.map((r) => r.body.proposal.uuid));
      check(drafts.size).toBe(1);
      const read = await api(b).get(`/api/proposals/v3/proposals/${source}`);
      const series = read.body.data.series_uuid as string;
      const listed = await api(a).get(`/api/proposals/v3/proposals?company_id=${companyId}&series_uuid=${series}&include_archived=true`);
      check(listed.status).toBe(200);
      const rows = (listed.body.data as { uuid: string; version: number; status: string }[])
        .map((p) => ({ uuid: p.uuid, version: p.version, status: p.status }))
        .sort((x, y) => x.version - y.version);
      check(rows).toEqual([
        { uuid: source, version: 1, status: "active" },
        { uuid: [...drafts][0], version: 2, status: "draft" },
      ]);
      await seller.dispose();
    });

    test("[TWO INSTANCES] parallel restores of one trash item via A and B: one succeeds, the others answer what a repeat gets (404)", async () => {
      const author = await playwrightRequest.newContext();
      const user = await signUp(author, a);
      check((await signIn(author, a, user)).signedIn).toBe(true);
      const api = (s: Server) => client(author, s);
      const base = "/api/authoring";
      const project = await created(api(a).post(`${base}/projects`, { name: "Trash", workspace_id: user.personal_workspace_id }));
      const course = await created(api(a).post(`${base}/projects/${project.id}/courses`, { title: "Deleted course" }));
      const mod = await created(api(a).post(`${base}/courses/${course.id}/modules`, { title: "Module" }));
      const lesson = await created(api(a).post(`${base}/modules/${mod.id}/lessons`, { title: "Lesson" }));
      await created(api(a).post(`${base}/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Block" } }));
      check((await api(b).delete(`${base}/courses/${course.id}`)).status).toBe(200);

      const restore = (s: Server) => api(s).post(`${base}/projects/${project.id}/trash/restore`, { kind: "course", id: course.id });
      const results = await spread(10, [a, b], restore);
      const won = results.filter((r) => r.status === 200);
      check(won.map((r) => r.body)).toEqual([{ success: true, kind: "course", id: course.id, restored_count: 4 }]);
      for (const s of [a, b]) {
        const repeat = await restore(s);
        check(repeat.status).toBe(404);
        for (const lost of results.filter((r) => r.status !== 200)) {
          check({ status: lost.status, body: lost.body }).toEqual({ status: repeat.status, body: repeat.body });
        }
      }
      const trash = await api(b).get(`${base}/projects/${project.id}/trash`);
      check(trash.body.items).toEqual([]);
      check((await api(a).get(`${base}/lessons/${lesson.id}`)).status).toBe(200);
      await author.dispose();
    });

    test("[TWO INSTANCES] one outbox, two mail workers: each mail is sent exactly once", async () => {
      // Mail written by actions on A and on B, and a burst written at once, which both workers race for.
      const byAction = Array.from({ length: 6 }, (_, i) => ({ email: uniqueEmail(`mail${i}`).toLowerCase(), server: i % 2 ? b : a }));
      for (const { email, server } of byAction) {
        const res = await client(ctx, server).post("/api/account/signup", {
          email,
          password: `pw-${randomBytes(9).toString("base64url")}`,
          name: "Two Workers",
        });
        check(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      }
      const burst = Array.from({ length: 60 }, (_, i) => `burst-${i}-${randomBytes(3).toString("hex")}@example.test`);
      await admin(dbUrl.toString(), (c) =>
        c.query(
          `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body)
           SELECT gen_random_uuid(), 'password_reset', address, 'Burst', 'Burst mail', '<p>Burst mail</p>' FROM unnest($1::text[]) AS address`,
          [burst],
        ),
      );
      const everyone = [...byAction.map((m) => m.email), ...burst];
      await expect.poll(() => everyone.filter((to) => smtp.to(to).length > 0).length, { timeout: 30_000 }).toBe(everyone.length);
      // Both workers keep polling: a mail sent twice would show up now.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const to of everyone) check(smtp.to(to).length, to).toBe(1);
      const rows = await admin(dbUrl.toString(), (c) =>
        c.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM mail_outbox WHERE to_address = ANY($1) GROUP BY status`,
          [everyone],
        ),
      );
      check(rows.rows).toEqual([{ status: "sent", n: everyone.length }]);
    });

    test("[TWO INSTANCES] an API key revoked on A is refused on B at once, in both services", async () => {
      const { key, id, owner } = await keyOf(ctx, a);
      // B has used the key already: whatever B kept from that use must not outlive the revocation.
      check((await client(ctx, b, key).get("/api/authoring/workspaces")).status).toBe(200);
      check((await client(ctx, b, key).get("/api/proposals/v3/companies")).status).toBe(200);
      check((await client(owner, a).delete(`/api/authoring/api-keys/${id}`)).status).toBe(200);
      const refused = await client(ctx, b, key).get("/api/authoring/workspaces");
      check(refused.status).toBe(401);
      check(refused.body).toEqual({ error: expect.stringMatching(/revoked/), code: "unauthorized" });
      check((await client(ctx, b, key).get("/api/proposals/v3/companies")).status).toBe(401);
      await owner.dispose();
    });

    /** A new user's API key, made with a browser session on `server`; `owner` is that session. */
    async function keyOf(anon: APIRequestContext, server: Server) {
      const owner = await playwrightRequest.newContext();
      const user = await signUp(anon, server);
      check((await signIn(owner, server, user)).signedIn).toBe(true);
      const made = await created(client(owner, server).post("/api/authoring/api-keys", { name: "two servers" }));
      return { key: made.key as string, id: made.id as string, owner };
    }
  });
} else {
  test.describe("[TWO INSTANCES] on the embedded database", () => {
    test.describe.configure({ timeout: 90_000 });
    let dir: string;
    const servers: Server[] = [];
    test.afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    test("[TWO INSTANCES] a second server on the same DATA_DIR refuses it (503 locked) while the first keeps working", async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "twoinst-embedded-"));
      const env = { DATABASE_URL: "", DATA_DIR: dir, SIGN_UP_PER_ADDRESS: "100000" };
      // Started at the same moment: exactly one gets the directory.
      servers.push(startServer("A", BASE_PORT, env), startServer("B", BASE_PORT + 1, env));
      const health = await Promise.all(servers.map((s) => healthOf(s, (h) => h.status === 200 || h.body.database === "locked")));
      const describe = () => servers.map((s, i) => `${s.name}: ${JSON.stringify(health[i])}\n${s.log}`).join("\n");
      check(health.map((h) => h.status).sort(), describe()).toEqual([200, 503]);
      const owner = servers[health.findIndex((h) => h.status === 200)];
      const refused = servers[health.findIndex((h) => h.status === 503)];
      check(health.find((h) => h.status === 503)!.body).toEqual({ status: "unavailable", database: "locked" });

      const ctx = await playwrightRequest.newContext();
      const user = await signUp(ctx, owner);
      check((await signIn(ctx, owner, user)).signedIn).toBe(true);
      const project = await created(
        client(ctx, owner).post("/api/authoring/projects", { name: "Kept", workspace_id: user.personal_workspace_id }),
      );

      // The refused server answers every API with 503, and keeps refusing while the owner runs.
      const signUpThere = await client(ctx, refused).post("/api/account/signup", {
        email: uniqueEmail(),
        password: "tidy-lantern-orbit-42",
        name: "X",
      });
      check(signUpThere.status).toBe(503);
      check(signUpThere.body).toMatchObject({ code: "not_configured" });
      const stranger = await playwrightRequest.newContext();
      const signInThere = await signIn(stranger, refused, user);
      check({ status: signInThere.status, signedIn: signInThere.signedIn }).toEqual({ status: 503, signedIn: false });
      await stranger.dispose();
      const readThere = await client(ctx, refused).get(`/api/authoring/projects/${project.id}`);
      check(readThere.status).toBe(503);
      check((await client(ctx, refused).get("/api/proposals/v3/companies")).body).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE" } });
      // It tries the directory again every 2 s (lib/db/client.ts): asked for longer than that, it refuses each time.
      const since = Date.now();
      while (Date.now() - since < 2500) {
        check(await healthOf(refused, () => true)).toEqual({ status: 503, body: { status: "unavailable", database: "locked" } });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      check((await client(ctx, owner).get(`/api/authoring/projects/${project.id}`)).status).toBe(200);
      check(await healthOf(owner, () => true)).toEqual({ status: 200, body: { status: "ok", database: "ok" } });

      // Once the owner stops, the other server takes the directory over, with the owner's data intact.
      // The owner's own lock goes with it. The refused server retries every 2 s, so by the time this
      // looks the file may already be back, but then it names the new owner (another token).
      const lockFile = path.join(dir, "pglite.lock");
      const tokenOf = () => {
        try {
          return JSON.parse(fs.readFileSync(lockFile, "utf8")).token as string;
        } catch {
          return null; // No lock (a lock is linked in whole, so one that exists reads whole).
        }
      };
      const ownersToken = tokenOf();
      check(ownersToken).toMatch(/^[0-9a-f]{32}$/);
      await owner.stop();
      check(tokenOf(), `owner ended (${owner.ended})`).not.toBe(ownersToken);
      check(await healthOf(refused, (h) => h.status === 200, 30_000), refused.log).toEqual({
        status: 200,
        body: { status: "ok", database: "ok" },
      });
      const again = await playwrightRequest.newContext();
      check((await signIn(again, refused, user)).signedIn).toBe(true);
      const kept = await client(again, refused).get(`/api/authoring/projects/${project.id}`);
      check(kept.status).toBe(200);
      check(kept.body.name).toBe("Kept");
      await Promise.all([ctx.dispose(), again.dispose()]);
    });
  });
}
