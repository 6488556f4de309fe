/**
 * The proposal sweeper of the production server (docs/decisions/037), a schedule of the job worker
 * (docs/decisions/052): a server of its own (port E2E_PORT+70), sweeping every 250 ms, on the
 * database the run uses, mailing through a real SMTP server on loopback. Nothing is faked:
 * proposals are sent through the API expiring, or due a reminder, a few seconds from now, and the
 * test waits for that moment. The server then reminds the customer and announces the expiry on its
 * own, each once, and leaves an answered proposal alone. The same holds for a server SIGKILLed
 * while it sweeps, and started again, and (on PostgreSQL) for two servers sweeping one database
 * (ports E2E_PORT+68 and +69). (The sweeper's rules under any clock: test/integration/proposal-expiry.test.ts.)
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { recordFigures } from "../../test/reliability-figures";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../test/smtp";
import { AppProcess, freshAppData, phases, watchServers } from "../support/app-process";
import { signInViaApi, signUpViaApi, uniqueEmail } from "../support/helpers";

const PORT = Number(process.env.E2E_PORT || 3100) + 70;
/** How far ahead the moments are set: enough for the sends before them on a loaded machine. */
const AHEAD_SECONDS = 8;
const DAY = 86_400;

test.describe.configure({ mode: "serial", timeout: 120_000 });

type Event = { type: string; actor: { kind: string }; detail: Record<string, unknown> };

test("[SWEEPER] the server mails a due reminder and announces a passed expiry on its own, once each", async () => {
  const data = await freshAppData("sweeper");
  const smtp = await startSmtpServer();
  const env = {
    SMTP_URL: smtp.url,
    APP_URL: `http://127.0.0.1:${PORT}`,
    MAIL_POLL_MS: "200",
    PROPOSAL_SWEEP_MS: "250",
    SIGN_UP_PER_ADDRESS: "100000",
  };
  const app = new AppProcess(data, PORT, env);
  let staff: Staff | undefined;
  try {
    await app.start();
    staff = await staffOn(app.url, smtp);
    const { ctx, api, companyId, email: samEmail } = staff;
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    const sent = async (title: string, send: () => Record<string, unknown>) => {
      const email = uniqueEmail("cora").toLowerCase();
      const contact = (await api("POST", "/v3/contacts", { company_id: companyId, first_name: "Cora", last_name: "Customer", email })).data;
      const ref = await api("POST", "/v3/proposals", {
        company_id: companyId,
        language: "en",
        title_md: title,
        recipient: { id: contact.id },
      });
      await api("POST", `/v3/proposals/${ref.proposal.uuid}/send`, { notify_recipient: false, ...send() });
      return { uuid: ref.proposal.uuid as string, email };
    };
    // Due a reminder in a few seconds: one day before an expiry one day and a few seconds away.
    const toRemind = await sent("Roof to remind", () => ({ expires_at: nowSeconds() + DAY + AHEAD_SECONDS, reminder_days_before: 1 }));
    const toExpire = await sent("Roof to expire", () => ({ expires_at: nowSeconds() + AHEAD_SECONDS }));
    const answered = await sent("Roof accepted", () => ({ expires_at: nowSeconds() + AHEAD_SECONDS }));
    const accept = await ctx.post(`/api/public/proposals/${answered.uuid}/accept`, {
      data: { name: "Cora", consent: true },
      headers: { origin: app.url },
    });
    expect(accept.status()).toBe(200);

    const events = async (uuid: string) => (await api("GET", `/v3/proposals/${uuid}/events`)).data as Event[];
    const reminder = await smtp.waitFor((m) => m.envelopeTo.includes(toRemind.email), 30_000);
    expect(reminder.subject).toMatch(/^Reminder: "Roof to remind" from Sunny Roofs AB/);
    expect(reminder.text).toContain(`http://127.0.0.1:${PORT}/p/${toRemind.uuid}`);
    const expired = await smtp.waitFor((m) => m.envelopeTo.includes(samEmail) && /expired/.test(m.subject ?? ""), 30_000);
    expect(expired.subject).toBe('"Roof to expire" (v1) expired without an answer');

    // Many more sweeps: nothing happens twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await events(toRemind.uuid)).filter((e) => e.type === "reminder_sent")).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ kind: "system" }), detail: { to: toRemind.email } }),
    ]);
    expect((await events(toExpire.uuid)).filter((e) => e.type === "expired")).toHaveLength(1);
    expect((await events(answered.uuid)).filter((e) => e.type === "expired")).toEqual([]);
    expect(smtp.to(toRemind.email)).toHaveLength(1);
    expect(smtp.to(samEmail).filter((m) => /expired/.test(m.subject ?? ""))).toHaveLength(1);
    const read = (await api("GET", `/v3/proposals/${toRemind.uuid}`)).data;
    expect(read).toMatchObject({ status: "active", reminder_days_before: 1, reminder_sent_at: expect.any(Number) });
    expect((await api("GET", `/v3/proposals/${toExpire.uuid}`)).data.status).toBe("expired");
  } finally {
    await staff?.ctx.dispose();
    await app.kill();
    await smtp.close();
    await data.remove();
  }
});

