/**
 * Issue 26, proposal delivery and notifications (docs/decisions/033): sending a proposal mails its
 * recipient the link, from the sender's name with Reply-To the contact person and the personal
 * message set apart; the customer's first view, acceptance and decline are mailed once to the
 * proposal's creator and contact person, who can turn each kind off on the account page or with
 * the mail's one-click unsubscribe link. Real HTTP to the route handlers, a real SMTP server, the
 * outbox delivered by the worker's own function.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { listMail } from "@/lib/mail/outbox";
import { deliverDueMail } from "@/lib/mail/worker";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
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
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../smtp";

const APP = "https://courses.example.test";

let server: TestServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  server = await startTestServer();
  smtp = await startSmtpServer();
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
  return () => vi.unstubAllEnvs();
});

const member = () => seedCompanyMember(server);
let n = 0;
const customerEmail = (name = "cora") => `${name}-${++n}-${Date.now().toString(36)}@customer.example`;
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

/** The customer opens /p/{uuid} from an address of their own (each such read is a view). */
const view = async (uuid: string) => getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() });
const accept = (uuid: string, name = "Cora Customer") => publicClient(server).post(`/proposals/${uuid}/accept`, { name, consent: true });
const reject = (uuid: string) => publicClient(server).post(`/proposals/${uuid}/reject`, {});
const appApi = (key?: string) => apiClient(`${server.url}/api`, key);

/** Sends what the outbox holds and answers the mails that arrived for `to`. */
async function mailTo(to: string): Promise<ReceivedMail[]> {
  await deliverDueMail(await getDb());
  return smtp.to(to);
}

/** The outbox's rows for `to` (written, whether sent or not). */
const outboxFor = async (to: string) => listMail(await getDb(), { to });

/** A draft for a new contact with an email (or none), of `who`'s company. */
async function draftFor(who: CompanyMember, contact: { email?: string; firstName?: string } = {}, body: Record<string, unknown> = {}) {
  const email = contact.email ?? customerEmail();
  const recipient = await seedContact(who.company.id, { firstName: contact.firstName ?? "Cora", lastName: "Customer", email });
  const uuid = await createDraft(who, { title_md: "Solar roof", recipient: { id: recipient.id }, ...body });
  return { uuid, email, recipient };
}

const send = (who: CompanyMember, uuid: string, body?: Record<string, unknown>) => who.api.post(`/v3/proposals/${uuid}/send`, body);

/** The List-Unsubscribe URL of a mail, from its raw header (folded lines unfolded). */
function listUnsubscribe(mail: ReceivedMail): string | undefined {
  const unfolded = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return /^List-Unsubscribe: <([^>]+)>$/im.exec(unfolded)?.[1];
}
const headerLines = (mail: ReceivedMail) => mail.raw.split(/\r?\n\r?\n/)[0];

async function markUnverified(who: CompanyMember) {
  await (await getDb()).user.update({ where: { id: who.user.id }, data: { emailVerifiedAt: null } });
}

