/**
 * Issue 27, expiry and reminders (docs/decisions/037): a reminder chosen at send is mailed to the
 * recipient once, when it falls due, unless they answered; an expiry that passes is recorded once
 * (the `expired` event, the proposal.expired webhook) and mailed to the proposal's staff. The
 * sweeper's clock is the test's: sweepProposals takes `now`. Real HTTP to the route handlers, a
 * real SMTP server, the outbox delivered by the mail worker's own function.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { listMail } from "@/lib/mail/outbox";
import { deliverDueMail } from "@/lib/mail/worker";
import { listProposalEvents } from "@/lib/proposals/events/list-events";
import { sweepProposals } from "@/lib/proposals/expiry/sweep-proposals";
import { apiClient } from "../api-client";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  expectProposalsError,
  issuePaths,
  joinCompany,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedContact,
  type CompanyMember,
} from "../proposals-factories";
import { listUnsubscribeOf, startSmtpServer, type TestSmtpServer } from "../smtp";

const APP = "https://courses.example.test";
const DAY = 86_400;

let server: TestServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  [server, smtp] = await Promise.all([startTestServer(), startSmtpServer()]);
  await seedCompanyMember(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(() => {
  vi.stubEnv("SMTP_URL", smtp.url);
  vi.stubEnv("APP_URL", APP);
  vi.stubEnv("MAIL_FROM", "Coursewright <no-reply@courses.example.test>");
  // Each customer speaks from an address of their own (answers are counted per address).
  vi.stubEnv("TRUST_PROXY", "2");
  return () => vi.unstubAllEnvs();
});

const member = () => seedCompanyMember(server);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const at = (unixSeconds: number) => new Date(unixSeconds * 1000);
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
const fromCustomer = () => ({ "x-forwarded-for": anAddress() });
let n = 0;
const customerEmail = () => `cora-${++n}-${Date.now().toString(36)}@customer.example`;

const sweep = async (now: Date) => sweepProposals(await getDb(), now);
const trail = async (uuid: string) => listProposalEvents(await getDb(), uuid);
const eventsOf = async (uuid: string, type: string) => (await trail(uuid)).filter((e) => e.type === type);
const mailOf = async (to: string, kind: string) => (await listMail(await getDb(), { to })).filter((m) => m.kind === kind);

/** A draft of `who`'s company for a new contact with an email. */
async function draftFor(who: CompanyMember, body: Record<string, unknown> = {}) {
  const email = customerEmail();
  const contact = await seedContact(who.company.id, { firstName: "Cora", lastName: "Customer", email });
  const uuid = await createDraft(who, { title_md: "Solar roof", recipient: { id: contact.id }, ...body });
  return { uuid, email, contact };
}