// ---- Crashes and two instances ------------------------------------------------------------------

/** How many proposals fall due at one moment: enough that a sweep takes a while. */
const BURST = 30;

const figures = { proposals: 0, announced_before_kill: 0, announced_once: 0, lost: 0, twice: 0 };
test.afterAll(() => recordFigures("proposal-sweeper", figures));

// A failed or timed-out test prints its servers' output; they are killed after each test.
const watch = watchServers();

const sweepEnv = (smtp: TestSmtpServer, port: number, sweepMs: string) => ({
  SMTP_URL: smtp.url,
  APP_URL: `http://127.0.0.1:${port}`,
  JOBS_POLL_MS: "200",
  // A mail on its way when the server is killed goes again 3 s later (the same Message-ID), not 2 minutes.
  MAIL_LEASE_SECONDS: "3",
  PROPOSAL_SWEEP_MS: sweepMs,
  SIGN_UP_PER_ADDRESS: "100000",
});

type Staff = {
  ctx: APIRequestContext;
  email: string;
  companyId: number;
  api: (method: "GET" | "POST", path: string, body?: unknown) => Promise<any>;
};

/** A verified member of a new company, signed in through `url` (reminders and expiries are mailed for verified staff only). */
async function staffOn(url: string, smtp: TestSmtpServer): Promise<Staff> {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  const sam = await signUpViaApi(ctx, "Sam Sales");
  await signInViaApi(ctx, sam);
  const email = sam.email.toLowerCase();
  const verification = await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000);
  const link = /https?:\/\/[^\s<>()\]]+\/verify-email\?token=[^\s<>()\]]+/.exec(verification.text ?? "")![0];
  expect((await ctx.get(link)).ok()).toBe(true);
  const api = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await ctx.fetch(`/api/proposals${path}`, { method, data: body, headers: { origin: url } });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const companyId = (await api("POST", "/v3/companies", { name: "Sunny Roofs AB" })).data.id as number;
  return { ctx, email, companyId, api };
}

/** Runs `fn` over `items`, four at a time. */
async function fourAtATime<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 4) out.push(...(await Promise.all(items.slice(i, i + 4).map(fn))));
  return out;
}

/**
 * `titles.length` drafts to a customer each, then all sent at once to fall due together a few
 * seconds after the last send: expiring then, or (`remind`) due their reminder then.
 */
async function dueTogether(staff: Staff[], titles: string[], remind: boolean) {
  const drafts = await fourAtATime(titles, async (title) => {
    const by = staff[titles.indexOf(title) % staff.length];
    const email = uniqueEmail("cora").toLowerCase();
    const contact = (await by.api("POST", "/v3/contacts", { company_id: by.companyId, first_name: "Cora", last_name: "Customer", email }))
      .data;
    const ref = await by.api("POST", "/v3/proposals", {
      company_id: by.companyId,
      language: "en",
      title_md: title,
      recipient: { id: contact.id },
    });
    return { by, title, email, uuid: ref.proposal.uuid as string };
  });
  const moment = Math.floor(Date.now() / 1000) + 20;
  await fourAtATime(drafts, ({ by, uuid }) =>
    by.api("POST", `/v3/proposals/${uuid}/send`, {
      notify_recipient: false,
      ...(remind ? { expires_at: moment + DAY, reminder_days_before: 1 } : { expires_at: moment }),
    }),
  );
  expect(Math.floor(Date.now() / 1000), "every proposal was sent before its moment").toBeLessThan(moment);
  return drafts;
}

/** The copies of each title's mail that arrived, by Message-ID: one mail written per proposal, sent once (or again after a kill, with its id). */
function mailsByTitle(mails: ReceivedMail[], titles: string[]) {
  return new Map(titles.map((title) => [title, new Set(mails.filter((m) => m.subject?.includes(`"${title}"`)).map((m) => m.messageId))]));
}

/** Each proposal's events of `type`, as its trail (GET /v3/proposals/{uuid}/events) lists them. */
async function eventsOf(staff: Staff, uuids: string[], type: string) {
  return fourAtATime(uuids, async (uuid) =>
    ((await staff.api("GET", `/v3/proposals/${uuid}/events`)).data as Event[]).filter((e) => e.type === type),
  );
}

/** Tallies one title's mails for the reliability report. */
function tally(ids: Set<unknown>) {
  figures.proposals++;
  if (ids.size === 0) figures.lost++;
  else if (ids.size === 1) figures.announced_once++;
  else figures.twice++;
}

