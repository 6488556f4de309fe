/**
 * Issue 27, change requests (docs/decisions/037): on /p/{uuid} the customer asks for changes with
 * a message (POST /api/public/proposals/{uuid}/change-requests). The proposal stays active; its
 * staff are mailed (with their notification preferences), the trail records `changes_requested`
 * with the message, which queues the proposal.changes_requested webhook, and the read model
 * carries the message for the editor. Bad input changes nothing and is never a 500.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { listMail } from "@/lib/mail/outbox";
import { deliverDueMail } from "@/lib/mail/worker";
import { listProposalEvents } from "@/lib/proposals/events/list-events";
import { MAX_CHANGE_REQUESTS } from "@/lib/proposals/public/change-request-rules";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { apiClient } from "../api-client";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createReplacedProposal,
  createSentProposal,
  joinCompany,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedContact,
  setProposalColumns,
  type CompanyMember,
} from "../proposals-factories";
import { listUnsubscribeOf, startSmtpServer, type TestSmtpServer } from "../smtp";

const APP = "https://courses.example.test";

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
  // The customer's address is the one the proxy in front appended: each test speaks from its own.
  vi.stubEnv("TRUST_PROXY", "2");
  return () => vi.unstubAllEnvs();
});

const member = () => seedCompanyMember(server);
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

/** A customer at an address of their own, asking for changes. */
function customer(address = anAddress()) {
  const client = publicClient(server);
  const headers = { "x-forwarded-for": address };
  return {
    ask: (uuid: string, body?: unknown) => client.post(`/proposals/${uuid}/change-requests`, body, headers),
    raw: (uuid: string, text: string) => client.request("POST", `/proposals/${uuid}/change-requests`, text, headers),
    accept: (uuid: string) => client.post(`/proposals/${uuid}/accept`, { name: "Cora", consent: true }, headers),
  };
}

/** The app's error shape (`{error, code}`) with this status and code. */
function expectAppError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code }));
}

/** Everything a change request writes, for one proposal: to compare before and after a refusal. */
async function footprint(uuid: string) {
  const db = await getDb();
  const row = await db.proposal.findUniqueOrThrow({ where: { id: uuid }, select: { status: true, updatedAt: true, companyId: true } });
  return {
    row,
    requests: await db.proposalChangeRequest.count({ where: { proposalId: uuid } }),
    events: (await listProposalEvents(db, uuid)).map((e) => e.type),
    mails: await db.outboxMail.count({ where: { kind: "proposal_changes_requested" } }),
    deliveries: await db.webhookDelivery.count({ where: { type: "proposal.changes_requested" } }),
  };
}

