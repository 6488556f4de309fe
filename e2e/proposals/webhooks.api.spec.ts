/**
 * Webhook delivery by the production server (issue 27; docs/decisions/034), with a real receiver
 * on loopback (e2e/proposals/webhook-receiver.ts). Loopback is a private address: the servers this file
 * starts allow it (ALLOW_PRIVATE_FETCH=1); the server every other spec shares keeps refusing it.
 *
 * - SIGKILLed while receivers hold its deliveries, the server starts again on the same data and
 *   sends those events again, and the events it had not tried yet: each is acknowledged once, every
 *   copy with the same event id and body.
 * - Two instances on one PostgreSQL database deliver each event once (on the embedded database a
 *   second instance is refused the data: e2e/reliability/two-instances.api.spec.ts).
 * - 500s are retried until the receiver answers 2xx; 20 failures in a row turn the endpoint off and
 *   mail its owner (WEBHOOK_RETRY_BASE_SECONDS=1 makes the retries quick).
 * - Redeliver sends the same event again; a receiver that hangs, redirects or answers 100 MB fails
 *   cleanly while the server keeps answering.
 *
 * What test/integration/webhooks.test.ts proves on the worker's code is not repeated here: these
 * are about the server's own worker, its processes and restarts. Ports E2E_PORT+60 to +62.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { recordFigures } from "../../test/reliability-figures";
import { startSmtpServer } from "../../test/smtp";
import { AppProcess, freshAppData, phases, watchServers } from "../support/app-process";
import { requestJson, type KeyApi } from "../support/http";
import {
  deliveriesOf,
  deliveryFigures,
  isSignedBy,
  newOwner,
  quietPeriod,
  register,
  serverEnv,
  settled,
  startReceiver,
  tallyDeliveries,
  type Delivery,
  type Receiver,
} from "./webhook-receiver";

const PORT = Number(process.env.E2E_PORT || 3100) + 60;

// The tests run one after another (one worker per file) on the same port.
test.describe.configure({ timeout: 240_000 });

const figures = deliveryFigures();
test.afterAll(() => recordFigures("webhooks", figures));
const tally = (receiver: Receiver, path: string, eventIds: string[]) => tallyDeliveries(figures, receiver, path, eventIds);

/** A proposal sent to a customer: one `proposal.sent` event. */
async function sendProposal(api: KeyApi, companyId: number, title = "Hooked offer") {
  const draft = await api.ok("POST", "/v3/proposals", {
    company_id: companyId,
    language: "en",
    title_md: title,
    recipient: { first_name: "Cora", email: `cora-${randomBytes(3).toString("hex")}@customer.example` },
  });
  await api.ok("POST", `/v3/proposals/${draft.proposal.uuid}/send`);
  return draft.proposal.uuid as string;
}

const health = async (url: string) => {
  const started = Date.now();
  const { status, body } = await requestJson(`${url}/api/health`, { timeoutMs: 10_000 });
  return { status, body, ms: Date.now() - started };
};

// =================================================================================================

test("[WEBHOOKS E2E] a server killed while receivers hold its deliveries sends every event after the restart, each acknowledged once", async () => {
  const data = await freshAppData("hooks-crash");
  const receiver = await startReceiver();
  const app = new AppProcess(data, PORT, serverEnv());
  const paths = ["/crm-a", "/crm-b", "/crm-c"];
  try {
    await app.start();
    const owner = await newOwner(app.url);
    const hooks = new Map<string, { id: number; secret: string }>();
    for (const path of paths) {
      hooks.set(path, await register(owner, receiver.url(path)));
      receiver.answer(path, "stall", "ok");
    }
    // One event, one delivery per endpoint, claimed together: the worker has all three on the wire
    // and waits for answers that do not come.
    await sendProposal(owner.api, owner.companyId, "Held offer");
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    // A second event, committed while the worker is busy: not tried before the kill.
    await sendProposal(owner.api, owner.companyId, "Waiting offer");
    await app.kill();
    const held = receiver.received[0].eventId;
    expect(receiver.received.map((r) => r.eventId)).toEqual([held, held, held]);

    // Timed: a CI run once spent its whole 240 s from here on, saying nothing.
    console.log(`[webhooks] restarted after the kill in ${await app.start()} ms`);
    // The waiting event goes at once; the held ones when the dead worker's lease (WEBHOOK_LEASE_SECONDS) ends.
    for (const path of paths) await settled(owner.api, hooks.get(path)!.id, 2);
    await quietPeriod();
    const waiting = receiver.received.find((r) => r.eventId !== held)!.eventId;
    for (const path of paths) {
      const copies = (id: string) => receiver.at(path).filter((r) => r.eventId === id);
      tally(receiver, path, [held, waiting]);
      // The held copy and the one after the restart: the same event, the same body, both signed.
      expect(
        copies(held).map((c) => c.acknowledged),
        path,
      ).toEqual([false, true]);
      expect(copies(held)[1].body).toBe(copies(held)[0].body);
      expect(
        copies(waiting).map((c) => c.acknowledged),
        path,
      ).toEqual([true]);
      for (const copy of receiver.at(path)) expect(isSignedBy(hooks.get(path)!.secret, copy)).toBe(true);
      expect(receiver.at(path)).toHaveLength(3);
      const deliveries = await deliveriesOf(owner.api, hooks.get(path)!.id);
      expect(deliveries.map((d) => [d.event_id, d.status]).sort()).toEqual(
        [
          [held, "delivered"],
          [waiting, "delivered"],
        ].sort(),
      );
    }
  } finally {
    await app.kill();
    await receiver.close();
    await data.remove();
  }
});

