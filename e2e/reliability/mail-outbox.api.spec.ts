/**
 * The mail outbox across a crash and an SMTP outage (issue 26; docs/decisions/030): a production
 * server of its own, on the database the run uses (embedded by default, PostgreSQL with
 * TEST_DATABASE_URL), mailing through real SMTP servers on loopback (test/smtp.ts).
 *
 * - SIGKILLed while its worker is in the middle of sending a committed mail (the SMTP server took
 *   the data and never answered), the server starts again on the same data and sends that mail,
 *   once.
 * - With its SMTP server down, an action still succeeds; its mail waits in the outbox and goes,
 *   once, after the SMTP server comes up.
 *
 * Two instances sharing one outbox are in e2e/reliability/two-instances.api.spec.ts. Port E2E_PORT+12.
 */
import net from "node:net";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { recordFigures } from "../../test/reliability-figures";
import { startSmtpServer } from "../../test/smtp";
import { AppProcess, freshAppData, phases, watchServers } from "../support/app-process";
import { uniqueEmail } from "../support/helpers";

const PORT = Number(process.env.E2E_PORT || 3100) + 12;

test.describe.configure({ mode: "serial", timeout: 180_000 });

const figures = { committed: 0, delivered_once: 0, lost: 0, twice: 0 };
test.afterAll(() => recordFigures("mail-outbox", figures));

// A failed or timed-out test prints its servers' output; they are killed after each test.
const watch = watchServers();

/** Counts how a committed mail ended: the figures CI prints (scripts/reliability-report.mjs). */
function tally(received: number) {
  figures.committed++;
  if (received === 0) figures.lost++;
  else if (received === 1) figures.delivered_once++;
  else figures.twice++;
}

type OutboxRow = { status: string; attempts: number; sent_at: Date | null };

async function signUp(url: string, email: string) {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  try {
    const res = await ctx.post("/api/account/signup", {
      data: { email, password: `pw-${Math.random().toString(36).slice(2)}-long`, name: "Mail Test" },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  } finally {
    await ctx.dispose();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const mailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  APP_URL: `http://127.0.0.1:${PORT}`,
  MAIL_POLL_MS: "200",
  MAIL_LEASE_SECONDS: "3",
  MAIL_RETRY_BASE_SECONDS: "1",
  SIGN_UP_PER_ADDRESS: "100000",
});

test("[MAIL] a server killed while sending a committed mail sends it after the restart, once", async () => {
  const phase = phases("mail crash");
  const data = await phase("fresh data", () => freshAppData("mail-crash"));
  const hung = await startSmtpServer({ stall: true });
  const smtp = await startSmtpServer();
  let app = watch("the first server", new AppProcess(data, PORT, mailEnv(hung.url)));
  try {
    await phase("server healthy", () => app.start());
    const email = uniqueEmail("crash").toLowerCase();
    await phase("signed up", () => signUp(app.url, email));
    // The worker has the mail's data on the wire and waits for an answer that never comes.
    await phase("mail on the wire", () =>
      expect.poll(() => hung.attempted.some((to) => to.includes(email)), { timeout: 20_000 }).toBe(true),
    );
    await phase("server killed", () => app.kill());

    const [row] = await phase("outbox read", () =>
      data.withSql((sql) => sql<OutboxRow>(`SELECT status, attempts, sent_at FROM mail_outbox WHERE to_address = $1`, [email])),
    );
    expect(row, "the mail is in the outbox after the kill").toBeTruthy();
    expect(row.status).toBe("sending");
    expect(row.sent_at).toBeNull();

    app = watch("the restarted server", new AppProcess(data, PORT, mailEnv(smtp.url)));
    await phase("restarted server healthy", () => app.start());
    const mail = await phase("mail received", () => smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000).catch(() => undefined));
    // The server says a mail is sent once it has recorded it: killed before that, it would rightly
    // send it again (CI once killed it in that gap, under load, after a fixed 2 s wait).
    await phase("sent recorded", () => expect.poll(() => app.log.includes(`to ${email}: sent`), { timeout: 20_000 }).toBe(true));
    // A few more polls: nothing goes a second time.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    tally(smtp.to(email).length);
    expect(mail, "the mail arrives after the restart").toBeTruthy();
    expect(mail!.text).toContain(`http://127.0.0.1:${PORT}/`);
    expect(smtp.to(email)).toHaveLength(1);
    await phase("restarted server killed", () => app.kill());
    const [after] = await data.withSql((sql) =>
      sql<OutboxRow>(`SELECT status, attempts, sent_at FROM mail_outbox WHERE to_address = $1`, [email]),
    );
    expect(after.status).toBe("sent");
    expect(after.attempts).toBe(2);
  } finally {
    await app.kill();
    await phase("SMTP servers closed", () => Promise.all([hung.close(), smtp.close()]));
    await phase("data removed", () => data.remove());
  }
});

test("[MAIL] with the SMTP server down the action succeeds; its mail goes once the server is up", async () => {
  const data = await freshAppData("mail-down");
  const port = await freePort();
  const app = watch("the server", new AppProcess(data, PORT, mailEnv(`smtp://127.0.0.1:${port}`)));
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  try {
    await app.start();
    const email = uniqueEmail("down").toLowerCase();
    await signUp(app.url, email);
    // Tried and refused at least once while nothing listens.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    smtp = await startSmtpServer({ port });
    await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    tally(smtp.to(email).length);
    expect(smtp.to(email)).toHaveLength(1);
    await app.kill();
    const [row] = await data.withSql((sql) =>
      sql<OutboxRow>(`SELECT status, attempts, sent_at FROM mail_outbox WHERE to_address = $1`, [email]),
    );
    expect(row.status).toBe("sent");
    expect(row.attempts).toBeGreaterThan(1);
  } finally {
    await app.kill();
    await smtp?.close();
    await data.remove();
  }
});