async function subscribe(who: CompanyMember) {
  const res = await who.api.post("/v3/webhooks", {
    company_id: who.company.id,
    url: `https://93.184.215.14/changes-${randomInt(1e9)}`,
    events: ["proposal.changes_requested"],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

describe("[CHANGES] the customer asks for changes", () => {
  it("keeps the proposal active; the editor's read, the customer's page and the trail have the message; the webhook is queued", async () => {
    const ann = await member();
    const hook = await subscribe(ann);
    const contact = await seedContact(ann.company.id, { firstName: "Cora", lastName: "Customer" });
    const uuid = await createDraft(ann, { title_md: "Solar roof", recipient: { id: contact.id } });
    expect((await ann.api.post(`/v3/proposals/${uuid}/send`)).status).toBe(200);
    const before = Math.floor(Date.now() / 1000);

    const message = "Could the panels be black?\r\nAnd the install in May.";
    const res = await customer().ask(uuid, { message: `  ${message}  `, name: "  Cora C.  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = "Could the panels be black?\nAnd the install in May.";
    expect(res.body).toEqual({ data: { message: stored, name: "Cora C.", created_at: expect.any(Number) } });
    expect(res.body.data.created_at).toBeGreaterThanOrEqual(before);

    const read = await readProposal(ann.api, uuid);
    expect(read.status).toBe("active");
    expect(read.change_requests).toEqual([res.body.data]);
    const page = await getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() });
    expect(page.proposal.status).toBe("active");
    expect(page.proposal.change_requests).toEqual([res.body.data]);

    const events = await ann.api.get(`/v3/proposals/${uuid}/events`);
    const asked = (events.body.data as { type: string }[]).filter((e) => e.type === "changes_requested");
    expect(asked).toEqual([
      {
        type: "changes_requested",
        created_at: expect.any(Number),
        actor: { kind: "recipient", name: "Cora C." },
        detail: { message: stored, name: "Cora C." },
      },
    ]);

    const db = await getDb();
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: hook } });
    expect(deliveries.map((d) => d.type)).toEqual(["proposal.changes_requested"]);
    const payload = deliveries[0].payload as { data: { proposal: { uuid: string; status: string; change_requests: unknown[] } } };
    expect(payload.data.proposal).toMatchObject({ uuid, status: "active", change_requests: [res.body.data] });

    // Still answerable: asking for changes is not an answer.
    expect((await customer().accept(uuid)).status).toBe(200);
  });

  it("mails the creator and the contact person through a real SMTP server, with the message quoted and the editor's link", async () => {
    const ann = await member();
    const bob = await member();
    await joinCompany(bob, ann.company.id);
    const contact = await seedContact(ann.company.id, { firstName: "Cora", lastName: "Customer" });
    const uuid = await createDraft(ann, { title_md: "Solar roof", recipient: { id: contact.id }, contact_email: bob.user.email });
    expect((await ann.api.post(`/v3/proposals/${uuid}/send`, { notify_recipient: false })).status).toBe(200);

    expect((await customer().ask(uuid, { message: "Black panels, please.\nAnd a May install." })).status).toBe(201);
    // A second request is a second mail (each asks something new).
    expect((await customer().ask(uuid, { message: "Also: a battery?", name: "Carl" })).status).toBe(201);
    await deliverDueMail(await getDb());
    for (const who of [ann, bob]) {
      // Sent side by side: in either order.
      const mails = smtp.to(who.user.email).filter((m) => /asked for changes/.test(m.subject ?? ""));
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Carl asked for changes to "Solar roof" (v1)',
        'Cora Customer asked for changes to "Solar roof" (v1)',
      ]);
      const first = mails.find((m) => m.subject?.startsWith("Cora"))!;
      expect(first.text).toContain("Black panels, please.\nAnd a May install.");
      expect(first.html).toContain("Black panels, please.<br/>And a May install.");
      expect(first.text).toContain(`${APP}/proposals/${uuid}/edit`);
      expect(listUnsubscribeOf(first)).toMatch(`${APP}/unsubscribe?token=`);
    }
  });

  it("a member who turned “Changes requested” off is not mailed; the request still counts", async () => {
    const ann = await member();
    const off = await apiClient(`${server.url}/api`, ann.key).put("/account/notifications", { proposal_changes_requested: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const uuid = await createSentProposal(ann);
    expect((await customer().ask(uuid, { message: "Smaller, please" })).status).toBe(201);
    expect((await listMail(await getDb(), { to: ann.user.email })).filter((m) => m.kind === "proposal_changes_requested")).toEqual([]);
    expect((await readProposal(ann.api, uuid)).change_requests).toHaveLength(1);
  });
});