test("[WEBHOOKS E2E] 500s are retried until the receiver answers; 20 failures in a row turn the endpoint off and mail its owner", async () => {
  const data = await freshAppData("hooks-retry");
  const receiver = await startReceiver();
  const smtp = await startSmtpServer();
  const app = new AppProcess(
    data,
    PORT,
    serverEnv({ WEBHOOK_RETRY_BASE_SECONDS: "1", SMTP_URL: smtp.url, APP_URL: `http://127.0.0.1:${PORT}` }),
  );
  try {
    await app.start();
    const owner = await newOwner(app.url, { smtp });

    // Down twice, then up: tried 1 s and 2 s later, the third try delivers.
    const flaky = await register(owner, receiver.url("/flaky"));
    receiver.answer("/flaky", "fail", "fail", "ok");
    await owner.api.ok("POST", `/v3/webhooks/${flaky.id}/test`);
    const [retried] = await settled(owner.api, flaky.id, 1, 30_000);
    expect(retried.status).toBe("delivered");
    expect(retried.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [500, "The endpoint answered 500"],
      [500, "The endpoint answered 500"],
      [204, null],
    ]);
    const tries = receiver.at("/flaky");
    expect(new Set(tries.map((t) => t.eventId))).toEqual(new Set([retried.event_id]));
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(900);
    expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(1_900);
    tally(receiver, "/flaky", [retried.event_id]);

    // Always down: five events tried four times each (now, 1 s, 3 s and 7 s later) are 20 failures in a row.
    const down = await register(owner, receiver.url("/down"));
    receiver.answer("/down", "fail");
    for (let i = 0; i < 5; i++) await owner.api.ok("POST", `/v3/webhooks/${down.id}/test`);
    const endpointOf = async () =>
      ((await owner.api.ok("GET", `/v3/webhooks?company_id=${owner.companyId}`)).data as { id: number; enabled: boolean }[]).find(
        (w) => w.id === down.id,
      )!;
    await expect.poll(async () => (await endpointOf()).enabled, { timeout: 45_000 }).toBe(false);
    const off = await endpointOf();
    expect(off).toMatchObject({ enabled: false, consecutive_failures: 20, disabled_at: expect.any(Number) });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(owner.email) && /was turned off/.test(m.subject ?? ""), 30_000);
    expect(mail.text).toContain(receiver.url("/down"));
    expect(mail.text).toContain("the last 20 attempts in a row failed");
    expect(mail.text).toContain(`http://127.0.0.1:${PORT}/proposals/webhooks?company=${owner.companyId}`);

    // Off: nothing more is tried, though the five deliveries are still due within their 24 hours.
    const triedWhenOff = receiver.at("/down").length;
    expect(triedWhenOff).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    expect(receiver.at("/down")).toHaveLength(triedWhenOff);
    const waiting = await deliveriesOf(owner.api, down.id);
    expect(waiting.map((d) => [d.status, d.attempts.length])).toEqual(Array(5).fill(["pending", 4]));
    expect(smtp.to(owner.email).filter((m) => /was turned off/.test(m.subject ?? ""))).toHaveLength(1);
  } finally {
    await app.kill();
    await receiver.close();
    await smtp.close();
    await data.remove();
  }
});

