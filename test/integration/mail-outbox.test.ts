import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/api/errors";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { backoffMs } from "@/lib/jobs/backoff";
import { jobWakes } from "@/lib/jobs/poll-loop";
import { startJobWorker } from "@/lib/jobs/worker";
import type { MailContent } from "@/lib/mail/content";
import { enqueueMail, listMail, MAIL_JOBS, MAX_MAIL_BYTES } from "@/lib/mail/outbox";
import { deliverDueMail, mailJobs } from "@/lib/mail/worker";
import { startSmtpServer, type TestSmtpServer } from "../smtp";

let db: Db;
let smtp: TestSmtpServer;

beforeAll(async () => {
  db = await getDb();
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

const content = (overrides: Partial<MailContent> = {}): MailContent => ({
  subject: "Reset your password",
  heading: "Reset your password",
  paragraphs: ["Someone asked to reset the password of your account."],
  action: { label: "Choose a new password", url: "https://courses.example.com/reset-password?token=abc" },
  after: ["The link works once, for one hour."],
  reason: "You got this mail because a password reset was asked for this address.",
  ...overrides,
});

let n = 0;
const address = (name: string) => `${name}-${++n}-${Date.now().toString(36)}@example.test`;

async function row(id: string) {
  return db.outboxMail.findUniqueOrThrow({ where: { id } });
}

/** The shipped values of the worker's pace (an empty variable is its default: lib/env.ts). */
function withDefaultPace() {
  for (const name of ["JOBS_WORKER", "JOBS_POLL_MS", "MAIL_WORKER", "MAIL_POLL_MS", "MAIL_RETRY_BASE_SECONDS", "MAIL_MAX_ATTEMPTS"])
    vi.stubEnv(name, "");
}

/** Commits a mail and answers how long after the commit the SMTP server had it. */
async function commitToArrivalMs(to: string): Promise<number> {
  await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to, content: content() }));
  const committed = Date.now();
  await smtp.waitFor((m) => m.envelopeTo.includes(to), 10_000);
  return Date.now() - committed;
}