describe("[CHANGES] bad input gets a clear answer and changes nothing", () => {
  it.each<[string, unknown]>([
    ["no message", {}],
    ["an empty message", { message: "" }],
    ["a blank message", { message: " \n\t " }],
    ["a message over 2,000 characters", { message: "x".repeat(2001) }],
    ["a 10 KB name", { message: "Please change", name: "n".repeat(10_000) }],
    ["a message that is not text", { message: 42 }],
    ["an unknown field", { message: "Please change", status: "accepted" }],
    ["a NUL character", { message: "Please\u0000change" }],
  ])("%s is 400 validation_error", async (_, body) => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    const before = await footprint(uuid);
    const res = await customer().ask(uuid, body);
    expectAppError(res, 400, "validation_error");
    expect(res.body.details.issues.length).toBeGreaterThan(0);
    expect(await footprint(uuid)).toEqual(before);
  });

  it("no body, or a body that is not JSON, is 400 invalid_json", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    const before = await footprint(uuid);
    expectAppError(await customer().ask(uuid), 400, "invalid_json");
    expectAppError(await customer().raw(uuid, "{not json"), 400, "invalid_json");
    expect(await footprint(uuid)).toEqual(before);
  });

  it("a draft, a template or an unknown uuid is 404", async () => {
    const ann = await member();
    const draft = await createDraft(ann);
    const template = await createSentProposal(ann);
    await setProposalColumns(template, { status: "template" });
    for (const uuid of [draft, template, "00000000-0000-4000-8000-000000000000"]) {
      expectAppError(await customer().ask(uuid, { message: "Please change" }), 404, "not_found");
    }
    expect(await (await getDb()).proposalChangeRequest.count({ where: { proposalId: { in: [draft, template] } } })).toBe(0);
  });

  it("a proposal that is accepted, declined, withdrawn, replaced or expired is 409 saying why", async () => {
    const ann = await member();
    const accepted = await createSentProposal(ann);
    const declined = await createSentProposal(ann);
    const withdrawn = await createSentProposal(ann);
    const expired = await createSentProposal(ann);
    const { replaced } = await createReplacedProposal(ann);
    expect((await customer().accept(accepted)).status).toBe(200);
    expect((await publicClient(server).post(`/proposals/${declined}/reject`, {}, { "x-forwarded-for": anAddress() })).status).toBe(200);
    expect((await ann.api.post(`/v3/proposals/${withdrawn}/withdraw`)).status).toBe(200);
    await setProposalColumns(expired, { expiresAt: new Date(Date.now() - 60_000) });
    const says: [string, RegExp][] = [
      [accepted, /already been accepted/],
      [declined, /already been declined/],
      [withdrawn, /withdrawn/],
      [replaced, /replaced by a newer version/],
      [expired, /expired on \d{4}-\d{2}-\d{2}/],
    ];
    for (const [uuid, message] of says) {
      const before = await footprint(uuid);
      const res = await customer().ask(uuid, { message: "Please change" });
      expectAppError(res, 409, "not_editable");
      expect(res.body.error).toMatch(message);
      expect(await footprint(uuid)).toEqual(before);
    }
  });

  it("the same message again (a replay, or a double click) is 400 conflict: one request, one mail", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    const cora = customer();
    const [a, b] = await Promise.all([cora.ask(uuid, { message: "Black panels?" }), cora.ask(uuid, { message: "Black panels?" })]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const refused = a.status === 400 ? a : b;
    expectAppError(refused, 400, "conflict");
    expect(refused.body.error).toMatch(/You already sent this request on \d{4}-\d{2}-\d{2}/);
    const before = await footprint(uuid);
    expectAppError(await cora.ask(uuid, { message: "  Black panels?\n" }), 400, "conflict");
    expect(await footprint(uuid)).toEqual(before);
    expect(before.requests).toBe(1);
    expect(before.events.filter((e) => e === "changes_requested")).toHaveLength(1);
    expect((await listMail(await getDb(), { to: ann.user.email })).filter((m) => m.kind === "proposal_changes_requested")).toHaveLength(1);
  });

  it(`a proposal takes at most ${MAX_CHANGE_REQUESTS} requests: the next is 400 conflict`, async () => {
    vi.stubEnv("PUBLIC_CHANGE_REQUESTS_PER_ADDRESS", "1000");
    const ann = await member();
    const uuid = await createSentProposal(ann);
    const cora = customer();
    for (let i = 1; i <= MAX_CHANGE_REQUESTS; i++) expect((await cora.ask(uuid, { message: `Change number ${i}` })).status).toBe(201);
    const before = await footprint(uuid);
    const res = await cora.ask(uuid, { message: "One more" });
    expectAppError(res, 400, "conflict");
    expect(res.body.error).toMatch(/already has 20 requests/);
    expect(await footprint(uuid)).toEqual(before);
    expect((await readProposal(ann.api, uuid)).change_requests).toHaveLength(MAX_CHANGE_REQUESTS);
  });

  it("each address has a budget of requests per window: past it 429 with Retry-After, before anything is read; another address is answered", async () => {
    vi.stubEnv("PUBLIC_CHANGE_REQUESTS_PER_ADDRESS", "2");
    const ann = await member();
    const uuid = await createSentProposal(ann);
    const spammer = customer();
    // Refusals count too: the budget is spent on asking, whatever the answer.
    expectAppError(await spammer.ask(uuid, { message: "" }), 400, "validation_error");
    expect((await spammer.ask(uuid, { message: "First" })).status).toBe(201);
    const before = await footprint(uuid);
    const refused = await spammer.ask(uuid, { message: "Second" });
    expectAppError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expectAppError(await spammer.ask("00000000-0000-4000-8000-000000000000", { message: "x" }), 429, "rate_limited");
    expect(await footprint(uuid)).toEqual(before);
    expect((await customer().ask(uuid, { message: "Second" })).status).toBe(201);
  });
});
