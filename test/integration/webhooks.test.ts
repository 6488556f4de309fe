/**
 * Webhooks of the proposals service (issue 27; docs/decisions/034): owners register endpoints,
 * proposal events are written in their actions' transactions and POSTed, signed, by the worker's
 * loop (driven here by calling deliverDueWebhooks) to a real receiver on loopback. Loopback is a
 * private address: these tests allow it with ALLOW_PRIVATE_FETCH=1, except the one that checks
 * it is refused.
 */
import crypto, { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { sendProposal } from "@/lib/proposals/proposals/lifecycle";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { deliverDueWebhooks, WEBHOOK_DISABLE_AFTER_FAILURES } from "@/lib/webhooks/worker";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  joinCompany,
  proposalsClient,
  publicClient,
  seedCompanyMember,
  seedContact,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
let receiver: Receiver;
beforeAll(async () => {
  [server, receiver] = await Promise.all([startTestServer(), startReceiver(), getDb()]);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});
beforeEach(() => {
  vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
  receiver.reset();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

// ---- The receiver: a real HTTP server the test tells how to answer ----------------------------

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
type Behaviour = "ok" | "fail" | "hang" | "redirect" | "huge";
type Receiver = {
  url: (path: string) => string;
  received: Received[];
  behaviour: Map<string, Behaviour>;
  hugeBytesSent: number;
  reset: () => void;
  close: () => Promise<void>;
};

async function startReceiver(): Promise<Receiver> {
  const state: Receiver = {
    url: () => "",
    received: [],
    behaviour: new Map(),
    hugeBytesSent: 0,
    reset: () => {
      state.received = [];
      state.behaviour.clear();
      state.hugeBytesSent = 0;
    },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      state.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const behaviour = state.behaviour.get(path) ?? "ok";
      if (behaviour === "ok") res.writeHead(204).end();
      else if (behaviour === "fail") res.writeHead(500, { "content-type": "text/plain" }).end("broken");
      else if (behaviour === "redirect") res.writeHead(302, { location: state.url("/elsewhere") }).end();
      else if (behaviour === "huge") {
        // Announces 100 MB and keeps writing while the client reads; stops when it hangs up.
        const total = 100 * 1024 * 1024;
        res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(total) });
        const chunk = Buffer.alloc(64 * 1024, 120);
        const pump = () => {
          while (state.hugeBytesSent < total && !res.destroyed) {
            state.hugeBytesSent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      }
      // "hang": never answers.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  state.url = (path) => `http://127.0.0.1:${port}${path}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** A receiver's check as docs/webhooks.md describes it (the guide's own snippets run in webhook-docs.test.ts). */
function verifySignature(secret: string, rawBody: string, header: string, toleranceSeconds = 300) {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=", 2)));
  if (!t || !v1 || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex");
  return expected.length === v1.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(v1));
}

// ---- Helpers --------------------------------------------------------------------------------------

const ALL_EVENTS = ["proposal.sent", "proposal.viewed", "proposal.accepted", "proposal.rejected", "proposal.withdrawn"];

async function register(owner: CompanyMember, path: string, events = ALL_EVENTS) {
  const res = await owner.api.post("/v3/webhooks", { company_id: owner.company.id, url: receiver.url(path), events, description: "CRM" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    id: number;
    url: string;
    events: string[];
    description: string;
    enabled: boolean;
    secret: string;
    created_at: number;
  };
}

const uniquePath = () => `/hook-${crypto.randomBytes(4).toString("hex")}`;
const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);
const deliver = async (options: { timeoutMs?: number } = {}) => deliverDueWebhooks(await getDb(), options);

async function deliveryRows(webhookId: number) {
  const db = await getDb();
  return db.webhookDelivery.findMany({ where: { endpointId: webhookId }, orderBy: { id: "asc" }, include: { attemptLogs: true } });
}

/** Makes every pending delivery of the endpoint due now, instead of waiting for its backoff. */
async function makeDue(webhookId: number) {
  const db = await getDb();
  await db.$executeRaw`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = ${webhookId} AND status = 'pending'`;
}

const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

// ---- Delivery -------------------------------------------------------------------------------------

describe("[WEBHOOKS] delivery", () => {
  it("[WEBHOOKS] a sent proposal is POSTed once, as JSON, signed with the endpoint's secret (the documented check verifies it)", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    const hook = await register(owner, path);
    expect(hook.secret).toMatch(/^whsec_/);
    const uuid = await createSentProposal(owner, { title_md: "Hooked" });
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    await deliver();

    const [got, ...more] = receivedAt(path);
    expect(more).toEqual([]);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(verifySignature(hook.secret, got.body, String(got.headers["coursewright-signature"]))).toBe(true);
    expect(verifySignature("whsec_wrong", got.body, String(got.headers["coursewright-signature"]))).toBe(false);
    const body = JSON.parse(got.body);
    expect(body).toEqual({
      id: got.headers["coursewright-event-id"],
      type: "proposal.sent",
      created_at: expect.any(Number),
      data: { proposal: expect.any(Object) },
    });
    expect(body.data.proposal).toMatchObject({ uuid, status: "active" });
    expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(60);

    const listed = await owner.api.get(`/v3/webhooks/${hook.id}/deliveries`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        id: expect.any(Number),
        event_id: body.id,
        type: "proposal.sent",
        status: "delivered",
        created_at: expect.any(Number),
        attempts: [{ at: expect.any(Number), status_code: 204, duration_ms: expect.any(Number), error: null }],
      },
    ]);
  });

  it("[WEBHOOKS] send, first view, accept, reject and withdraw each emit their event; a second view and unsubscribed types do not", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    const hook = await register(owner, path);
    const onlyAccepted = uniquePath();
    await register(owner, onlyAccepted, ["proposal.accepted"]);
    const db = await getDb();

    const accepted = await createSentProposal(owner);
    await getPublicProposal(db, accepted, { viewer: null, address: anAddress() });
    await getPublicProposal(db, accepted, { viewer: null, address: anAddress() });
    expect((await publicClient(server).post(`/proposals/${accepted}/accept`, { name: "Rita", consent: true })).status).toBe(200);
    const rejected = await createSentProposal(owner);
    expect((await publicClient(server).post(`/proposals/${rejected}/reject`)).status).toBe(200);
    const withdrawn = await createSentProposal(owner);
    expect((await owner.api.post(`/v3/proposals/${withdrawn}/withdraw`)).status).toBe(200);
    const rejectedByStaff = await createSentProposal(owner);
    expect((await owner.api.post(`/v3/proposals/${rejectedByStaff}/reject`)).status).toBe(200);

    const events = (await deliveryRows(hook.id)).map((d) => {
      const payload = d.payload as { type: string; data: { proposal: { uuid: string; status: string } } };
      return [payload.type, payload.data.proposal.uuid, payload.data.proposal.status];
    });
    expect(events).toEqual([
      ["proposal.sent", accepted, "active"],
      ["proposal.viewed", accepted, "active"],
      ["proposal.accepted", accepted, "accepted"],
      ["proposal.sent", rejected, "active"],
      ["proposal.rejected", rejected, "rejected"],
      ["proposal.sent", withdrawn, "active"],
      ["proposal.withdrawn", withdrawn, "withdrawn"],
      ["proposal.sent", rejectedByStaff, "active"],
      ["proposal.rejected", rejectedByStaff, "rejected"],
    ]);
    await deliver();
    expect(receivedAt(onlyAccepted).map((r) => JSON.parse(r.body).type)).toEqual(["proposal.accepted"]);
    expect(receivedAt(path)).toHaveLength(9);
  });

  it("[WEBHOOKS] an action that rolls back emits nothing; a disabled endpoint gets nothing", async () => {
    const owner = await seedCompanyMember(server);
    const hook = await register(owner, uniquePath());
    const off = await register(owner, uniquePath());
    expect((await owner.api.patch(`/v3/webhooks/${off.id}`, { enabled: false })).status).toBe(200);
    const contact = await seedContact(owner.company.id);
    const uuid = await createDraft(owner, { recipient: { id: contact.id } });
    const db = await getDb();
    await expect(
      db.$transaction(async (tx) => {
        await sendProposal(tx, uuid, undefined);
        throw new Error("the action failed after sending");
      }),
    ).rejects.toThrow("the action failed");
    expect(await deliveryRows(hook.id)).toEqual([]);
    expect((await owner.api.post(`/v3/proposals/${uuid}/send`)).status).toBe(200);
    expect((await deliveryRows(hook.id)).map((d) => d.type)).toEqual(["proposal.sent"]);
    expect(await deliveryRows(off.id)).toEqual([]);
  });

  it("[WEBHOOKS] a 500 is retried with backoff (first retry within 60 s) and delivered once the receiver answers 2xx", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    receiver.behaviour.set(path, "fail");
    const hook = await register(owner, path);
    expect((await owner.api.post(`/v3/webhooks/${hook.id}/test`)).status).toBe(201);

    await deliver();
    let [row] = await deliveryRows(hook.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    const firstWait = row.nextAttemptAt.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(10_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);
    expect(row.attemptLogs).toMatchObject([{ statusCode: 500, error: "The endpoint answered 500" }]);
    // Not due yet: nothing happens.
    expect(await deliver()).toBe(0);

    await makeDue(hook.id);
    await deliver();
    [row] = await deliveryRows(hook.id);
    const secondWait = row.nextAttemptAt.getTime() - Date.now();
    expect(secondWait).toBeGreaterThan(firstWait);
    await expect((await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).resolves.toMatchObject({
      consecutiveFailures: 2,
    });

    receiver.behaviour.set(path, "ok");
    await makeDue(hook.id);
    await deliver();
    [row] = await deliveryRows(hook.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 3 });
    expect(row.attemptLogs.map((a) => a.statusCode).sort()).toEqual([204, 500, 500]);
    const endpoint = await (await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } });
    expect(endpoint.consecutiveFailures).toBe(0);
    expect(receivedAt(path)).toHaveLength(3);
    // Every try carries the same event id.
    expect(new Set(receivedAt(path).map((r) => r.headers["coursewright-event-id"])).size).toBe(1);
  });

  it("[WEBHOOKS] a delivery still failing 24 hours after it was created fails for good", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    receiver.behaviour.set(path, "fail");
    const hook = await register(owner, path);
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    const db = await getDb();
    await db.$executeRaw`UPDATE webhook_deliveries SET created_at = now() - interval '24 hours 1 minute' WHERE endpoint_id = ${hook.id}`;
    await deliver();
    const [row] = await deliveryRows(hook.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("[WEBHOOKS] a receiver that never answers times out cleanly; a redirect is a failure and is not followed", async () => {
    const owner = await seedCompanyMember(server);
    const hanging = uniquePath();
    receiver.behaviour.set(hanging, "hang");
    const redirecting = uniquePath();
    receiver.behaviour.set(redirecting, "redirect");
    const slow = await register(owner, hanging);
    const moved = await register(owner, redirecting);
    await owner.api.post(`/v3/webhooks/${slow.id}/test`);
    await owner.api.post(`/v3/webhooks/${moved.id}/test`);

    const started = Date.now();
    await deliver({ timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [timedOut] = await deliveryRows(slow.id);
    expect(timedOut.status).toBe("pending");
    expect(timedOut.attemptLogs).toMatchObject([{ statusCode: null, error: "No answer within 1 s" }]);
    expect(timedOut.attemptLogs[0].durationMs).toBeGreaterThanOrEqual(400);

    const [redirected] = await deliveryRows(moved.id);
    expect(redirected.status).toBe("pending");
    expect(redirected.attemptLogs).toMatchObject([{ statusCode: 302, error: expect.stringMatching(/^Redirected \(302\)/) }]);
    expect(receivedAt("/elsewhere")).toEqual([]);
  });

  it("[WEBHOOKS] a huge answer is not read: the delivery settles after a few KB", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    receiver.behaviour.set(path, "huge");
    const hook = await register(owner, path);
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    await deliver();
    const [row] = await deliveryRows(hook.id);
    expect(row.status).toBe("delivered");
    // The socket closed long before 100 MB went through (what sits in the kernel's buffers at most).
    expect(receiver.hugeBytesSent).toBeLessThan(20 * 1024 * 1024);
  });

  it("[WEBHOOKS] a delivery made due now is due at once: its due time is not rounded up past the clock", async () => {
    // A TIMESTAMPTZ(3) column rounded now() half the time up to the next millisecond, so a worker
    // looking within that half millisecond (woken by the commit) skipped the delivery until its next poll.
    const owner = await seedCompanyMember(server);
    const hook = await register(owner, uniquePath());
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    const db = await getDb();
    for (let i = 0; i < 20; i++) {
      const [row] = await db.$queryRaw<{ due: boolean }[]>`
        UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = ${hook.id} RETURNING next_attempt_at <= now() AS due`;
      expect(row.due).toBe(true);
    }
  });

  it(`[WEBHOOKS] after ${WEBHOOK_DISABLE_AFTER_FAILURES} failed attempts in a row the endpoint is turned off and the company's owners are mailed`, async () => {
    const owner = await seedCompanyMember(server);
    const member = await seedUser();
    await joinCompany(member, owner.company.id);
    const path = uniquePath();
    receiver.behaviour.set(path, "fail");
    const hook = await register(owner, path);
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    const db = await getDb();
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILURES; i++) {
      await makeDue(hook.id);
      await deliver();
    }
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } });
    expect(endpoint).toMatchObject({ enabled: false, consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES });
    expect(endpoint.disabledAt).not.toBeNull();
    const mails = await db.outboxMail.findMany({
      where: { kind: "webhook_disabled", toAddress: { in: [owner.user.email, member.user.email] } },
    });
    expect(mails.map((m) => m.toAddress)).toEqual([owner.user.email]);
    expect(mails[0].textBody).toContain(receiver.url(path));
    // Turned off: nothing more is tried.
    await makeDue(hook.id);
    expect(await deliver()).toBe(0);
    expect(receivedAt(path)).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILURES);

    // Turning it back on clears the count; the waiting delivery goes out.
    receiver.behaviour.set(path, "ok");
    const on = await owner.api.patch(`/v3/webhooks/${hook.id}`, { enabled: true });
    expect(on.body.data).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_at: null });
    await makeDue(hook.id);
    await deliver();
    expect((await deliveryRows(hook.id))[0].status).toBe("delivered");
  });

  it("[WEBHOOKS] redeliver sends the same event id and body again as a new delivery", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    const hook = await register(owner, path);
    await createSentProposal(owner);
    await deliver();
    const [first] = (await owner.api.get(`/v3/webhooks/${hook.id}/deliveries`)).body.data;
    const again = await owner.api.post(`/v3/webhooks/${hook.id}/deliveries/${first.id}/redeliver`);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data).toMatchObject({ event_id: first.event_id, type: "proposal.sent", status: "pending", attempts: [] });
    await deliver();
    const [a, b] = receivedAt(path);
    expect(b.body).toBe(a.body);
    expect(b.headers["coursewright-event-id"]).toBe(a.headers["coursewright-event-id"]);
    const listed = (await owner.api.get(`/v3/webhooks/${hook.id}/deliveries`)).body.data;
    expect(listed.map((d: { id: number; status: string }) => [d.id, d.status])).toEqual([
      [again.body.data.id, "delivered"],
      [first.id, "delivered"],
    ]);
    expectProposalsError(await owner.api.post(`/v3/webhooks/${hook.id}/deliveries/999999999/redeliver`), 404, "NOT_FOUND");
  });

  it("[WEBHOOKS] rotate-secret changes the key deliveries are signed with", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    const hook = await register(owner, path);
    const rotated = await owner.api.post(`/v3/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { secret } = rotated.body.data;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    await deliver();
    const [got] = receivedAt(path);
    expect(JSON.parse(got.body)).toMatchObject({ type: "webhook.test", data: { webhook: { id: hook.id } } });
    const header = String(got.headers["coursewright-signature"]);
    expect(verifySignature(secret, got.body, header)).toBe(true);
    expect(verifySignature(hook.secret, got.body, header)).toBe(false);
  });

  it("[WEBHOOKS] a delivery whose worker died mid-attempt is taken over once its lease ends, and only then", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    const hook = await register(owner, path);
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    const db = await getDb();
    // As a worker leaves it when killed after claiming: the attempt counted, leased into the future.
    await db.$executeRaw`
      UPDATE webhook_deliveries SET attempts = 1, lease_until = now() + interval '1 minute', next_attempt_at = now() + interval '1 minute'
      WHERE endpoint_id = ${hook.id}`;
    expect(await deliver()).toBe(0);
    await db.$executeRaw`
      UPDATE webhook_deliveries SET lease_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second'
      WHERE endpoint_id = ${hook.id}`;
    expect(await deliver()).toBe(1);
    const [row] = await deliveryRows(hook.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, leaseUntil: null });
    expect(receivedAt(path)).toHaveLength(1);
  });

  it("[WEBHOOKS] two workers at once deliver each event once", async () => {
    const owner = await seedCompanyMember(server);
    const path = uniquePath();
    const hook = await register(owner, path);
    for (let i = 0; i < 6; i++) expect((await owner.api.post(`/v3/webhooks/${hook.id}/test`)).status).toBe(201);
    const db = await getDb();
    const settled = await Promise.all([deliverDueWebhooks(db), deliverDueWebhooks(db), deliverDueWebhooks(db)]);
    expect(settled.reduce((a, b) => a + b, 0)).toBe(6);
    const ids = receivedAt(path).map((r) => r.headers["coursewright-event-id"]);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect((await deliveryRows(hook.id)).every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
  });
});

// ---- The API ---------------------------------------------------------------------------------------

describe("[WEBHOOKS] API", () => {
  it("[WEBHOOKS] create answers the secret once; list, update and delete never show it", async () => {
    const owner = await seedCompanyMember(server);
    const hook = await register(owner, "/crm");
    expect(hook).toEqual({
      id: expect.any(Number),
      url: receiver.url("/crm"),
      events: ALL_EVENTS,
      description: "CRM",
      enabled: true,
      secret: expect.stringMatching(/^whsec_/),
      created_at: expect.any(Number),
    });
    const listed = await owner.api.get(`/v3/webhooks?company_id=${owner.company.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        id: hook.id,
        url: hook.url,
        events: ALL_EVENTS,
        description: "CRM",
        enabled: true,
        consecutive_failures: 0,
        disabled_at: null,
        created_at: hook.created_at,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);
    const updated = await owner.api.patch(`/v3/webhooks/${hook.id}`, { events: ["proposal.expired"], description: "" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ events: ["proposal.expired"], description: "" });
    expect(JSON.stringify(updated.body)).not.toContain(hook.secret);
    const deleted = await owner.api.delete(`/v3/webhooks/${hook.id}`);
    expect(deleted.status).toBe(200);
    expect(JSON.stringify(deleted.body)).not.toContain(hook.secret);
    expect((await owner.api.get(`/v3/webhooks?company_id=${owner.company.id}`)).body.data).toEqual([]);
    expectProposalsError(await owner.api.delete(`/v3/webhooks/${hook.id}`), 404, "NOT_FOUND");
  });

  it("[WEBHOOKS] unknown events and bad URLs are refused naming the field", async () => {
    const owner = await seedCompanyMember(server);
    const create = (body: Record<string, unknown>) => owner.api.post("/v3/webhooks", { company_id: owner.company.id, ...body });
    let res = await create({ url: receiver.url("/x"), events: ["proposal.eaten"] });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["events.0"]);
    res = await create({ url: "ftp://example.com/x", events: ["proposal.sent"] });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["url"]);
    res = await create({ url: "not a url", events: ["proposal.sent"] });
    expect(issuePaths(res)).toEqual(["url"]);
    res = await create({ url: receiver.url("/x"), events: [] });
    expect(issuePaths(res)).toEqual(["events"]);
  });

  it("[WEBHOOKS] without ALLOW_PRIVATE_FETCH, http and private, loopback and metadata addresses are refused at registration (400 naming url)", async () => {
    vi.unstubAllEnvs();
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "");
    const owner = await seedCompanyMember(server);
    for (const url of [
      receiver.url("/x"),
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://10.0.0.5/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
    ]) {
      const res = await owner.api.post("/v3/webhooks", { company_id: owner.company.id, url, events: ["proposal.sent"] });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), url).toEqual(["url"]);
    }
    // And one registered while private addresses were allowed is not called once they are not.
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
    const path = uniquePath();
    const hook = await register(owner, path);
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "");
    await deliver();
    expect(receivedAt(path)).toEqual([]);
    expect((await deliveryRows(hook.id))[0].attemptLogs).toMatchObject([{ statusCode: null, error: expect.stringMatching(/private/) }]);
    const refused = await owner.api.patch(`/v3/webhooks/${hook.id}`, { url: "https://192.168.1.1/x" });
    expect(issuePaths(refused)).toEqual(["url"]);
  });

  it("[WEBHOOKS] a member who is not an owner is refused (401); another company's user finds nothing (404) on every endpoint", async () => {
    const owner = await seedCompanyMember(server);
    const hook = await register(owner, uniquePath());
    await owner.api.post(`/v3/webhooks/${hook.id}/test`);
    const deliveryId = (await deliveryRows(hook.id))[0].id;
    const plain = await seedUser();
    await joinCompany(plain, owner.company.id);
    const stranger = await seedCompanyMember(server);
    const calls = (api: ReturnType<typeof proposalsClient>) => [
      api.get(`/v3/webhooks?company_id=${owner.company.id}`),
      api.post("/v3/webhooks", { company_id: owner.company.id, url: receiver.url("/x"), events: ["proposal.sent"] }),
      api.patch(`/v3/webhooks/${hook.id}`, { enabled: false }),
      api.delete(`/v3/webhooks/${hook.id}`),
      api.post(`/v3/webhooks/${hook.id}/rotate-secret`),
      api.get(`/v3/webhooks/${hook.id}/deliveries`),
      api.post(`/v3/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`),
      api.post(`/v3/webhooks/${hook.id}/test`),
    ];
    for (const res of await Promise.all(calls(proposalsClient(server, plain.key)))) expectProposalsError(res, 401, "UNAUTHORIZED");
    for (const res of await Promise.all(calls(stranger.api))) expectProposalsError(res, 404, "NOT_FOUND");
    // Nothing changed.
    const db = await getDb();
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({ enabled: true, secret: hook.secret });
    expect(await db.webhookEndpoint.count({ where: { companyId: owner.company.id } })).toBe(1);
    expect(await deliveryRows(hook.id)).toHaveLength(1);
  });
});
