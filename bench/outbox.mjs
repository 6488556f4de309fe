// The outbox draining (issue 30, "the new paths"; bench/README.md, "The outbox"): how many mails a
// second the app's mail worker hands to an SMTP server, and how many webhook deliveries a second
// its webhook worker POSTs to a receiver, with every one counted at the far end: none lost, none
// twice. The sinks are real servers on loopback in this process (smtp-server, node:http); the app
// runs its own job worker as it does in production (JOBS_POLL_MS and the rest at their defaults).
//
// A batch of `OUTBOX_COUNT` mails (then deliveries) is written by one set-based INSERT, copies of
// the ones the app itself wrote (the owner's sign-up mail; a proposal's body as a proposal.sent
// event's data), and the clock runs from the first arrival to the last: the workers' drain, not
// their wait for the next poll (reported apart as `pickup_ms`, at most JOBS_POLL_MS). Then the same
// with a second app server on the same database: two workers sharing one outbox.
//
// Part of `npm run bench` (bench/phases/outbox.mjs); alone, on a fresh PostgreSQL database:
//   node bench/outbox.mjs            (OUTBOX_COUNT=2000 by default)
import { randomUUID } from "node:crypto";
import http from "node:http";
import { SMTPServer } from "smtp-server";
import { client, signUpOwner, startApp, withScratchDatabase } from "./app.mjs";
import { insertProducts, prepareIds } from "./data.mjs";
import { cpuSnapshot, round } from "./load.mjs";