describe("[DELIVERY] sending a proposal mails its recipient the link", () => {
  it("mails the /p link on APP_URL from the sender's name, Reply-To the contact person, with the personal message quoted", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    const { uuid, email } = await draftFor(ann, { firstName: "Cora" }, { contact_email: bob.user.email });
    const before = await readProposal(ann.api, uuid);
    const message = "Hi Cora,\nhere is the offer we discussed.\r\nBest, Ann";

    const res = await send(ann, uuid, { message });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The answer keeps its shape: the proposal as sent.
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(before).sort());
    expect(res.body.data.status).toBe("active");

    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Proposal from ${ann.company.name}: Solar roof`);
    expect(mail.from?.value).toEqual([{ name: `${ann.user.name} via Coursewright`, address: "no-reply@courses.example.test" }]);
    expect(mail.replyTo?.value.map((v) => v.address)).toEqual([bob.user.email]);
    expect(mail.envelopeTo).toEqual([email]);
    const link = `${APP}/p/${uuid}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain("Hello Cora Customer,");
    // The message as typed, its line breaks kept in both parts.
    expect(mail.text).toContain("Hi Cora,\nhere is the offer we discussed.\nBest, Ann");
    expect(mail.html).toContain("Hi Cora,<br/>here is the offer we discussed.<br/>Best, Ann");
    expect(mail.text).toContain(`reach ${bob.user.email}`);
    // A delivery is not a notification: nothing to unsubscribe from.
    expect(listUnsubscribe(mail)).toBeUndefined();

    const delivery = await ann.api.get(`/v3/proposals/${uuid}/delivery`);
    expect(delivery.status).toBe(200);
    expect(delivery.body).toEqual({
      data: {
        mail: {
          kind: "proposal_sent",
          to: email,
          status: "sent",
          last_error: null,
          queued_at: expect.any(Number),
          sent_at: expect.any(Number),
        },
        can_mail: true,
      },
    });
  });

  it("Reply-To is the proposal's creator when it names no contact person, and the sender once the creator has left the company", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    const first = await draftFor(ann);
    expect((await send(bob, first.uuid)).status).toBe(200);
    const [toCreator] = await mailTo(first.email);
    expect(toCreator.from?.value[0].name).toBe(`${bob.user.name} via Coursewright`);
    expect(toCreator.replyTo?.value.map((v) => v.address)).toEqual([ann.user.email]);

    const second = await draftFor(ann);
    const db = await getDb();
    await db.companyMember.update({
      where: { companyId_userId: { companyId: ann.company.id, userId: ann.user.id } },
      data: { disabled: true },
    });
    expect((await send(bob, second.uuid)).status).toBe(200);
    const [toSender] = await mailTo(second.email);
    expect(toSender.replyTo?.value.map((v) => v.address)).toEqual([bob.user.email]);
  });

  it("a message of 2,000 characters is mailed; 2,001 is 400 naming `message`, and nothing is sent or written", async () => {
    const ann = await member();
    const ok = await draftFor(ann);
    const longest = "x".repeat(1999) + "!";
    expect((await send(ann, ok.uuid, { message: longest })).status).toBe(200);
    expect((await mailTo(ok.email))[0].text).toContain(longest);

    const tooLong = await draftFor(ann);
    const res = await send(ann, tooLong.uuid, { message: "y".repeat(2001) });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["message"]);
    expect((await readProposal(ann.api, tooLong.uuid)).status).toBe("draft");
    expect(await outboxFor(tooLong.email)).toEqual([]);
    expect(await mailTo(tooLong.email)).toEqual([]);
  });

  it("CR and LF reach the body, never a header: a title and a message trying to add headers stay text", async () => {
    const ann = await member();
    const { uuid, email } = await draftFor(ann, {}, { title_md: "Roof\r\nBcc: thief@evil.example" });
    expect((await send(ann, uuid, { message: "Thanks!\r\nBcc: thief@evil.example\r\n\r\nbody" })).status).toBe(200);
    const [mail] = await mailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.bcc).toBeUndefined();
    expect(headerLines(mail)).not.toMatch(/^Bcc:/im);
    expect(mail.subject).toBe(`Proposal from ${ann.company.name}: Roof Bcc: thief@evil.example`);
    expect(smtp.to("thief@evil.example")).toEqual([]);
  });

  it("a mail the customer's server refuses for good: the proposal stays sent, and its delivery says failed with the error", async () => {
    const ann = await member();
    const { uuid, email } = await draftFor(ann);
    smtp.refuseWith({ code: 550, message: "No such recipient" });
    try {
      expect((await send(ann, uuid)).status).toBe(200);
      expect(await mailTo(email)).toEqual([]);
    } finally {
      smtp.refuseWith(null);
    }
    expect((await readProposal(ann.api, uuid)).status).toBe("active");
    // What the editor's share link reads to say "could not be delivered … share the link yourself".
    const { data } = (await ann.api.get(`/v3/proposals/${uuid}/delivery`)).body;
    expect(data).toEqual({
      mail: {
        kind: "proposal_sent",
        to: email,
        status: "failed",
        last_error: expect.stringMatching(/550 No such recipient/),
        queued_at: expect.any(Number),
        sent_at: null,
      },
      can_mail: true,
    });
  });

  it("notify_recipient false, a recipient without email, or none at all: sent, no mail written, and the delivery says so", async () => {
    const ann = await member();
    const quiet = await draftFor(ann);
    expect((await send(ann, quiet.uuid, { notify_recipient: false, message: "Not mailed" })).status).toBe(200);
    expect(await outboxFor(quiet.email)).toEqual([]);

    const noEmail = await seedContact(ann.company.id, { email: "" });
    const withoutEmail = await createDraft(ann, { recipient: { id: noEmail.id } });
    const linkOnly = await createDraft(ann);
    for (const uuid of [quiet.uuid, withoutEmail, linkOnly]) {
      if (uuid !== quiet.uuid) expect((await send(ann, uuid)).status).toBe(200);
      expect((await readProposal(ann.api, uuid)).status).toBe("active");
      expect((await ann.api.get(`/v3/proposals/${uuid}/delivery`)).body).toEqual({ data: { mail: null, can_mail: true } });
    }
    expect(await mailTo(quiet.email)).toEqual([]);
  });

  it("an unverified sender may send a link, not have it mailed: asked for, 403 EMAIL_NOT_VERIFIED and nothing sent; left to us, a link only", async () => {
    const ann = await member();
    await markUnverified(ann);
    const { uuid, email } = await draftFor(ann);
    const refused = await send(ann, uuid, { notify_recipient: true, message: "Hello" });
    expectProposalsError(refused, 403, "EMAIL_NOT_VERIFIED");
    expect(refused.body.error.message).toMatch(/Verify your email address.*notify_recipient false/);
    // The send rolled back with the mail: still a draft, nothing in the outbox.
    expect((await readProposal(ann.api, uuid)).status).toBe("draft");
    expect(await outboxFor(email)).toEqual([]);
    expect((await ann.api.get(`/v3/proposals/${uuid}/delivery`)).body.data).toEqual({ mail: null, can_mail: false });

    // Without notify_recipient it is sent as it was before mail existed: a link to share, and the delivery says so.
    expect((await send(ann, uuid, { message: "Hello" })).status).toBe(200);
    expect((await readProposal(ann.api, uuid)).status).toBe("active");
    expect((await ann.api.get(`/v3/proposals/${uuid}/delivery`)).body.data).toEqual({ mail: null, can_mail: false });
    const quiet = await draftFor(ann);
    expect((await send(ann, quiet.uuid, { notify_recipient: false })).status).toBe(200);
    expect(await mailTo(email)).toEqual([]);
    expect(await mailTo(quiet.email)).toEqual([]);

    // Verified, the same default mails it.
    await (await getDb()).user.update({ where: { id: ann.user.id }, data: { emailVerifiedAt: new Date() } });
    const later = await draftFor(ann);
    expect((await send(ann, later.uuid)).status).toBe(200);
    expect(await mailTo(later.email)).toHaveLength(1);
  });

  it("a new version sent to the same recipient is mailed as an updated proposal with its own link; to another recipient as a new one", async () => {
    const ann = await member();
    const { uuid: v1, email, recipient } = await draftFor(ann);
    expect((await send(ann, v1)).status).toBe(200);
    expect(await mailTo(email)).toHaveLength(1);
    const next = await ann.api.post(`/v3/proposals/${v1}`, { company_id: ann.company.id, language: "en", title_md: "Solar roof, bigger" });
    const v2 = next.body.proposal.uuid as string;
    expect((await send(ann, v2, { message: "Now with a bigger roof." })).status).toBe(200);
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Proposal from ${ann.company.name}: Solar roof`,
      `Updated proposal from ${ann.company.name}: Solar roof, bigger`,
    ]);
    const updated = mails[1];
    expect(updated.text).toContain(`${APP}/p/${v2}`);
    expect(updated.text).not.toContain(`/p/${v1}`);
    expect(updated.text).toContain("Now with a bigger roof.");
    expect((await ann.api.get(`/v3/proposals/${v2}/delivery`)).body.data.mail).toMatchObject({ kind: "proposal_updated", to: email });

    const nils = await seedContact(ann.company.id, { firstName: "Nils", email: customerEmail("nils") });
    const third = await ann.api.post(`/v3/proposals/${v2}`, { company_id: ann.company.id, language: "en", recipient: { id: nils.id } });
    const v3 = third.body.proposal.uuid as string;
    expect((await send(ann, v3)).status).toBe(200);
    const [toNils] = await mailTo(nils.email);
    expect(toNils.subject).toBe(`Proposal from ${ann.company.name}: Solar roof, bigger`);
    expect((await ann.api.get(`/v3/proposals/${v3}/delivery`)).body.data.mail.kind).toBe("proposal_sent");
    expect(await mailTo(email)).toHaveLength(2);
    expect(recipient.email).toBe(email);
  });

  it("another company's member reads no delivery (404), and an unknown proposal is 404", async () => {
    const ann = await member();
    const eve = await member();
    const { uuid } = await draftFor(ann);
    expect((await send(ann, uuid)).status).toBe(200);
    expectProposalsError(await eve.api.get(`/v3/proposals/${uuid}/delivery`), 404, "NOT_FOUND");
    expectProposalsError(await ann.api.get(`/v3/proposals/00000000-0000-4000-8000-000000000000/delivery`), 404, "NOT_FOUND");
    expectProposalsError(await apiClient(`${server.url}/api/proposals`).get(`/v3/proposals/${uuid}/delivery`), 401, "UNAUTHORIZED");
  });
});

describe("[NOTIFICATIONS] what the customer does is mailed to the proposal's creator and contact person", () => {
  /** A proposal of Ann's, with Bob (another member) as contact person unless `contact` says otherwise, sent. */
  async function sentProposal(ann: CompanyMember, contact?: CompanyMember) {
    const { uuid } = await draftFor(ann, {}, contact ? { contact_email: contact.user.email } : {});
    expect((await send(ann, uuid, { notify_recipient: false })).status).toBe(200);
    return uuid;
  }

  it("the first view mails each of them once, with a link to the editor and a one-click unsubscribe link; a second view mails nothing", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    const uuid = await sentProposal(ann, bob);
    await view(uuid);
    await view(uuid);
    const [toAnn, ...moreAnn] = await mailTo(ann.user.email);
    const [toBob, ...moreBob] = await mailTo(bob.user.email);
    expect([moreAnn, moreBob]).toEqual([[], []]);
    for (const [mail, who, role] of [
      [toAnn, ann, "created"],
      [toBob, bob, "are the contact person of"],
    ] as const) {
      expect(mail.subject).toBe('Cora Customer opened "Solar roof" (v1)');
      expect(mail.text).toContain(`${APP}/proposals/${uuid}/edit`);
      expect(mail.text).toContain(`because you ${role} this proposal`);
      const unsubscribe = listUnsubscribe(mail)!;
      expect(new URL(unsubscribe).origin).toBe(APP);
      expect(new URL(unsubscribe).pathname).toBe("/unsubscribe");
      expect(headerLines(mail)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(mail.text).toContain(unsubscribe);
      expect(mail.envelopeTo).toEqual([who.user.email]);
    }
    const rows = await outboxFor(ann.user.email);
    expect(rows.filter((r) => r.kind === "proposal_viewed")).toHaveLength(1);
  });

  it("a creator who is also the contact person gets one mail, and so does each event: accepted with the typed name, declined", async () => {
    const ann = await member();
    const accepted = await sentProposal(ann, ann);
    await view(accepted);
    expect((await accept(accepted, "Cora C. Customer")).status).toBe(200);
    const declined = await sentProposal(ann);
    expect((await reject(declined)).status).toBe(200);
    const subjects = (await mailTo(ann.user.email)).map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      [
        'Cora Customer accepted "Solar roof" (v1)',
        'Cora Customer declined "Solar roof" (v1)',
        'Cora Customer opened "Solar roof" (v1)',
      ].sort(),
    );
    const acceptedMail = smtp.to(ann.user.email).find((m) => m.subject?.includes("accepted"))!;
    expect(acceptedMail.text).toContain('signing as "Cora C. Customer"');
    expect(acceptedMail.text).toContain("because you created and are the contact person of this proposal");
  });

  it("a member previewing the customer's page is not a view: nobody is told", async () => {
    const ann = await member();
    const uuid = await sentProposal(ann);
    const db = await getDb();
    const viewer = {
      userId: ann.user.id,
      name: ann.user.name,
      email: ann.user.email,
      via: "session" as const,
      apiKeyId: null,
      apiKey: null,
    };
    expect((await getPublicProposal(db, uuid, { viewer, address: anAddress() })).isPreview).toBe(true);
    expect(await outboxFor(ann.user.email)).toEqual([]);
  });

  it("someone who has left the company is not told about its customers", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    const uuid = await sentProposal(ann, bob);
    const db = await getDb();
    await db.companyMember.update({
      where: { companyId_userId: { companyId: ann.company.id, userId: bob.user.id } },
      data: { disabled: true },
    });
    await view(uuid);
    expect((await mailTo(ann.user.email)).map((m) => m.subject)).toEqual(['Cora Customer opened "Solar roof" (v1)']);
    expect(await outboxFor(bob.user.email)).toEqual([]);
  });

  it("an account whose address is not verified is told nothing: whoever signed up with it chose what the mail would say", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    const uuid = await sentProposal(ann, bob);
    await markUnverified(bob);
    await view(uuid);
    expect((await accept(uuid)).status).toBe(200);
    expect(await mailTo(ann.user.email)).toHaveLength(2);
    expect(await outboxFor(bob.user.email)).toEqual([]);
  });

  it("a kind turned off on the account page is not mailed to that person; the others still get it", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    const bobsApp = appApi(bob.key);
    expect((await bobsApp.get("/account/notifications")).body).toEqual({
      proposal_viewed: true,
      proposal_accepted: true,
      proposal_rejected: true,
      proposal_changes_requested: true,
      proposal_expired: true,
      comment_mention: true,
      proposal_approval: true,
    });
    const off = await bobsApp.put("/account/notifications", { proposal_viewed: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      proposal_viewed: false,
      proposal_accepted: true,
      proposal_rejected: true,
      proposal_changes_requested: true,
      proposal_expired: true,
      comment_mention: true,
      proposal_approval: true,
    });
    const uuid = await sentProposal(ann, bob);
    await view(uuid);
    expect((await accept(uuid)).status).toBe(200);
    expect((await mailTo(bob.user.email)).map((m) => m.subject)).toEqual(['Cora Customer accepted "Solar roof" (v1)']);
    expect(await mailTo(ann.user.email)).toHaveLength(2);
    // Turned on again: the next proposal's first view reaches Bob.
    expect((await bobsApp.put("/account/notifications", { proposal_viewed: true })).body.proposal_viewed).toBe(true);
    const again = await sentProposal(ann, bob);
    await view(again);
    expect(await mailTo(bob.user.email)).toHaveLength(2);
  });

  it("the settings are the caller's own: another user's key changes only theirs; no key is 401; a body naming no kind is 400", async () => {
    const ann = await member();
    const eve = await member();
    expect((await appApi(eve.key).put("/account/notifications", { proposal_accepted: false })).status).toBe(200);
    expect((await appApi(ann.key).get("/account/notifications")).body.proposal_accepted).toBe(true);
    expect((await appApi(eve.key).get("/account/notifications")).body.proposal_accepted).toBe(false);
    expect((await appApi().get("/account/notifications")).status).toBe(401);
    expect((await appApi().put("/account/notifications", { proposal_viewed: false })).status).toBe(401);
    const empty = await appApi(ann.key).put("/account/notifications", {});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("validation_error");
    expect((await appApi(ann.key).put("/account/notifications", { proposal_viewed: "no" })).status).toBe(400);
  });
});

describe("[UNSUBSCRIBE] a notification mail's one-click link", () => {
  /** The token of the unsubscribe link in `who`'s first "opened" mail about a fresh proposal. */
  async function unsubscribeTokenOf(who: CompanyMember) {
    const { uuid } = await draftFor(who);
    expect((await send(who, uuid, { notify_recipient: false })).status).toBe(200);
    await view(uuid);
    const [mail] = await mailTo(who.user.email);
    return new URL(listUnsubscribe(mail)!).searchParams.get("token")!;
  }

  /** POST as a mail client does (RFC 8058): a form body, no cookie, no key. */
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/account/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "List-Unsubscribe=One-Click",
    });

  it("a one-click POST turns that kind off for that user, without a session; again is the same answer", async () => {
    const ann = await member();
    const token = await unsubscribeTokenOf(ann);
    for (let i = 0; i < 2; i++) {
      const res = await oneClick(token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ kind: "proposal_viewed", unsubscribed: true });
    }
    expect((await appApi(ann.key).get("/account/notifications")).body).toEqual({
      proposal_viewed: false,
      proposal_accepted: true,
      proposal_rejected: true,
      proposal_changes_requested: true,
      proposal_expired: true,
      comment_mention: true,
      proposal_approval: true,
    });
    // The next proposal's first view is not mailed to Ann any more.
    const { uuid } = await draftFor(ann);
    expect((await send(ann, uuid, { notify_recipient: false })).status).toBe(200);
    await view(uuid);
    expect((await outboxFor(ann.user.email)).filter((r) => r.kind === "proposal_viewed")).toHaveLength(1);
  });

  it("the link's page posts the same request from a browser: a JSON or empty body, and any key sent along, change nothing", async () => {
    const ann = await member();
    const eve = await member();
    const token = await unsubscribeTokenOf(ann);
    const fromPage = await appApi(eve.key).post(`/account/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(fromPage.status).toBe(200);
    // Ann's setting changed (the token names her), Eve's did not.
    expect((await appApi(ann.key).get("/account/notifications")).body.proposal_viewed).toBe(false);
    expect((await appApi(eve.key).get("/account/notifications")).body.proposal_viewed).toBe(true);
  });

  it("a token altered, cut short or made up is 400 with a clear message, and changes nothing", async () => {
    const ann = await member();
    const token = await unsubscribeTokenOf(ann);
    const [payload, signature] = token.split(".");
    const anotherKind = Buffer.from(`${ann.user.id}.proposal_accepted`).toString("base64url");
    for (const bad of [`${anotherKind}.${signature}`, `${payload}.${signature.slice(0, -3)}`, "made-up", `${payload}.`]) {
      const res = await oneClick(bad);
      expect(res.status, bad).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ code: "validation_error", error: expect.stringMatching(/not valid/) });
    }
    expect((await oneClick("")).status).toBe(400);
    expect((await appApi(ann.key).get("/account/notifications")).body).toEqual({
      proposal_viewed: true,
      proposal_accepted: true,
      proposal_rejected: true,
      proposal_changes_requested: true,
      proposal_expired: true,
      comment_mention: true,
      proposal_approval: true,
    });
  });
});