test("[WEBHOOKS E2E] redeliver sends the same event again; a receiver that hangs, redirects or answers 100 MB fails cleanly while the server keeps answering", async () => {
  const data = await freshAppData("hooks-hostile");
  const receiver = await startReceiver();
  const app = new AppProcess(data, PORT, serverEnv());
  try {
    await app.start();
    const owner = await newOwner(app.url);

    const crm = await register(owner, receiver.url("/crm"));
    await sendProposal(owner.api, owner.companyId);
    const [first] = await settled(owner.api, crm.id, 1);
    // Counted before the redelivery: the copy asked for below is a second acknowledgement by design.
    tally(receiver, "/crm", [first.event_id]);
    const again = (await owner.api.ok("POST", `/v3/webhooks/${crm.id}/deliveries/${first.id}/redeliver`)).data as Delivery;
    expect(again).toMatchObject({ event_id: first.event_id, status: "pending", attempts: [] });
    const both = await settled(owner.api, crm.id, 2);
    expect(both.map((d) => [d.id, d.event_id, d.status])).toEqual([
      [again.id, first.event_id, "delivered"],
      [first.id, first.event_id, "delivered"],
    ]);
    const [original, copy] = receiver.at("/crm");
    expect(copy.eventId).toBe(original.eventId);
    expect(copy.body).toBe(original.body);
    expect(isSignedBy(crm.secret, copy)).toBe(true);

    const hang = await register(owner, receiver.url("/hang"));
    const redirect = await register(owner, receiver.url("/redirect"));
    const huge = await register(owner, receiver.url("/huge"));
    receiver.answer("/hang", "hang");
    receiver.answer("/redirect", "redirect");
    receiver.answer("/huge", "huge");
    for (const hook of [hang, redirect, huge]) await owner.api.ok("POST", `/v3/webhooks/${hook.id}/test`);

    // While the worker waits on the hanging receiver, the server answers as usual.
    await expect.poll(() => receiver.at("/hang").length, { timeout: 20_000 }).toBe(1);
    const during = await health(app.url);
    expect(during.status).toBe(200);
    expect(during.body).toEqual({ status: "ok", database: "ok" });
    const listed = await owner.api.send("GET", `/v3/webhooks?company_id=${owner.companyId}`);
    expect(listed.status).toBe(200);
    console.log(`[webhooks] while a receiver hangs: /api/health in ${during.ms} ms`);

    const settle = async (webhookId: number) => {
      let delivery: Delivery | undefined;
      await expect
        .poll(
          async () => {
            [delivery] = await deliveriesOf(owner.api, webhookId);
            return delivery?.attempts.length ?? 0;
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThanOrEqual(1);
      return delivery!;
    };
    const timedOut = await settle(hang.id);
    expect(timedOut.status).toBe("pending");
    expect(timedOut.attempts[0]).toMatchObject({ status_code: null, error: "No answer within 10 s" });
    expect(timedOut.attempts[0].duration_ms).toBeGreaterThanOrEqual(9_500);
    expect(timedOut.attempts[0].duration_ms).toBeLessThan(15_000);

    const redirected = await settle(redirect.id);
    expect(redirected.status).toBe("pending");
    expect(redirected.attempts[0]).toMatchObject({ status_code: 302, error: "Redirected (302); redirects are not followed" });
    expect(receiver.at("/elsewhere")).toEqual([]);

    const hugeAnswer = await settle(huge.id);
    expect(hugeAnswer.status).toBe("delivered");
    expect(hugeAnswer.attempts[0]).toMatchObject({ status_code: 200, error: null });
    // The worker hung up after a few KB: what the socket buffers took, far from 100 MB.
    expect(receiver.hugeBytesSent()).toBeLessThan(20 * 1024 * 1024);

    const after = await health(app.url);
    expect(after.status).toBe(200);
    expect(app.isRunning).toBe(true);
  } finally {
    await app.kill();
    await receiver.close();
    await data.remove();
  }
});

/** The servers of the test that runs: their output is printed when it fails or times out. */
const watch = watchServers();

// On the embedded database one process owns the data: a second instance is refused it
// (e2e/reliability/two-instances.api.spec.ts), so there is no second worker to race.
if (process.env.TEST_DATABASE_URL) {
  test("[WEBHOOKS E2E] two instances on one PostgreSQL database deliver each event once", async () => {
    const data = await freshAppData("hooks_two");
    const receiver = await startReceiver();
    // Both poll often, so both are there to claim every delivery.
    const a = watch("A", new AppProcess(data, PORT + 1, serverEnv({ MAIL_POLL_MS: "100" })));
    const b = watch("B", new AppProcess(data, PORT + 2, serverEnv({ MAIL_POLL_MS: "100" })));
    // Each phase says when it ended: a run that stalls names where (this test once timed out in CI
    // with nothing more to go on), and the watch prints its servers' output.
    const phase = phases("webhooks two");
    try {
      await phase("both instances healthy", () => Promise.all([a.start(), b.start()]));
      const owner = await phase("owner with a key and a company", () => newOwner(a.url));
      const hook = await phase("endpoint registered", () => register(owner, receiver.url("/crm")));
      // Events written through both instances, each waking its own worker at once.
      const apis = [owner.api, owner.api.on(b.url)];
      await phase("16 events written", () =>
        Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            i % 4 === 0 ? sendProposal(apis[i % 2], owner.companyId, `Offer ${i}`) : apis[i % 2].ok("POST", `/v3/webhooks/${hook.id}/test`),
          ),
        ),
      );
      const deliveries = await phase("16 deliveries settled", () => settled(owner.api, hook.id, 16));
      await quietPeriod();
      const eventIds = deliveries.map((d) => d.event_id);
      tally(receiver, "/crm", eventIds);
      expect(new Set(eventIds).size).toBe(16);
      expect(deliveries.map((d) => [d.status, d.attempts.length])).toEqual(Array(16).fill(["delivered", 1]));
      expect(
        receiver
          .at("/crm")
          .map((r) => r.eventId)
          .sort(),
      ).toEqual([...eventIds].sort());
    } finally {
      await Promise.all([a.kill(), b.kill()]);
      await receiver.close();
      await data.remove();
    }
  });
}
