/**
 * The proposal sweeper of the production server (docs/decisions/037): a server of its own (port
 * E2E_PORT+70), sweeping every 250 ms, on the database the run uses, mailing through a real SMTP
 * server on loopback. Nothing is faked: proposals are sent through the API expiring, or due a
 * reminder, a few seconds from now, and the test waits for that moment. The server then reminds
 * the customer and announces the expiry on its own, each once, and leaves an answered proposal
 * alone. (The sweeper's rules under any clock: test/integration/proposal-expiry.test.ts.)
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { startSmtpServer } from "../test/smtp";
import { AppProcess, freshAppData } from "./app-process";
import { signInViaApi, signUpViaApi, uniqueEmail } from "./helpers";

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
  let ctx: APIRequestContext | undefined;
  try {
    await app.start();
    ctx = await playwrightRequest.newContext({ baseURL: app.url });
    const sam = await signUpViaApi(ctx, "Sam Sales");
    await signInViaApi(ctx, sam);
    const samEmail = sam.email.toLowerCase();
    // Reminders are mailed for verified senders only (decision 031): Sam opens the verification link.
    const verification = await smtp.waitFor((m) => m.envelopeTo.includes(samEmail), 30_000);
    const link = /https?:\/\/[^\s<>()\]]+\/verify-email\?token=[^\s<>()\]]+/.exec(verification.text ?? "")![0];
    expect((await ctx.get(link)).ok()).toBe(true);

    const api = async (method: "GET" | "POST", path: string, body?: unknown) => {
      const res = await ctx!.fetch(`/api/proposals${path}`, { method, data: body, headers: { origin: app.url } });
      expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    };
    const companyId = (await api("POST", "/v3/companies", { name: "Sunny Roofs AB" })).data.id as number;
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
    await ctx?.dispose();
    await app.kill();
    await smtp.close();
    await data.remove();
  }
});
