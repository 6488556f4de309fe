/**
 * Approvals before a proposal goes out (issue 41, docs/decisions/062). A company's owners set two
 * rules (the largest line discount, the largest total without tax the buyer can reach); any member
 * reads them, a member who tries to change them gets 403 OWNER_REQUIRED and a stranger finds no
 * company. A draft that breaks a rule is refused by send (409 APPROVAL_REQUIRED naming each rule)
 * and nothing happens, until an owner approves its current version: a member asks (the other owners
 * are mailed through a real SMTP server), an owner approves or declines (the asker is mailed), and
 * each step is an event and a webhook. An edit after the approval voids it. Bad input, strangers and
 * suggest-only keys change nothing, and the customer's page never shows an approval round.
 */
import { randomBytes, randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { getDb } from "@/lib/db/client";
import { deliverDueMail } from "@/lib/mail/worker";
import { listProposalEvents } from "@/lib/proposals/events/list-events";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { signedInClient, receivedMail } from "../accounts";
import { apiClient } from "../api-client";
import { NO_SUCH_ID } from "../expect";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  joinCompany,
  proposalsClient,
  proposalsUrl,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedContact,
  seedPricedItem,
  type CompanyMember,
} from "../proposals-factories";
import { listUnsubscribeOf, startSmtpServer, type TestSmtpServer } from "../smtp";

const APP = "https://courses.example.test";