/** Sent, expiring in `days` days, with a reminder `remind` days before it (none: no reminder). */
async function sentWithReminder(who: CompanyMember, { days = 10, remind }: { days?: number; remind?: number } = {}) {
  const draft = await draftFor(who);
  const expiresAt = nowSeconds() + days * DAY;
  const res = await who.api.post(`/v3/proposals/${draft.uuid}/send`, {
    expires_at: expiresAt,
    ...(remind !== undefined ? { reminder_days_before: remind } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...draft, expiresAt, dueAt: remind !== undefined ? expiresAt - remind * DAY : undefined };
}

describe("[REMINDER] the recipient is reminded N days before the expiry", () => {
  it("is mailed once, when it falls due and not before, with the link and the last day; the trail and the read model say when", async () => {
    const ann = await member();
    const { uuid, email, dueAt } = await sentWithReminder(ann, { days: 10, remind: 3 });
    const sent = await readProposal(ann.api, uuid);
    expect(sent).toMatchObject({ reminder_days_before: 3, reminder_sent_at: null, change_requests: [] });
    expect((await eventsOf(uuid, "sent"))[0].detail).toMatchObject({ reminder_days_before: 3 });

    await sweep(new Date());
    await sweep(at(dueAt! - 60));
    expect(await mailOf(email, "proposal_reminder")).toEqual([]);
    expect((await readProposal(ann.api, uuid)).reminder_sent_at).toBeNull();

    const dueNow = at(dueAt! + 60);
    await sweep(dueNow);
    await sweep(at(dueAt! + 120));
    await sweep(at(dueAt! + DAY));
    expect(await mailOf(email, "proposal_reminder")).toHaveLength(1);
    const reminders = await eventsOf(uuid, "reminder_sent");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ actor: { kind: "system", name: "" }, detail: { to: email } });
    const read = await readProposal(ann.api, uuid);
    expect(read.reminder_sent_at).toBe(Math.floor(dueNow.getTime() / 1000));
    expect(read.status).toBe("active");

    await deliverDueMail(await getDb());
    // The proposal's own delivery came first; the reminder is the one other mail.
    const [mail, ...more] = smtp.to(email).filter((m) => m.subject?.startsWith("Reminder:"));
    expect(more).toEqual([]);
    expect(smtp.to(email)).toHaveLength(2);
    expect(mail.subject).toMatch(new RegExp(`^Reminder: "Solar roof" from ${ann.company.name} can be answered until \\d+ \\w+ \\d{4}$`));
    expect(mail.from?.value).toEqual([{ name: `${ann.user.name} via Coursewright`, address: "no-reply@courses.example.test" }]);
    expect(mail.replyTo?.value.map((v) => v.address)).toEqual([ann.user.email]);
    expect(mail.text).toContain(`${APP}/p/${uuid}`);
    expect(mail.html).toContain(`href="${APP}/p/${uuid}"`);
    expect(mail.text).toContain("Hello Cora Customer,");
  });

  it("goes to no one who accepted, declined, asked for changes, or whose proposal was withdrawn or replaced", async () => {
    const ann = await member();
    const customer = publicClient(server);
    const accepted = await sentWithReminder(ann, { remind: 3 });
    const declined = await sentWithReminder(ann, { remind: 3 });
    const changes = await sentWithReminder(ann, { remind: 3 });
    const withdrawn = await sentWithReminder(ann, { remind: 3 });
    const replaced = await sentWithReminder(ann, { remind: 3 });
    expect((await customer.post(`/proposals/${accepted.uuid}/accept`, { name: "Cora", consent: true }, fromCustomer())).status).toBe(200);
    expect((await customer.post(`/proposals/${declined.uuid}/reject`, {}, fromCustomer())).status).toBe(200);
    expect((await customer.post(`/proposals/${changes.uuid}/change-requests`, { message: "Black panels?" }, fromCustomer())).status).toBe(
      201,
    );
    expect((await ann.api.post(`/v3/proposals/${withdrawn.uuid}/withdraw`)).status).toBe(200);
    const next = await ann.api.post(`/v3/proposals/${replaced.uuid}`, { company_id: ann.company.id, language: "en" });
    expect((await ann.api.post(`/v3/proposals/${next.body.proposal.uuid}/send`)).status).toBe(200);
    expect((await readProposal(ann.api, replaced.uuid)).status).toBe("replaced");

    await sweep(at(accepted.dueAt! + DAY));
    for (const { uuid, email } of [accepted, declined, changes, withdrawn, replaced]) {
      expect(await mailOf(email, "proposal_reminder"), email).toEqual([]);
      expect(await eventsOf(uuid, "reminder_sent")).toEqual([]);
      expect((await readProposal(ann.api, uuid)).reminder_sent_at).toBeNull();
    }
  });

  it("is not sent once the expiry has passed as well (the sweeper was not running): the expiry is announced instead", async () => {
    const ann = await member();
    const { uuid, email, expiresAt } = await sentWithReminder(ann, { days: 5, remind: 2 });
    await sweep(at(expiresAt + 60));
    expect(await mailOf(email, "proposal_reminder")).toEqual([]);
    expect(await eventsOf(uuid, "reminder_sent")).toEqual([]);
    expect(await eventsOf(uuid, "expired")).toHaveLength(1);
  });

  it("a new version sent afterwards has its own reminder; the replaced one gets none", async () => {
    const ann = await member();
    const first = await sentWithReminder(ann, { days: 10, remind: 3 });
    const next = await ann.api.post(`/v3/proposals/${first.uuid}`, { company_id: ann.company.id, language: "en" });
    const second = next.body.proposal.uuid as string;
    const expiresAt = nowSeconds() + 20 * DAY;
    const sent = await ann.api.post(`/v3/proposals/${second}/send`, { expires_at: expiresAt, reminder_days_before: 5 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    await sweep(at(first.dueAt! + 60));
    expect(await mailOf(first.email, "proposal_reminder")).toEqual([]);
    await sweep(at(expiresAt - 5 * DAY + 60));
    // The same contact: one reminder, the new version's.
    expect(await mailOf(first.email, "proposal_reminder")).toHaveLength(1);
    expect(await eventsOf(second, "reminder_sent")).toHaveLength(1);
    expect(await eventsOf(first.uuid, "reminder_sent")).toEqual([]);
  });
});

describe("[EXPIRY] an expiry that passes is announced once", () => {
  it("records `expired` by the system, queues proposal.expired with the proposal as expired, and mails the creator and contact person", async () => {
    const ann = await member();
    const bob = await member();
    await joinCompany(bob, ann.company.id);
    const hook = await ann.api.post("/v3/webhooks", {
      company_id: ann.company.id,
      url: `https://93.184.215.14/expired-${randomInt(1e9)}`,
      events: ["proposal.expired"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const { uuid } = await draftFor(ann, { contact_email: bob.user.email });
    const expiresAt = nowSeconds() + 3600;
    expect((await ann.api.post(`/v3/proposals/${uuid}/send`, { expires_at: expiresAt })).status).toBe(200);

    await sweep(at(expiresAt - 1));
    expect(await eventsOf(uuid, "expired")).toEqual([]);

    const sweeps = [at(expiresAt + 1), at(expiresAt + 60), at(expiresAt + 30 * DAY)];
    for (const now of sweeps) await sweep(now);
    const expired = await eventsOf(uuid, "expired");
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ actor: { kind: "system", name: "" }, detail: { expires_at: expiresAt } });

    const db = await getDb();
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: hook.body.data.id } });
    expect(deliveries.map((d) => d.type)).toEqual(["proposal.expired"]);
    const payload = deliveries[0].payload as { type: string; data: { proposal: { uuid: string; status: string } } };
    expect(payload).toMatchObject({ type: "proposal.expired", data: { proposal: { uuid, status: "expired" } } });

    for (const who of [ann, bob]) expect(await mailOf(who.user.email, "proposal_expired"), who.user.email).toHaveLength(1);
    await deliverDueMail(db);
    const [mail, ...more] = smtp.to(ann.user.email).filter((m) => /expired/.test(m.subject ?? ""));
    expect(more).toEqual([]);
    expect(mail.subject).toBe('"Solar roof" (v1) expired without an answer');
    expect(mail.text).toContain(`${APP}/proposals/${uuid}/edit`);
    expect(mail.text).toContain("for Cora Customer expired on");
    expect(listUnsubscribeOf(mail)).toMatch(`${APP}/unsubscribe?token=`);
  });

  it("a creator who turned “Proposal expired” off is not mailed; the event still happens", async () => {
    const ann = await member();
    const settings = await apiClient(`${server.url}/api`, ann.key).put("/account/notifications", { proposal_expired: false });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body).toMatchObject({ proposal_expired: false, proposal_changes_requested: true, proposal_viewed: true });
    const { uuid, expiresAt } = await sentWithReminder(ann, { days: 1 });
    await sweep(at(expiresAt + 1));
    expect(await eventsOf(uuid, "expired")).toHaveLength(1);
    expect(await mailOf(ann.user.email, "proposal_expired")).toEqual([]);
  });

  it("accepted, declined, withdrawn and replaced proposals get no expired event, whatever the clock says", async () => {
    const ann = await member();
    const customer = publicClient(server);
    const accepted = await sentWithReminder(ann, { days: 2 });
    const declined = await sentWithReminder(ann, { days: 2 });
    const withdrawn = await sentWithReminder(ann, { days: 2 });
    const replaced = await sentWithReminder(ann, { days: 2 });
    expect((await customer.post(`/proposals/${accepted.uuid}/accept`, { name: "Cora", consent: true }, fromCustomer())).status).toBe(200);
    expect((await customer.post(`/proposals/${declined.uuid}/reject`, {}, fromCustomer())).status).toBe(200);
    expect((await ann.api.post(`/v3/proposals/${withdrawn.uuid}/withdraw`)).status).toBe(200);
    const next = await ann.api.post(`/v3/proposals/${replaced.uuid}`, { company_id: ann.company.id, language: "en" });
    // The new version has no expiry: nothing of the series ever expires.
    expect((await ann.api.post(`/v3/proposals/${next.body.proposal.uuid}/send`)).status).toBe(200);

    await sweep(at(nowSeconds() + 365 * DAY));
    for (const { uuid } of [accepted, declined, withdrawn, replaced, { uuid: next.body.proposal.uuid as string }]) {
      expect(await eventsOf(uuid, "expired"), uuid).toEqual([]);
    }
    expect(await mailOf(ann.user.email, "proposal_expired")).toEqual([]);
  });

  it("two sweeps running at once handle each due proposal once: one reminder, one expired event, one webhook, one mail each", async () => {
    const ann = await member();
    const hook = await ann.api.post("/v3/webhooks", {
      company_id: ann.company.id,
      url: `https://93.184.215.14/race-${randomInt(1e9)}`,
      events: ["proposal.expired"],
    });
    expect(hook.status).toBe(201);
    const reminding = await Promise.all([1, 2, 3, 4].map(() => sentWithReminder(ann, { days: 10, remind: 3 })));
    const expiring = await Promise.all([1, 2, 3, 4].map(() => sentWithReminder(ann, { days: 1 })));
    const now = at(nowSeconds() + 8 * DAY);

    const results = await Promise.all([sweep(now), sweep(now), sweep(now)]);
    expect(results.reduce((sum, r) => sum + r.reminded, 0)).toBeGreaterThanOrEqual(reminding.length);
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBeGreaterThanOrEqual(expiring.length);
    for (const { uuid, email } of reminding) {
      expect(await eventsOf(uuid, "reminder_sent"), uuid).toHaveLength(1);
      expect(await mailOf(email, "proposal_reminder"), email).toHaveLength(1);
    }
    for (const { uuid } of expiring) expect(await eventsOf(uuid, "expired"), uuid).toHaveLength(1);
    const db = await getDb();
    expect(await db.webhookDelivery.count({ where: { endpointId: hook.body.data.id, type: "proposal.expired" } })).toBe(expiring.length);
    // One mail per proposal to its creator (the dedupe key would hide a second: the events above would not).
    expect(await mailOf(ann.user.email, "proposal_expired")).toHaveLength(expiring.length);
  });
});