/** A loopback port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("[MAIL] the outbox", () => {
  it("sends a committed mail once, with its HTML and text parts, From, Reply-To and a stable Message-ID", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    vi.stubEnv("MAIL_FROM", "Coursewright <no-reply@courses.example.com>");
    const to = address("ann");
    const id = await db.$transaction((tx) =>
      enqueueMail(tx, { kind: "password_reset", to, content: content(), senderName: "Nils Berg", replyTo: "nils@example.test" }),
    );
    expect(id).toBeTruthy();
    expect(await deliverDueMail(db)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
    expect(mail.subject).toBe("Reset your password");
    expect(mail.from?.value[0]).toEqual({ name: "Nils Berg via Coursewright", address: "no-reply@courses.example.com" });
    expect(mail.replyTo?.value[0].address).toBe("nils@example.test");
    expect(mail.messageId).toBe(`<${id}@courses.example.com>`);
    expect(mail.text).toContain("Choose a new password");
    expect(mail.text).toContain("https://courses.example.com/reset-password?token=abc");
    expect(mail.text).toContain("You got this mail because");
    expect(mail.html).toContain('href="https://courses.example.com/reset-password?token=abc"');
    expect(mail.html).toContain("Coursewright");
    const sent = await row(id!);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    // Delivering again sends nothing more.
    await deliverDueMail(db);
    expect(smtp.to(to)).toHaveLength(1);
  });

  it("keeps no mail of an action that rolls back", async () => {
    const to = address("rolled-back");
    await expect(
      db.$transaction(async (tx) => {
        await enqueueMail(tx, { kind: "password_reset", to, content: content() });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await listMail(db, { to })).toHaveLength(0);
  });

  it("writes one mail per dedupe key, however often the event happens", async () => {
    const to = address("once");
    const key = `test:${to}:viewed`;
    const first = await db.$transaction((tx) => enqueueMail(tx, { kind: "proposal_viewed", to, content: content(), dedupeKey: key }));
    const second = await db.$transaction((tx) => enqueueMail(tx, { kind: "proposal_viewed", to, content: content(), dedupeKey: key }));
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(await listMail(db, { to })).toHaveLength(1);
  });

  it("never lets a CR or LF in a name or subject add a header", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    const to = address("injection");
    await db.$transaction((tx) =>
      enqueueMail(tx, {
        kind: "proposal_sent",
        to,
        content: content({ subject: "Your offer\r\nBcc: victim@example.test" }),
        senderName: "Eve\r\nX-Injected: yes",
      }),
    );
    await deliverDueMail(db);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
    expect(mail.envelopeTo).toEqual([to]);
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.headers.has("x-injected")).toBe(false);
    expect(mail.raw).not.toMatch(/^X-Injected:/im);
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(mail.subject).toBe("Your offer Bcc: victim@example.test");
  });

  it("refuses a malformed address and a mail over 100 KB, writing nothing", async () => {
    for (const bad of ["not-an-address", "a@b.c\r\nBcc: x@y.z", "Ann <ann@example.test>", "a@b.c, d@e.f", ""]) {
      const error = await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to: bad, content: content() })).catch((e) => e);
      expect(error, bad).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("validation_error");
    }
    const to = address("big");
    const big = "x".repeat(MAX_MAIL_BYTES);
    const error = await db
      .$transaction((tx) => enqueueMail(tx, { kind: "proposal_sent", to, content: content({ quote: big }) }))
      .catch((e) => e);
    expect((error as AppError).code).toBe("validation_error");
    expect((error as AppError).message).toMatch(/at most 100 KB/);
    expect(await listMail(db, { to })).toHaveLength(0);
  });

  it("waits in the outbox while the SMTP server is down, then goes once it is up", async () => {
    const port = await closedPort();
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
    const to = address("down");
    const id = (await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to, content: content() })))!;
    const before = Date.now();
    await deliverDueMail(db);
    const waiting = await row(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The first retry comes within 60 seconds.
    expect(waiting.nextAttemptAt.getTime() - before).toBeLessThanOrEqual(60_000);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(before);
    // Not yet due: nothing is tried.
    await deliverDueMail(db);
    expect((await row(id)).attempts).toBe(1);

    const up = await startSmtpServer({ port });
    try {
      await db.outboxMail.update({ where: { id }, data: { nextAttemptAt: new Date() } });
      await deliverDueMail(db);
      await up.waitFor((m) => m.envelopeTo.includes(to));
      expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
      await deliverDueMail(db);
      expect(up.to(to)).toHaveLength(1);
    } finally {
      await up.close();
    }
  });

  it("retries a temporary refusal (4xx), fails a permanent one (5xx) at once, and fails after the last attempt", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    vi.stubEnv("MAIL_MAX_ATTEMPTS", "2");
    const temporary = address("busy");
    const permanent = address("rejected");
    smtp.refuseWith({ code: 451, message: "Try again later" });
    const t = (await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to: temporary, content: content() })))!;
    await deliverDueMail(db);
    expect(await row(t)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await row(t)).lastError).toMatch(/451|Try again later/);

    smtp.refuseWith({ code: 550, message: "No such user" });
    const p = (await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to: permanent, content: content() })))!;
    await db.outboxMail.update({ where: { id: t }, data: { nextAttemptAt: new Date() } });
    await deliverDueMail(db);
    expect(await row(p)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await row(p)).lastError).toMatch(/550|No such user/);
    // The second and last attempt of the temporary one was refused too: failed, and listed as such.
    expect(await row(t)).toMatchObject({ status: "failed", attempts: 2 });
    expect((await listMail(db, { status: "failed", to: temporary })).map((m) => m.id)).toEqual([t]);
    smtp.refuseWith(null);
  });

  it("a mail is due the moment it is written: its due time is not rounded up past the clock", async () => {
    // A TIMESTAMPTZ(3) column rounded now() half the time up to the next millisecond, so the worker
    // its commit woke could look within that half millisecond and leave the mail to the next poll.
    for (let i = 0; i < 20; i++) {
      const id = await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to: address("due"), content: content() }));
      const [fresh] = await db.$queryRaw<{ due: boolean }[]>`
        UPDATE mail_outbox SET next_attempt_at = DEFAULT WHERE id = ${id}::uuid AND status = 'pending' RETURNING next_attempt_at <= now() AS due`;
      expect(fresh.due).toBe(true);
    }
  });

  it("the worker, at its default pace, picks a committed mail up within 5 seconds, even one another instance wrote", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    withDefaultPace();
    const worker = startJobWorker({ kinds: [mailJobs], schedules: [] });
    expect(worker).toBeDefined();
    // A mail another instance commits wakes nobody here: only the poll finds it. Untie this
    // instance's wake so that its own mails are found the same way, the slower of the two.
    jobWakes.set(MAIL_JOBS, undefined);
    try {
      // A pause before each commit lets the run in progress end: the commit then lands while the
      // worker sleeps a whole poll, the longest a mail can wait to be found.
      const latencies: number[] = [];
      for (const name of ["picked-up", "picked-up-again"]) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        latencies.push(await commitToArrivalMs(address(name)));
      }
      for (const ms of latencies) expect(ms).toBeLessThan(5_000);
    } finally {
      await worker!.stop();
    }
  });

  it("at the default settings retries first within a minute, then doubles the wait up to a day and no more", () => {
    withDefaultPace();
    const delays = Array.from({ length: 40 }, (_, i) => backoffMs(i + 1, env("MAIL_RETRY_BASE_SECONDS") * 1000));
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[0]).toBeLessThanOrEqual(60_000);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBe(Math.min(2 * delays[i - 1], 24 * 60 * 60 * 1000));
    expect(Math.max(...delays)).toBe(24 * 60 * 60 * 1000);
  });

  it("schedules a mail that has failed many times no later than a day ahead", async () => {
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${await closedPort()}`);
    withDefaultPace();
    vi.stubEnv("MAIL_MAX_ATTEMPTS", "40");
    const to = address("long-outage");
    const id = (await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to, content: content() })))!;
    await db.outboxMail.update({ where: { id }, data: { attempts: 19 } });
    const before = Date.now();
    await deliverDueMail(db);
    const after = Date.now();
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 20 });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 24 * 60 * 60 * 1000);
    expect(waiting.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 24 * 60 * 60 * 1000);
  });

  it("backs off exponentially from 30 seconds up to a day", () => {
    expect(backoffMs(1, 30_000)).toBe(30_000);
    expect(backoffMs(2, 30_000)).toBe(60_000);
    expect(backoffMs(5, 30_000)).toBe(480_000);
    expect(backoffMs(40, 30_000)).toBe(24 * 60 * 60 * 1000);
  });

  it("takes over a mail whose sender crashed mid-send once its lease ends, and sends it once", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    const to = address("crashed");
    const id = (await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to, content: content() })))!;
    // As a worker leaves it when killed after claiming: sending, with a lease.
    await db.outboxMail.update({ where: { id }, data: { status: "sending", attempts: 1, leaseUntil: new Date(Date.now() + 60_000) } });
    await deliverDueMail(db);
    expect(smtp.to(to)).toHaveLength(0);
    await db.outboxMail.update({ where: { id }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    await deliverDueMail(db);
    await smtp.waitFor((m) => m.envelopeTo.includes(to));
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.to(to)).toHaveLength(1);
  });

  it("sends each mail once when workers run side by side", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    const recipients = Array.from({ length: 12 }, () => address("many"));
    await db.$transaction(async (tx) => {
      for (const to of recipients) await enqueueMail(tx, { kind: "password_reset", to, content: content() });
    });
    await Promise.all([deliverDueMail(db), deliverDueMail(db), deliverDueMail(db)]);
    for (const to of recipients) expect(smtp.to(to), to).toHaveLength(1);
  });

  it("without SMTP_URL prints each mail's subject and link, and marks it logged, not sent", async () => {
    vi.stubEnv("SMTP_URL", "");
    const to = address("no-smtp");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const id = (await db.$transaction((tx) => enqueueMail(tx, { kind: "password_reset", to, content: content() })))!;
      await deliverDueMail(db);
      expect(await row(id)).toMatchObject({ status: "logged", sentAt: null });
      const printed = log.mock.calls.map((c) => String(c[0])).find((line) => line.includes(to));
      expect(printed).toContain('"Reset your password"');
      expect(printed).toContain("https://courses.example.com/reset-password?token=abc");
      expect(smtp.to(to)).toHaveLength(0);
    } finally {
      log.mockRestore();
    }
  });
});