test("[SWEEPER] a server killed while it announces 30 expiries announces each once after the restart", async () => {
  // Two starts, thirty proposals and their moment: more than one server's test.
  test.setTimeout(300_000);
  const phase = phases("sweeper crash");
  const data = await phase("fresh data", () => freshAppData("sweeper-crash"));
  const smtp = await startSmtpServer();
  let app = watch("the first server", new AppProcess(data, PORT, sweepEnv(smtp, PORT, "250")));
  let staff: Staff | undefined;
  try {
    await phase("server healthy", () => app.start());
    staff = await phase("verified staff", () => staffOn(app.url, smtp));
    const titles = Array.from({ length: BURST }, (_, i) => `Roof crash ${i + 1}`);
    const proposals = await phase(`${BURST} proposals sent`, () => dueTogether([staff!], titles, false));
    const expiredMails = () => smtp.to(staff!.email).filter((m) => /expired without an answer/.test(m.subject ?? ""));
    // The first announcement mailed: the sweep, or the mail jobs, are still going through the others
    // (how many were mailed before the kill is printed).
    await phase("first expiry announced", () =>
      expect.poll(() => expiredMails().length, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(0),
    );
    await phase("server killed", () => app.kill());
    const beforeKill = new Set(expiredMails().map((m) => m.subject)).size;
    figures.announced_before_kill += beforeKill;
    console.log(`[sweeper crash] ${beforeKill} of ${BURST} expiries mailed before the kill`);

    // The same data, the same port and secret: Sam's session holds.
    app = watch("the restarted server", new AppProcess(data, PORT, sweepEnv(smtp, PORT, "250")));
    await phase("restarted server healthy", () => app.start());
    await phase("every expiry announced", () =>
      expect.poll(() => new Set(expiredMails().map((m) => m.subject)).size, { timeout: 60_000 }).toBe(BURST),
    );
    // Many more sweeps: nothing happens twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const mails = mailsByTitle(expiredMails(), titles);
    for (const ids of mails.values()) tally(ids);
    expect([...mails].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    const trails = await eventsOf(
      staff,
      proposals.map((p) => p.uuid),
      "expired",
    );
    expect(trails.map((events) => events.length)).toEqual(Array(BURST).fill(1));
  } finally {
    await staff?.ctx.dispose();
    await app.kill();
    await smtp.close();
    await data.remove();
  }
});

// On the embedded database one process owns the data: a second instance is refused it
// (e2e/reliability/two-instances.api.spec.ts), so there is no second sweeper to race.
if (process.env.TEST_DATABASE_URL) {
  test("[SWEEPER] two servers on one PostgreSQL database remind and announce each proposal once", async () => {
    test.setTimeout(300_000);
    const phase = phases("sweeper two");
    const data = await phase("fresh data", () => freshAppData("sweeper_two"));
    const smtp = await startSmtpServer();
    // Both sweep often, so that their sweeps overlap and race for the same proposals.
    const a = watch("A", new AppProcess(data, PORT - 2, sweepEnv(smtp, PORT - 2, "100")));
    const b = watch("B", new AppProcess(data, PORT - 1, sweepEnv(smtp, PORT - 1, "100")));
    const staff: Staff[] = [];
    try {
      await phase("both servers healthy", () => Promise.all([a.start(), b.start()]));
      staff.push(await phase("staff on A", () => staffOn(a.url, smtp)), await phase("staff on B", () => staffOn(b.url, smtp)));
      const toRemind = Array.from({ length: BURST / 2 }, (_, i) => `Roof remind ${i + 1}`);
      const toExpire = Array.from({ length: BURST / 2 }, (_, i) => `Roof expire ${i + 1}`);
      const [reminded, expired] = await phase(`${BURST} proposals sent through both`, async () => [
        await dueTogether(staff, toRemind, true),
        await dueTogether(staff, toExpire, false),
      ]);
      const reminders = () => smtp.messages.filter((m) => /^Reminder: /.test(m.subject ?? ""));
      const expiries = () => smtp.messages.filter((m) => /expired without an answer/.test(m.subject ?? ""));
      await phase("every reminder and expiry mailed", () =>
        expect
          .poll(() => new Set([...reminders(), ...expiries()].map((m) => m.subject)).size, { timeout: 90_000 })
          .toBe(toRemind.length + toExpire.length),
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const mails = [...mailsByTitle(reminders(), toRemind), ...mailsByTitle(expiries(), toExpire)];
      for (const [, ids] of mails) tally(ids);
      expect(mails.filter(([, ids]) => ids.size !== 1)).toEqual([]);
      for (const [proposals, type] of [
        [reminded, "reminder_sent"],
        [expired, "expired"],
      ] as const) {
        for (const by of staff) {
          const own = proposals.filter((p) => p.by === by).map((p) => p.uuid);
          expect((await eventsOf(by, own, type)).map((events) => events.length)).toEqual(Array(own.length).fill(1));
        }
      }
    } finally {
      for (const { ctx } of staff) await ctx.dispose();
      await Promise.all([a.kill(), b.kill()]);
      await smtp.close();
      await data.remove();
    }
  });
}