const COUNT = Number(process.env.OUTBOX_COUNT || 2000);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Arrivals by id (Message-ID or event id), each with its times; `expect` starts a new count. */
function arrivals() {
  let expected = new Set();
  let times = new Map();
  let strays = 0;
  let waiter;
  return {
    expect(ids) {
      expected = new Set(ids);
      times = new Map();
      strays = 0;
    },
    add(id) {
      if (!expected.has(id)) return void strays++;
      const seen = times.get(id);
      if (seen) seen.push(Date.now());
      else times.set(id, [Date.now()]);
      if (times.size === expected.size) waiter?.();
    },
    /** Resolves once every expected id arrived, or after `timeoutMs`. */
    all(timeoutMs) {
      if (times.size === expected.size) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    count() {
      const all = [...times.values()];
      const firsts = all.map((t) => t[0]);
      return {
        arrived: times.size,
        lost: expected.size - times.size,
        doubled: all.filter((t) => t.length > 1).length,
        strays,
        first: Math.min(...firsts),
        last: Math.max(...all.flat()),
      };
    },
  };
}

/** An SMTP server on loopback that takes every message and counts it by its Message-ID's local part (the outbox row's id). */
async function startSmtpSink() {
  const seen = arrivals();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // A relay's reverse lookup of each client is its own cost, not the sender's.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk) => {
        if (head.length < 8192) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1];
        if (id) seen.add(id);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

/** An HTTP receiver on loopback that answers 204 and counts each delivery by its Coursewright-Event-Id. */
async function startWebhookSink() {
  const seen = arrivals();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.add(String(req.headers["coursewright-event-id"]));
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, seen, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Writes `count` items with ids made here in one statement (`enqueue(ids)`), counted from before
 * it commits (a worker may send the first at once), waits for all of them at
 * the sink, then a little longer for copies, and measures: items a second from the first arrival
 * to the last, the wait before the first, what the app's and PostgreSQL's processes spent in CPU
 * per item, and the count: lost, doubled, and rows not settled in the database.
 */
async function drain({ sink, enqueue, unsettled, pids, count }) {
  const cpu0 = cpuSnapshot(pids);
  const ids = Array.from({ length: count }, () => randomUUID());
  sink.seen.expect(ids);
  const enqueued = Date.now();
  await enqueue(ids);
  await sink.seen.all(Math.max(60_000, count * 50));
  // A copy sent by a second claim would come after the first: wait past another poll for it.
  await sleep(3_000);
  const cpu1 = cpuSnapshot(pids);
  const c = sink.seen.count();
  const seconds = (c.last - c.first) / 1000;
  const appCpu = Object.keys(pids).reduce((sum, name) => sum + cpu1[name] - cpu0[name], 0);
  return {
    count,
    per_s: c.arrived ? round(c.arrived / Math.max(seconds, 0.001), 0) : 0,
    drain_ms: c.arrived ? c.last - c.first : null,
    pickup_ms: c.arrived ? c.first - enqueued : null,
    lost: c.lost,
    doubled: c.doubled,
    strays: c.strays,
    unsettled: await unsettled(ids),
    app_cpu_ms_per_item: round(appCpu / count, 2),
    pg_cpu_ms_per_item: round((cpu1.pg - cpu0.pg) / count, 2),
  };
}

/**
 * The outbox's figures on the database `dbUrl`: its own app servers (one, then two) pointed at its
 * own sinks, its own owner, company and endpoint. `q` runs SQL on that database.
 */
export async function measureOutbox({ dbUrl, q, count = COUNT }) {
  const smtp = await startSmtpSink();
  const hooks = await startWebhookSink();
  const env = { DATABASE_URL: dbUrl, SMTP_URL: smtp.url, ALLOW_PRIVATE_FETCH: "1" };
  const apps = [];
  try {
    apps.push(await startApp({ env, name: "outbox app" }));
    const { base } = apps[0];
    const owner = await signUpOwner(base, "outbox");
    const api = client(base, { authorization: `Bearer ${owner.key}` });
    const session = client(base, { cookie: owner.cookie });
    const company = (await session("POST", "/api/proposals/v3/companies", { name: "Outbox" })).data.id;
    await prepareIds(q);
    const variations = await insertProducts(q, { companyId: company, prefix: "outbox", count: 10 });
    const blocks = variations.map((id, i) => ({ content_id: id, quantity: 1 + (i % 3) }));
    const { proposal } = await api("POST", "/api/proposals/v3/proposals", { company_id: company, language: "en", blocks });
    const endpoint = (await api("POST", "/api/proposals/v3/webhooks", { company_id: company, url: hooks.url, events: ["proposal.sent"] }))
      .data.id;
    // The templates: the mail the sign-up wrote, sent by now or soon (it counts as no stray).
    const [template] = await q("SELECT id FROM mail_outbox WHERE to_address = $1 ORDER BY created_at LIMIT 1", [owner.email]);
    const mails = {
      sink: smtp,
      enqueue: (ids) =>
        q(
          `INSERT INTO mail_outbox (id, kind, to_address, headers, subject, text_body, html_body, link)
           SELECT g.id, t.kind, 'outbox-' || g.id || '@example.test', t.headers, t.subject, t.text_body, t.html_body, t.link
           FROM mail_outbox t, unnest($2::uuid[]) AS g(id) WHERE t.id = $1::uuid`,
          [template.id, ids],
        ),
      unsettled: async (ids) =>
        Number((await q("SELECT count(*) AS n FROM mail_outbox WHERE id = ANY($1::uuid[]) AND status <> 'sent'", [ids]))[0].n),
    };
    const deliveries = {
      sink: hooks,
      enqueue: (ids) =>
        q(
          `INSERT INTO webhook_deliveries (endpoint_id, event_id, type, payload)
           SELECT $1::int, e.id, 'proposal.sent', jsonb_build_object('id', e.id, 'type', 'proposal.sent',
             'created_at', floor(extract(epoch FROM now()))::bigint, 'data', jsonb_build_object('proposal', $2::jsonb))
           FROM unnest($3::uuid[]) AS e(id)`,
          [endpoint, JSON.stringify(proposal), ids],
        ),
      unsettled: async (ids) =>
        Number(
          (await q("SELECT count(*) AS n FROM webhook_deliveries WHERE event_id = ANY($1::uuid[]) AND status <> 'delivered'", [ids]))[0].n,
        ),
    };
    const out = {};
    const measure = async (label) => {
      const pids = Object.fromEntries(apps.map((app, i) => [`app${i}`, app.pid]));
      out[`mail_${label}`] = await drain({ ...mails, pids, count });
      out[`webhooks_${label}`] = await drain({ ...deliveries, pids, count });
    };
    // A first drain of each, not counted: modules load and the JIT warms, as for any server at work.
    await drain({ ...mails, pids: {}, count: 100 });
    await drain({ ...deliveries, pids: {}, count: 100 });
    await measure("1_instance");
    apps.push(await startApp({ env, name: "second outbox app" }));
    await measure("2_instances");
    return out;
  } finally {
    for (const app of apps) await app.stop();
    await smtp.close();
    await hooks.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await withScratchDatabase("outbox", async ({ dbUrl, q }) => {
    console.log(JSON.stringify(await measureOutbox({ dbUrl, q }), null, 2));
  });
}