describe("[SEND] reminder_days_before", () => {
  it.each<[string, unknown]>([
    ["zero", 0],
    ["more than 90", 91],
    ["a fraction", 2.5],
    ["a string", "3"],
    ["null", null],
    ["negative", -1],
  ])("%s is 400 naming reminder_days_before, and the draft is not sent", async (_, value) => {
    const ann = await member();
    const { uuid } = await draftFor(ann);
    const res = await ann.api.post(`/v3/proposals/${uuid}/send`, { expires_at: nowSeconds() + 30 * DAY, reminder_days_before: value });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["reminder_days_before"]);
    expect((await readProposal(ann.api, uuid)).status).toBe("draft");
  });

  it("needs an expiry, a recipient with an email and a moment still ahead: else 400 naming it, with a reason, and nothing is sent", async () => {
    const ann = await member();
    const noEmail = await seedContact(ann.company.id, { email: "" });
    const cases: [string, Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      ["no expiry", {}, { reminder_days_before: 3 }, /set expires_at too/],
      ["no recipient", { recipient: undefined }, { expires_at: nowSeconds() + 30 * DAY, reminder_days_before: 3 }, /no email/],
      [
        "a recipient without email",
        { recipient: { id: noEmail.id } },
        { expires_at: nowSeconds() + 30 * DAY, reminder_days_before: 3 },
        /no email/,
      ],
      ["a moment already past", {}, { expires_at: nowSeconds() + 2 * DAY, reminder_days_before: 3 }, /already passed/],
    ];
    for (const [what, draftBody, sendBody, says] of cases) {
      const uuid =
        "recipient" in draftBody
          ? await createDraft(ann, draftBody.recipient ? { recipient: draftBody.recipient } : {})
          : (await draftFor(ann)).uuid;
      const res = await ann.api.post(`/v3/proposals/${uuid}/send`, sendBody);
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), what).toEqual(["reminder_days_before"]);
      expect(res.body.error.issues[0].message, what).toMatch(says);
      const after = await readProposal(ann.api, uuid);
      expect(after, what).toMatchObject({ status: "draft", reminder_days_before: null });
      expect(
        (await trail(uuid)).map((e) => e.type),
        what,
      ).toEqual(["created"]);
    }
  });

  it("an unverified sender asking for a reminder gets 403 EMAIL_NOT_VERIFIED and nothing is sent, even without mailing the proposal", async () => {
    const ann = await member();
    await (await getDb()).user.update({ where: { id: ann.user.id }, data: { emailVerifiedAt: null } });
    const { uuid, email } = await draftFor(ann);
    const res = await ann.api.post(`/v3/proposals/${uuid}/send`, {
      expires_at: nowSeconds() + 30 * DAY,
      reminder_days_before: 3,
      notify_recipient: false,
    });
    expectProposalsError(res, 403, "EMAIL_NOT_VERIFIED");
    expect((await readProposal(ann.api, uuid)).status).toBe("draft");
    expect(await listMail(await getDb(), { to: email })).toEqual([]);
    // Without the reminder the send goes through, as a link.
    const plain = await ann.api.post(`/v3/proposals/${uuid}/send`, { expires_at: nowSeconds() + 30 * DAY, notify_recipient: false });
    expect(plain.status).toBe(200);
    expect(plain.body.data.reminder_days_before).toBeNull();
  });

  it("a reminder with notify_recipient false is kept: the sender shares the link, the app reminds", async () => {
    const ann = await member();
    const { uuid, email } = await draftFor(ann);
    const expiresAt = nowSeconds() + 30 * DAY;
    const res = await ann.api.post(`/v3/proposals/${uuid}/send`, {
      expires_at: expiresAt,
      reminder_days_before: 29,
      notify_recipient: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ reminder_days_before: 29, reminder_sent_at: null, expires_at: expiresAt });
    expect(await listMail(await getDb(), { to: email })).toEqual([]);
    await sweep(at(expiresAt - 29 * DAY + 1));
    expect(await mailOf(email, "proposal_reminder")).toHaveLength(1);
  });
});