let server: TestServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  [server, smtp] = await Promise.all([startTestServer(), startSmtpServer()]);
  // Opens the file's database (migrations) before the first test's clock starts.
  await seedCompanyMember(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(() => {
  vi.stubEnv("SMTP_URL", smtp.url);
  vi.stubEnv("APP_URL", APP);
  return () => vi.unstubAllEnvs();
});

type Client = ReturnType<typeof proposalsClient>;
type Reason = { rule: "max_discount_percent" | "max_total_without_tax"; limit: number; actual: number };
type Approval = {
  status: "not_needed" | "required" | "requested" | "approved" | "declined";
  reasons: Reason[];
  voided: boolean;
  latest: {
    id: string;
    status: "requested" | "approved" | "declined";
    requested_by: string | null;
    requested_at: number | null;
    request_note: string;
    decided_by: string | null;
    decided_at: number | null;
    decision_note: string;
  } | null;
};

const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A UNIX time in seconds, taken during the test (within a minute of now). */
const recentSeconds = () => expect.toSatisfy((v: unknown) => Number.isInteger(v) && Math.abs(nowSeconds() - (v as number)) <= 60);
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

const rulesPath = (companyId: number) => `/v3/companies/${companyId}/approval-rules`;
const requestPath = (uuid: string) => `/v3/proposals/${uuid}/approval-requests`;
const approvePath = (uuid: string) => `/v3/proposals/${uuid}/approve`;
const declinePath = (uuid: string) => `/v3/proposals/${uuid}/decline-approval`;
const sendPath = (uuid: string) => `/v3/proposals/${uuid}/send`;

const discountRule = (actual: number, limit = 20): Reason => ({ rule: "max_discount_percent", limit, actual });
const totalRule = (actual: number, limit = 10_000): Reason => ({ rule: "max_total_without_tax", limit, actual });

async function setRules(owner: { api: Client; company: { id: number } }, body: Record<string, unknown>) {
  const res = await owner.api.put(rulesPath(owner.company.id), body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function approvalOf(api: Client, uuid: string): Promise<Approval> {
  return (await readProposal(api, uuid)).approval;
}

/** A step that must succeed with `status` and answer `{data}` alone (an approval, or a sent proposal): answers its `data`. */
async function step<T = Approval>(res: Promise<{ status: number; body: any }>, status: number): Promise<T> {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(Object.keys(answer.body)).toEqual(["data"]);
  return answer.body.data;
}

function expectApprovalRequired(res: { status: number; body: any }, details: Reason[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toEqual({ error: { code: "APPROVAL_REQUIRED", message: expect.any(String), details } });
}

/** The staff's audit trail of a proposal, by type. */
async function eventTypes(api: Client, uuid: string): Promise<string[]> {
  const res = await api.get(`/v3/proposals/${uuid}/events`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { type: string }[]).map((e) => e.type);
}

/** Everything an approval step or a send could write for one proposal: to compare before and after a refusal. */
async function footprint(uuid: string) {
  const db = await getDb();
  const row = await db.proposal.findUniqueOrThrow({
    where: { id: uuid },
    select: { status: true, updatedAt: true, sentAt: true, blocks: true, titleMd: true },
  });
  return {
    row,
    approvals: await db.proposalApproval.findMany({ where: { proposalId: uuid }, orderBy: { id: "asc" } }),
    events: (await listProposalEvents(db, uuid)).map((e) => e.type),
    // Mails carry the proposal's editor link; the outbox is the record of every mail written.
    mails: (await db.outboxMail.findMany({ select: { kind: true, toAddress: true, textBody: true }, orderBy: { createdAt: "asc" } }))
      .filter((m) => m.textBody.includes(uuid))
      .map((m) => ({ kind: m.kind, to: m.toAddress })),
    // The tests of this file run one after another: any new delivery is this test's.
    deliveries: await db.webhookDelivery.count(),
  };
}

/** The rules as stored, straight from the database. */
async function storedRules(companyId: number) {
  const db = await getDb();
  return db.company.findUniqueOrThrow({ where: { id: companyId }, select: { approvalMaxDiscountPercent: true, approvalMaxTotal: true } });
}

/** Outbox rows of approval mails to an address, about one proposal. */
async function approvalMailsTo(email: string, uuid: string) {
  const db = await getDb();
  const rows = await db.outboxMail.findMany({
    where: { toAddress: email.toLowerCase(), kind: { in: ["proposal_approval_requested", "proposal_approval_decided"] } },
    orderBy: { createdAt: "asc" },
  });
  return rows.filter((m) => m.textBody.includes(uuid));
}

/** Mails that arrived at the SMTP server for `email` about one proposal (after delivering what is due). */
async function arrivedFor(email: string, uuid: string) {
  await deliverDueMail(await getDb());
  return smtp.to(email).filter((m) => (m.text ?? "").includes(uuid));
}

/** A member of the owner's company in the given role, with a client speaking with their key. */
async function colleagueOf(owner: CompanyMember, role: "owner" | "member" = "member") {
  const colleague = await seedUser();
  await joinCompany(colleague, owner.company.id);
  if (role === "owner") {
    const db = await getDb();
    await db.companyMember.update({
      where: { companyId_userId: { companyId: owner.company.id, userId: colleague.user.id } },
      data: { role: "owner" },
    });
  }
  return { ...colleague, company: owner.company, api: proposalsClient(server, colleague.key) };
}
type Colleague = Awaited<ReturnType<typeof colleagueOf>>;

/**
 * A company whose rules are a 20 % discount and 10,000 without tax, with a library item of 1,000
 * (25 % tax), two owners, a member, and owners who must never be mailed: one disabled, one whose
 * address is unverified and one who turned approval mails off.
 */
async function seedTeam() {
  const olivia = await seedCompanyMember(server, `Solar Sellers ${randomBytes(3).toString("hex")}`);
  const oscar = await colleagueOf(olivia, "owner");
  const mia = await colleagueOf(olivia, "member");
  const db = await getDb();
  const disabled = await colleagueOf(olivia, "owner");
  await db.companyMember.update({
    where: { companyId_userId: { companyId: olivia.company.id, userId: disabled.user.id } },
    data: { disabled: true },
  });
  const unverified = await colleagueOf(olivia, "owner");
  await db.user.update({ where: { id: unverified.user.id }, data: { emailVerifiedAt: null } });
  const optedOut = await colleagueOf(olivia, "owner");
  const off = await apiClient(`${server.url}/api`, optedOut.key).put("/account/notifications", { proposal_approval: false });
  expect(off.status, JSON.stringify(off.body)).toBe(200);
  await setRules(olivia, { max_discount_percent: 20, max_total_without_tax: 10_000 });
  const item = await seedPricedItem({ companyId: olivia.company.id, title: { en: "Solar panel" }, price: 1000, taxRate: 25 });
  return { olivia, oscar, mia, disabled, unverified, optedOut, item };
}
type Team = Awaited<ReturnType<typeof seedTeam>>;

/** A draft of `author` with a recipient, one line of the team's item: by default 10 panels at 30 % off (breaks the discount rule only). */
async function teamDraft(team: Team, author: CompanyMember | Colleague, block: Record<string, unknown> = { quantity: 10, discount: 30 }) {
  const contact = await seedContact(team.olivia.company.id);
  const title = `Solar roof ${randomBytes(3).toString("hex")}`;
  const uuid = await createDraft(author, {
    title_md: title,
    recipient: { id: contact.id },
    blocks: [{ content_id: team.item.variationId, ...block }],
  });
  return { uuid, title, contact };
}

describe("[APPROVALS] the company's rules", () => {
  it("a new company has none; its owner sets each, a rule left out keeps its value, null removes it; every member reads them, only owners may manage", async () => {
    const owner = await seedCompanyMember(server);
    const member = await colleagueOf(owner);
    const none = { company_id: owner.company.id, max_discount_percent: null, max_total_without_tax: null };
    expect((await owner.api.get(rulesPath(owner.company.id))).body).toEqual({ data: { ...none, can_manage: true } });
    expect((await member.api.get(rulesPath(owner.company.id))).body).toEqual({ data: { ...none, can_manage: false } });

    expect(await setRules(owner, { max_discount_percent: 12.5 })).toEqual({ ...none, max_discount_percent: 12.5, can_manage: true });
    // Left out: kept.
    expect(await setRules(owner, { max_total_without_tax: 5000 })).toEqual({
      company_id: owner.company.id,
      max_discount_percent: 12.5,
      max_total_without_tax: 5000,
      can_manage: true,
    });
    expect(await storedRules(owner.company.id)).toEqual({ approvalMaxDiscountPercent: 12.5, approvalMaxTotal: 5000 });
    // null: removed; the other stays.
    expect(await setRules(owner, { max_discount_percent: null })).toMatchObject({
      max_discount_percent: null,
      max_total_without_tax: 5000,
    });
    // The edges of the ranges are limits like any other.
    expect(await setRules(owner, { max_discount_percent: 100, max_total_without_tax: 0 })).toMatchObject({
      max_discount_percent: 100,
      max_total_without_tax: 0,
    });
    expect(await setRules(owner, { max_discount_percent: 0 })).toMatchObject({ max_discount_percent: 0, max_total_without_tax: 0 });

    // Every member reads the same, in the browser too; only an owner may manage them.
    const expected = { company_id: owner.company.id, max_discount_percent: 0, max_total_without_tax: 0 };
    expect((await member.api.get(rulesPath(owner.company.id))).body).toEqual({ data: { ...expected, can_manage: false } });
    const browser = await signedInClient(proposalsUrl(server), owner.user);
    expect((await browser.get(rulesPath(owner.company.id))).body).toEqual({ data: { ...expected, can_manage: true } });
    const viaBrowser = await browser.put(rulesPath(owner.company.id), { max_discount_percent: null, max_total_without_tax: null });
    expect(viaBrowser.status, JSON.stringify(viaBrowser.body)).toBe(200);
    expect(viaBrowser.body).toEqual({ data: { ...none, can_manage: true } });
    expect(await storedRules(owner.company.id)).toEqual({ approvalMaxDiscountPercent: null, approvalMaxTotal: null });
  });

  it("a member who tries to change them gets 403 OWNER_REQUIRED; a stranger, another company's owner and a disabled member find no company (404); nothing changes", async () => {
    const owner = await seedCompanyMember(server);
    await setRules(owner, { max_discount_percent: 20, max_total_without_tax: 10_000 });
    const member = await colleagueOf(owner);
    const memberInBrowser = await signedInClient(proposalsUrl(server), member.user);
    for (const api of [member.api, memberInBrowser]) {
      expectProposalsError(await api.put(rulesPath(owner.company.id), { max_discount_percent: 90 }), 403, "OWNER_REQUIRED");
      expectProposalsError(await api.put(rulesPath(owner.company.id), { max_total_without_tax: null }), 403, "OWNER_REQUIRED");
    }

    const otherOwner = await seedCompanyMember(server);
    const stranger = proposalsClient(server, (await seedUser()).key);
    const disabled = await colleagueOf(owner, "owner");
    const db = await getDb();
    await db.companyMember.update({
      where: { companyId_userId: { companyId: owner.company.id, userId: disabled.user.id } },
      data: { disabled: true },
    });
    for (const api of [otherOwner.api, stranger, disabled.api]) {
      expectProposalsError(await api.get(rulesPath(owner.company.id)), 404, "NOT_FOUND");
      expectProposalsError(await api.put(rulesPath(owner.company.id), { max_discount_percent: 90 }), 404, "NOT_FOUND");
    }
    // Nothing of the company's rules shows in the refusal, and a company that does not exist answers alike.
    expectProposalsError(await owner.api.get(rulesPath(2_000_000_000)), 404, "NOT_FOUND");
    expectProposalsError(await owner.api.put(rulesPath(2_000_000_000), { max_discount_percent: 1 }), 404, "NOT_FOUND");
    // Without a key: 401.
    expectProposalsError(await proposalsClient(server).get(rulesPath(owner.company.id)), 401, "UNAUTHORIZED");
    expectProposalsError(await proposalsClient(server).put(rulesPath(owner.company.id), { max_discount_percent: 1 }), 401, "UNAUTHORIZED");

    expect(await storedRules(owner.company.id)).toEqual({ approvalMaxDiscountPercent: 20, approvalMaxTotal: 10_000 });
    // The other company's owner manages their own.
    expect(await setRules(otherOwner, { max_discount_percent: 5 })).toMatchObject({ company_id: otherOwner.company.id, can_manage: true });
    expect(await storedRules(owner.company.id)).toEqual({ approvalMaxDiscountPercent: 20, approvalMaxTotal: 10_000 });
  });

  it("refuses a percent above 100 or below 0, a negative total, text, an unknown key, an empty body and no JSON with 400, changing nothing", async () => {
    const owner = await seedCompanyMember(server);
    await setRules(owner, { max_discount_percent: 20, max_total_without_tax: 10_000 });
    const cases: [unknown, string[]][] = [
      [{ max_discount_percent: 101 }, ["max_discount_percent"]],
      [{ max_discount_percent: -1 }, ["max_discount_percent"]],
      [{ max_total_without_tax: -0.01 }, ["max_total_without_tax"]],
      [{ max_discount_percent: "20" }, ["max_discount_percent"]],
      [{ max_total_without_tax: "lots" }, ["max_total_without_tax"]],
      // One good rule beside a bad one: nothing of it is taken.
      [{ max_discount_percent: 10, max_total_without_tax: -5 }, ["max_total_without_tax"]],
      [{ max_discount_percent: 10, approve_everything: true }, ["approve_everything"]],
    ];
    for (const [body, paths] of cases) {
      const res = await owner.api.put(rulesPath(owner.company.id), body);
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), JSON.stringify(body)).toEqual(paths);
    }
    // Neither rule named, or no object at all: 400 too.
    for (const raw of ["{}", "{", "[]", "null", '"text"']) {
      expectProposalsError(await owner.api.put(rulesPath(owner.company.id), raw), 400, "VALIDATION_ERROR");
    }
    expect(await storedRules(owner.company.id)).toEqual({ approvalMaxDiscountPercent: 20, approvalMaxTotal: 10_000 });
  });
});

describe("[APPROVALS] judging a draft by the rules", () => {
  let team: Team;
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("a draft above a rule reads required with each rule broken; send is 409 APPROVAL_REQUIRED naming them, and nothing changes: still a draft, no sent event, no mail", async () => {
    const discounted = await teamDraft(team, team.mia);
    const large = await teamDraft(team, team.mia, { quantity: 12 });
    const both = await teamDraft(team, team.mia, { quantity: 20, discount: 25 });
    const cases: [string, Reason[]][] = [
      [discounted.uuid, [discountRule(30)]],
      [large.uuid, [totalRule(12_000)]],
      // Both, in the order of the rules: 20 × 1,000 at 25 % off is 15,000.
      [both.uuid, [discountRule(25), totalRule(15_000)]],
    ];
    for (const [uuid, reasons] of cases) {
      expect(await approvalOf(team.mia.api, uuid)).toEqual({ status: "required", reasons, voided: false, latest: null });
      const before = await footprint(uuid);
      // Neither the member nor an owner sends it without an approval, with or without a body.
      expectApprovalRequired(await team.mia.api.post(sendPath(uuid)), reasons);
      expectApprovalRequired(await team.olivia.api.post(sendPath(uuid), { notify_recipient: true }), reasons);
      await deliverDueMail(await getDb());
      expect(await footprint(uuid)).toEqual(before);
      expect(before.row.status).toBe("draft");
      expect(before.events).toEqual(["created"]);
      expect(before.mails).toEqual([]);
    }
    // The message says it in words.
    const refused = await team.mia.api.post(sendPath(both.uuid));
    expect(refused.body.error.message).toContain("25 % discount");
    expect(refused.body.error.message).toContain("15,000");
    // The lists read the same approval as the proposal's own read.
    const list = await team.mia.api.get(`/v3/proposals?company_id=${team.olivia.company.id}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const listed = (list.body.data as { uuid: string; approval: Approval }[]).find((p) => p.uuid === both.uuid);
    expect(listed?.approval).toEqual({ status: "required", reasons: [discountRule(25), totalRule(15_000)], voided: false, latest: null });
  });

  it("a draft at the limits, and any draft of a company without rules, needs none: it reads not_needed and sends", async () => {
    const atLimits = await teamDraft(team, team.mia, { quantity: 10, discount: 20 });
    const exactTotal = await teamDraft(team, team.mia, { quantity: 10 });
    for (const { uuid } of [atLimits, exactTotal]) {
      expect(await approvalOf(team.mia.api, uuid)).toEqual({ status: "not_needed", reasons: [], voided: false, latest: null });
      expect(await step<unknown>(team.mia.api.post(sendPath(uuid)), 200)).toMatchObject({ status: "active" });
      expect(await approvalOf(team.mia.api, uuid)).toEqual({ status: "not_needed", reasons: [], voided: false, latest: null });
    }
    const free = await seedCompanyMember(server);
    const item = await seedPricedItem({ companyId: free.company.id, price: 1_000_000 });
    const uuid = await createSentProposal(free, { blocks: [{ content_id: item.variationId, quantity: 50, discount: 100 }] });
    expect(await approvalOf(free.api, uuid)).toEqual({ status: "not_needed", reasons: [], voided: false, latest: null });
  });

  it("the total rule holds the largest total the buyer can reach: an optional block left out and a quantity range at its low end still count at their most", async () => {
    const owner = await seedCompanyMember(server);
    await setRules(owner, { max_total_without_tax: 2500 });
    const item = await seedPricedItem({ companyId: owner.company.id, title: { en: "Panel" }, price: 1000, taxRate: 25 });
    const small = await seedPricedItem({ companyId: owner.company.id, title: { en: "Cable" }, price: 100, taxRate: 25 });
    const credit = await seedPricedItem({ companyId: owner.company.id, title: { en: "Trade-in" }, price: -400, taxRate: 25 });
    const fixed = { content_id: item.variationId, quantity: 2 };
    const cases: { blocks: Record<string, unknown>[]; shown: number; reachable: number }[] = [
      // An optional panel the draft leaves out: 2,000 shown, 3,000 if the buyer takes it.
      { blocks: [fixed, { content_id: item.variationId, optional: true, selected: false }], shown: 2000, reachable: 3000 },
      // Cables at 1 of 1..10: 2,100 shown, 3,000 at the top of the range.
      { blocks: [fixed, { content_id: small.variationId, quantity: 1, quantity_min: 1, quantity_max: 10 }], shown: 2100, reachable: 3000 },
      // A trade-in credit the buyer may drop (optional) or shrink (range): it counts at whichever end costs more.
      {
        blocks: [
          { content_id: item.variationId, quantity: 2, quantity_min: 2, quantity_max: 3 },
          { content_id: credit.variationId, optional: true, selected: true },
          { content_id: credit.variationId, quantity: 2, quantity_min: 1, quantity_max: 2 },
        ],
        shown: 2000 - 400 - 800,
        reachable: 3000 - 400,
      },
    ];
    for (const { blocks, shown, reachable } of cases) {
      const uuid = await createDraft(owner, { blocks });
      const read = await readProposal(owner.api, uuid);
      expect(read.value_without_tax, JSON.stringify(blocks)).toBe(shown);
      expect(shown).toBeLessThanOrEqual(2500);
      expect(read.approval, JSON.stringify(blocks)).toEqual({
        status: "required",
        reasons: [{ rule: "max_total_without_tax", limit: 2500, actual: reachable }],
        voided: false,
        latest: null,
      });
      expectApprovalRequired(await owner.api.post(sendPath(uuid)), [{ rule: "max_total_without_tax", limit: 2500, actual: reachable }]);
      expect((await footprint(uuid)).row.status).toBe("draft");
    }
    // With the ranges and options fixed at what is shown, the same lines need no approval.
    const plain = await createDraft(owner, { blocks: [fixed, { content_id: small.variationId, quantity: 1 }] });
    expect((await approvalOf(owner.api, plain)).status).toBe("not_needed");
    // Prices that include tax are judged without it: 2 × 1,250 with 25 % tax in is 2,000 without.
    const taxIn = await createDraft(owner, {
      tax_options: { tax_included: true },
      blocks: [{ content_id: item.variationId, price: 1250, quantity: 2, quantity_min: 1, quantity_max: 2 }],
    });
    expect(await readProposal(owner.api, taxIn)).toMatchObject({ value_without_tax: 2000, approval: { status: "not_needed" } });
  });
});

describe("[APPROVALS] asking, approving and sending", () => {
  let team: Team;
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("a member asks with a note: the other active, verified owners who want it are mailed; an owner approves, the member is mailed, and the draft sends approved", async () => {
    const { olivia, oscar, mia } = team;
    const hook = await olivia.api.post("/v3/webhooks", {
      company_id: olivia.company.id,
      url: `https://93.184.215.14/approvals-${randomInt(1e9)}`,
      events: ["proposal.approval_requested", "proposal.approved", "proposal.approval_declined", "proposal.sent"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const { uuid, title, contact } = await teamDraft(team, mia, { quantity: 12, discount: 30 });
    const reasons = [discountRule(30), totalRule(8400)].filter((r) => r.actual > r.limit);
    expect(reasons).toEqual([discountRule(30)]);

    // Asked in the browser: the note is trimmed and its line ends are \n.
    const browser = await signedInClient(proposalsUrl(server), mia.user);
    const requested = await step(browser.post(requestPath(uuid), { note: "  Long-standing customer:\r\nthey buy again in May.  " }), 201);
    const note = "Long-standing customer:\nthey buy again in May.";
    expect(requested).toEqual({
      status: "requested",
      reasons,
      voided: false,
      latest: {
        id: UUID,
        status: "requested",
        requested_by: mia.user.name,
        requested_at: recentSeconds(),
        request_note: note,
        decided_by: null,
        decided_at: null,
        decision_note: "",
      },
    });
    expect(await approvalOf(oscar.api, uuid)).toEqual(requested);

    // Both owners who may be mailed get it through the SMTP server, with the note, the reason and the editor's link.
    for (const owner of [olivia, oscar]) {
      const mail = await receivedMail(smtp, owner.user.email, new RegExp(`asks you to approve "${title}"`));
      expect(mail.subject).toBe(`${mia.user.name} asks you to approve "${title}" (v1)`);
      expect(mail.text).toContain("they buy again in May.");
      expect(mail.text).toContain("30 % discount");
      expect(mail.text).toContain(`${APP}/proposals/${uuid}/edit`);
      expect(listUnsubscribeOf(mail)).toMatch(`${APP}/unsubscribe?token=`);
      expect(await approvalMailsTo(owner.user.email, uuid)).toEqual([expect.objectContaining({ kind: "proposal_approval_requested" })]);
    }
    // Not the asker, a disabled owner, an unverified address or an owner who turned these mails off.
    for (const quiet of [mia, team.disabled, team.unverified, team.optedOut]) {
      expect(await approvalMailsTo(quiet.user.email, uuid)).toEqual([]);
      expect(await arrivedFor(quiet.user.email, uuid)).toEqual([]);
    }

    // Still refused while it waits; a member may not decide.
    const waiting = await mia.api.post(sendPath(uuid));
    expectApprovalRequired(waiting, reasons);
    expect(waiting.body.error.message).toMatch(/has been asked/);
    expectProposalsError(await mia.api.post(approvePath(uuid)), 403, "OWNER_REQUIRED");
    expectProposalsError(await mia.api.post(declinePath(uuid), { note: "No" }), 403, "OWNER_REQUIRED");
    expect((await approvalOf(mia.api, uuid)).status).toBe("requested");

    const approved = await step(olivia.api.post(approvePath(uuid), { note: "Fine for them." }), 200);
    expect(approved).toEqual({
      status: "approved",
      reasons,
      voided: false,
      latest: {
        ...requested.latest,
        status: "approved",
        decided_by: olivia.user.name,
        decided_at: recentSeconds(),
        decision_note: "Fine for them.",
      },
    });
    const toMia = await receivedMail(smtp, mia.user.email, new RegExp(`approved "${title}"`));
    expect(toMia.subject).toBe(`${olivia.user.name} approved "${title}" (v1)`);
    expect(toMia.text).toContain("Fine for them.");
    expect(toMia.html).toContain("Fine for them.");
    expect(toMia.text).toContain(`${APP}/proposals/${uuid}/edit`);
    // The owner who decided is not mailed about their own decision.
    expect((await approvalMailsTo(olivia.user.email, uuid)).map((m) => m.kind)).toEqual(["proposal_approval_requested"]);

    // Sent by the member: it goes out, to the customer too, and reads approved.
    const sent = await mia.api.post(sendPath(uuid));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "active", approval: { ...approved } });
    expect(await approvalOf(mia.api, uuid)).toEqual(approved);
    expect((await arrivedFor(contact.email, uuid)).length).toBe(1);

    // The staff's trail and the webhooks have each step; the customer's page has none of them.
    const trail = await mia.api.get(`/v3/proposals/${uuid}/events`);
    const steps = (trail.body.data as { type: string; detail: Record<string, unknown> }[]).filter((e) => e.type !== "created");
    expect(steps.map((e) => e.type)).toEqual(["approval_requested", "approved", "sent"]);
    expect(steps[0].detail).toEqual({ note, reasons });
    expect(steps[1].detail).toEqual({ note: "Fine for them." });
    const db = await getDb();
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: hook.body.data.id }, orderBy: { id: "asc" } });
    expect(deliveries.map((d) => d.type)).toEqual(["proposal.approval_requested", "proposal.approved", "proposal.sent"]);

    const page = await getPublicProposal(db, uuid, { viewer: null, address: anAddress() });
    expect(page.proposal.status).toBe("active");
    const shown = page.proposal.events.map((e) => e.type);
    expect(shown).toContain("sent");
    expect(shown.filter((t) => ["approval_requested", "approved", "approval_declined"].includes(t))).toEqual([]);
    const pageText = JSON.stringify(page);
    for (const secret of ["they buy again in May", "Fine for them", "approval"]) expect(pageText).not.toContain(secret);

    // Accepted: the frozen record's trail leaves the round out too.
    const accepted = await publicClient(server).post(`/proposals/${uuid}/accept`, { name: "Cora Customer", consent: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const record = await db.proposalAcceptance.findUniqueOrThrow({ where: { proposalId: uuid } });
    const recorded = (record.auditTrail as { type: string }[]).map((e) => e.type);
    expect(recorded).toEqual(expect.arrayContaining(["sent", "viewed"]));
    expect(recorded.filter((t) => ["approval_requested", "approved", "approval_declined"].includes(t))).toEqual([]);
    expect(JSON.stringify({ ...record, pdf: null })).not.toContain("they buy again in May");
  });

  it("an owner declines with a note: the asker is mailed, send stays refused; asked again and approved, it sends", async () => {
    const { olivia, oscar, mia } = team;
    const { uuid, title } = await teamDraft(team, mia);
    const requested = await step(mia.api.post(requestPath(uuid)), 201);
    expect(requested.latest).toMatchObject({ status: "requested", request_note: "" });

    const declined = await step(oscar.api.post(declinePath(uuid), { note: "30 % is too deep: <b>20</b> at most." }), 200);
    expect(declined).toEqual({
      status: "declined",
      reasons: [discountRule(30)],
      voided: false,
      latest: {
        ...requested.latest,
        status: "declined",
        decided_by: oscar.user.name,
        decided_at: recentSeconds(),
        decision_note: "30 % is too deep: <b>20</b> at most.",
      },
    });
    const mail = await receivedMail(smtp, mia.user.email, new RegExp(`declined "${title}"`));
    expect(mail.subject).toBe(`${oscar.user.name} declined "${title}" (v1)`);
    expect(mail.text).toContain("30 % is too deep: <b>20</b> at most.");
    // The note is the owner's text, not markup.
    expect(mail.html).toContain("&lt;b&gt;20&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>20</b>");

    const refused = await mia.api.post(sendPath(uuid));
    expectApprovalRequired(refused, [discountRule(30)]);
    expect(refused.body.error.message).toMatch(/declined/);
    expect((await footprint(uuid)).row.status).toBe("draft");
    // Declined already: a second decline is 400 and changes nothing.
    const before = await footprint(uuid);
    expectProposalsError(await olivia.api.post(declinePath(uuid)), 400, "VALIDATION_ERROR");
    expect(await footprint(uuid)).toEqual(before);

    // Asked again (a new round), then approved by the other owner.
    const again = await step(mia.api.post(requestPath(uuid), { note: "They insist." }), 201);
    expect(again.status).toBe("requested");
    expect(again.latest!.id).not.toBe(requested.latest!.id);
    const approved = await step(olivia.api.post(approvePath(uuid)), 200);
    expect(approved.latest).toMatchObject({ id: again.latest!.id, status: "approved", request_note: "They insist.", decision_note: "" });
    expect(await step<unknown>(mia.api.post(sendPath(uuid)), 200)).toMatchObject({
      status: "active",
      approval: { status: "approved" },
    });
    expect(await eventTypes(mia.api, uuid)).toEqual([
      "created",
      "approval_requested",
      "approval_declined",
      "approval_requested",
      "approved",
      "sent",
    ]);
    expect((await approvalMailsTo(mia.user.email, uuid)).map((m) => m.kind)).toEqual([
      "proposal_approval_decided",
      "proposal_approval_decided",
    ]);
  });

  it("an edit after the approval voids it: required again, voided, send refused; approved again, it sends", async () => {
    const { olivia, mia } = team;
    const { uuid } = await teamDraft(team, mia);
    // An owner may approve without a request: no one asked, so no one is mailed.
    const approved = await step(olivia.api.post(approvePath(uuid)), 200);
    expect(approved).toEqual({
      status: "approved",
      reasons: [discountRule(30)],
      voided: false,
      latest: {
        id: UUID,
        status: "approved",
        requested_by: null,
        requested_at: null,
        request_note: "",
        decided_by: olivia.user.name,
        decided_at: recentSeconds(),
        decision_note: "",
      },
    });
    expect((await footprint(uuid)).mails).toEqual([]);
    expectProposalsError(await olivia.api.post(approvePath(uuid)), 400, "VALIDATION_ERROR");
    expectProposalsError(await mia.api.post(requestPath(uuid)), 400, "VALIDATION_ERROR");

    const edited = await mia.api.patch(`/v3/proposals/${uuid}`, { company_id: olivia.company.id, title_md: "Solar roof, revised" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const voided = { status: "required", reasons: [discountRule(30)], voided: true, latest: approved.latest };
    expect(await approvalOf(mia.api, uuid)).toEqual(voided);
    const before = await footprint(uuid);
    const refused = await mia.api.post(sendPath(uuid));
    expectApprovalRequired(refused, [discountRule(30)]);
    expect(refused.body.error.message).toMatch(/edited/);
    expect(await footprint(uuid)).toEqual(before);

    // Asked again, by an owner this time: the other owner is mailed, the asker is not; the answer goes back to her.
    expect(await step(olivia.api.post(requestPath(uuid)), 201)).toMatchObject({ status: "requested", voided: false });
    await receivedMail(smtp, team.oscar.user.email, /asks you to approve "Solar roof, revised"/);
    expect(await approvalMailsTo(olivia.user.email, uuid)).toEqual([]);
    expect(await step(team.oscar.api.post(approvePath(uuid)), 200)).toMatchObject({ status: "approved", voided: false });
    await receivedMail(smtp, olivia.user.email, /approved "Solar roof, revised"/);
    expect(await approvalMailsTo(mia.user.email, uuid)).toEqual([]);
    const sent = await mia.api.post(sendPath(uuid));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "active", title: "Solar roof, revised", approval: { status: "approved" } });

    // Raising the approved discount through the block's own edit voids the approval too, and the refusal names the new figure.
    const raised = await teamDraft(team, mia);
    await step(olivia.api.post(approvePath(raised.uuid)), 200);
    const [block] = (await readProposal(mia.api, raised.uuid)).blocks as { uuid: string }[];
    const blockEdit = await mia.api.patch(`/v3/proposals/${raised.uuid}/blocks/${block.uuid}`, { discount: 90 });
    expect(blockEdit.status, JSON.stringify(blockEdit.body)).toBe(200);
    expect(await approvalOf(mia.api, raised.uuid)).toMatchObject({ status: "required", reasons: [discountRule(90)], voided: true });
    expectApprovalRequired(await mia.api.post(sendPath(raised.uuid)), [discountRule(90)]);
    expect((await footprint(raised.uuid)).row.status).toBe("draft");

    // An edit that brings a draft within the rules needs no approval at all.
    const other = await teamDraft(team, mia);
    const read = await readProposal(mia.api, other.uuid);
    const within = await mia.api.patch(`/v3/proposals/${other.uuid}`, {
      company_id: olivia.company.id,
      blocks: [{ uuid: read.blocks[0].uuid, content_id: team.item.variationId, quantity: 10, discount: 15 }],
    });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(within.body.data.approval).toEqual({ status: "not_needed", reasons: [], voided: false, latest: null });
    expect((await mia.api.post(sendPath(other.uuid))).status).toBe(200);
  });

  it("a new version of a proposal that went out approved needs an approval of its own", async () => {
    const { olivia, mia } = team;
    const { uuid } = await teamDraft(team, mia);
    await step(olivia.api.post(approvePath(uuid)), 200);
    expect((await mia.api.post(sendPath(uuid))).status).toBe(200);
    const next = await mia.api.post(`/v3/proposals/${uuid}`, { company_id: olivia.company.id, language: "en", title_md: "Version two" });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const second = next.body.proposal.uuid as string;
    expect(await approvalOf(mia.api, second)).toEqual({ status: "required", reasons: [discountRule(30)], voided: false, latest: null });
    expectApprovalRequired(await mia.api.post(sendPath(second)), [discountRule(30)]);
    // The first still tells it went out approved.
    expect((await approvalOf(mia.api, uuid)).status).toBe("approved");
  });
});

describe("[APPROVALS] refusals change nothing", () => {
  let team: Team;
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("asking or deciding on a draft that breaks no rule is 400; on a sent proposal 409 NOT_EDITABLE; on an unknown one 404", async () => {
    const { olivia, mia } = team;
    const within = await teamDraft(team, mia, { quantity: 1 });
    const before = await footprint(within.uuid);
    for (const [api, path] of [
      [mia.api, requestPath(within.uuid)],
      [olivia.api, requestPath(within.uuid)],
      [olivia.api, approvePath(within.uuid)],
      [olivia.api, declinePath(within.uuid)],
    ] as const) {
      expectProposalsError(await api.post(path, { note: "Just in case" }), 400, "VALIDATION_ERROR");
    }
    expect(await footprint(within.uuid)).toEqual(before);

    // Sent before the rules were tightened: it went out as it was, and is no longer a draft to approve.
    const sent = await teamDraft(team, mia, { quantity: 1 });
    expect((await mia.api.post(sendPath(sent.uuid))).status).toBe(200);
    const owner = await seedCompanyMember(server);
    const item = await seedPricedItem({ companyId: owner.company.id, price: 1000 });
    const early = await createSentProposal(owner, { blocks: [{ content_id: item.variationId, discount: 90 }] });
    await setRules(owner, { max_discount_percent: 10 });
    expect(await approvalOf(owner.api, early)).toEqual({ status: "not_needed", reasons: [], voided: false, latest: null });
    const sentBefore = await footprint(early);
    for (const path of [requestPath(early), approvePath(early), declinePath(early)]) {
      expectProposalsError(await owner.api.post(path), 409, "NOT_EDITABLE");
    }
    expect(await footprint(early)).toEqual(sentBefore);

    // A proposal that does not exist, or a path id of no uuid's shape, is not found.
    for (const id of [NO_SUCH_ID, "not-a-uuid"]) {
      for (const path of [requestPath(id), approvePath(id), declinePath(id)]) {
        expectProposalsError(await olivia.api.post(path), 404, "NOT_FOUND");
      }
    }
  });

  it("asking twice is 400; a stranger, another company's owner and a caller without a key get 401; a member's decision 403; nothing changes", async () => {
    const { olivia, mia } = team;
    const { uuid } = await teamDraft(team, mia);
    await step(mia.api.post(requestPath(uuid), { note: "Please" }), 201);
    const before = await footprint(uuid);
    expectProposalsError(await mia.api.post(requestPath(uuid)), 400, "VALIDATION_ERROR");
    expectProposalsError(await olivia.api.post(requestPath(uuid), { note: "Me too" }), 400, "VALIDATION_ERROR");

    const otherOwner = await seedCompanyMember(server);
    const stranger = await seedUser();
    const strangersBrowser = await signedInClient(proposalsUrl(server), stranger.user);
    for (const api of [otherOwner.api, proposalsClient(server, stranger.key), strangersBrowser, proposalsClient(server)]) {
      for (const path of [requestPath(uuid), approvePath(uuid), declinePath(uuid)]) {
        const res = await api.post(path, { note: "Let me" });
        expectProposalsError(res, 401, "UNAUTHORIZED");
        expect(JSON.stringify(res.body)).not.toContain("Please");
      }
    }
    for (const path of [approvePath(uuid), declinePath(uuid)]) {
      expectProposalsError(await mia.api.post(path, { note: "Approving my own" }), 403, "OWNER_REQUIRED");
    }
    expect(await footprint(uuid)).toEqual(before);
  });

  it("a note of 2,001 characters, an unknown key, a note that is no text and a body that is no JSON object are 400, changing nothing; 2,000 characters are taken", async () => {
    const { olivia, mia } = team;
    const { uuid } = await teamDraft(team, mia);
    const bad: [unknown, string[]][] = [
      [{ note: "x".repeat(2001) }, ["note"]],
      [{ note: 42 }, ["note"]],
      [{ note: null }, ["note"]],
      [{ note: "Fine", urgent: true }, ["urgent"]],
    ];
    const before = await footprint(uuid);
    for (const [api, path] of [
      [mia.api, requestPath(uuid)],
      [olivia.api, approvePath(uuid)],
      [olivia.api, declinePath(uuid)],
    ] as const) {
      for (const [body, paths] of bad) {
        const res = await api.post(path, body);
        expectProposalsError(res, 400, "VALIDATION_ERROR");
        expect(issuePaths(res), `${path} ${JSON.stringify(body).slice(0, 60)}`).toEqual(paths);
      }
      for (const raw of ["{", "[]", '"note"']) expectProposalsError(await api.post(path, raw), 400, "VALIDATION_ERROR");
    }
    expect(await footprint(uuid)).toEqual(before);

    const longest = "y".repeat(2000);
    expect((await step(mia.api.post(requestPath(uuid), { note: longest }), 201)).latest!.request_note).toBe(longest);
    expect((await step(olivia.api.post(approvePath(uuid), { note: longest }), 200)).latest!.decision_note).toBe(longest);
  });

  it("a key of scope suggest reads the rules and the approval but may not ask, approve, decline or set rules (403 FORBIDDEN_SCOPE)", async () => {
    const { olivia, mia } = team;
    const { uuid } = await teamDraft(team, mia);
    const agentOf = async (who: { user: { id: string } }) =>
      proposalsClient(server, (await createApiKey(await getDb(), { userId: who.user.id, name: "Reviewing agent", scope: "suggest" })).key);
    const [membersAgent, ownersAgent] = [await agentOf(mia), await agentOf(olivia)];
    const before = await footprint(uuid);
    expectProposalsError(await membersAgent.post(requestPath(uuid), { note: "Please" }), 403, "FORBIDDEN_SCOPE");
    expectProposalsError(await ownersAgent.post(requestPath(uuid)), 403, "FORBIDDEN_SCOPE");
    expectProposalsError(await ownersAgent.post(approvePath(uuid)), 403, "FORBIDDEN_SCOPE");
    expectProposalsError(await ownersAgent.post(declinePath(uuid)), 403, "FORBIDDEN_SCOPE");
    expectProposalsError(await ownersAgent.post(sendPath(uuid)), 403, "FORBIDDEN_SCOPE");
    expectProposalsError(await ownersAgent.put(rulesPath(olivia.company.id), { max_discount_percent: 100 }), 403, "FORBIDDEN_SCOPE");
    expect(await footprint(uuid)).toEqual(before);
    expect(await storedRules(olivia.company.id)).toEqual({ approvalMaxDiscountPercent: 20, approvalMaxTotal: 10_000 });
    // Reading stays open to it.
    expect((await ownersAgent.get(rulesPath(olivia.company.id))).body.data).toMatchObject({ max_discount_percent: 20, can_manage: true });
    expect(await approvalOf(membersAgent, uuid)).toEqual({ status: "required", reasons: [discountRule(30)], voided: false, latest: null });
  });
});
