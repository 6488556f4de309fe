/**
 * The recipient's side of a proposal: what /p/{uuid} reads (a sent proposal by its uuid alone,
 * recipient-safe, each view recorded unless a member of the company previews it) and the public
 * accept and reject endpoints (no sign-in; only an active proposal can be answered).
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createReplacedProposal,
  createSentProposal,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedContact,
  seedPricedItem,
  setProposalColumns,
  viewColumns,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) before the first test's clock starts.
  await seedCompanyMember(server);
});
afterAll(() => server.close());

const member = () => seedCompanyMember(server);
const anonymous = () => publicClient(server);
const accept = (uuid: string, body: unknown = { name: "Rita Recipient", consent: true }) =>
  anonymous().post(`/proposals/${uuid}/accept`, body);
const reject = (uuid: string, body?: unknown) => anonymous().post(`/proposals/${uuid}/reject`, body);
const nowSeconds = () => Math.floor(Date.now() / 1000);
// Each read from an address of its own, so each counts as a view (one address counts once in a
// few minutes: public-throttle.test.ts).
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
const asRecipient = async (uuid: string) => getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() });
const asMember = async (who: CompanyMember, uuid: string) =>
  getPublicProposal(await getDb(), uuid, {
    viewer: { userId: who.user.id, name: who.user.name, email: who.user.email, via: "session", apiKeyId: null, apiKey: null },
    address: anAddress(),
  });

/** The app's error shape (`{error, code}`) with this status and code. */
function expectAppError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code }));
}

describe("[RECIPIENT] reading a proposal by its uuid", () => {
  it("a draft or a template does not exist for a recipient: the page read and both answers are 404", async () => {
    const ann = await member();
    const draft = await createDraft(ann);
    const template = await createSentProposal(ann);
    await setProposalColumns(template, { status: "template" });
    for (const uuid of [draft, template]) {
      await expect(asRecipient(uuid)).rejects.toMatchObject({ code: "not_found" });
      expectAppError(await accept(uuid), 404, "not_found");
      expectAppError(await reject(uuid), 404, "not_found");
    }
    expect((await viewColumns(draft)).recipientViewCount).toBe(0);
    expectAppError(await accept("00000000-0000-4000-8000-000000000000"), 404, "not_found");
    expectAppError(await accept("not-a-uuid"), 404, "not_found");
  });

  it("shows what the page renders and nothing internal: no data, creator, editor, tracking or recipient email", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Solar panel" }, price: 100, taxRate: 25 });
    const uuid = await createSentProposal(ann, {
      title_md: "Offer for [you](data:text/plain,customer)",
      description_md: "# Hello *there*\n<left",
      data: { customer: "ACME", secret_margin: "40%" },
      blocks: [{ content_id: item.variationId, quantity: 2, discount: 10 }],
    });
    const { proposal, isPreview } = await asRecipient(uuid);
    expect(isPreview).toBe(false);
    expect(proposal).toMatchObject({
      uuid,
      status: "active",
      title: "Offer for ACME",
      description_html: '<h1>Hello <strong>there</strong></h1>\n<p class="text-left">left</p>',
      value_without_tax: 180,
      value_with_tax: 225,
      sender: { name: ann.user.name, email: ann.user.email },
      current_version_uuid: null,
    });
    expect(proposal.blocks).toEqual([expect.objectContaining({ title: "Solar panel", quantity: 2, discount: 10, value_without_tax: 180 })]);
    const text = JSON.stringify(proposal);
    expect(text).not.toContain("secret_margin");
    for (const key of ["data", "editor", "tracking", "creator_id", "user_email", "recipient_email", "company_id", "series_uuid"]) {
      expect(proposal).not.toHaveProperty(key);
    }
  });

  it("an archived sent proposal stays viewable and answerable: the customer's link does not break", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${uuid}/archive`)).status).toBe(200);
    expect((await asRecipient(uuid)).proposal).toMatchObject({ status: "active", is_archived: true });
    expect((await accept(uuid)).status).toBe(200);
  });

  it("a replaced proposal answers the uuid of the series' current version, and cannot be answered", async () => {
    const ann = await member();
    const { replaced, current } = await createReplacedProposal(ann);
    expect((await asRecipient(replaced)).proposal).toMatchObject({ status: "replaced", current_version_uuid: current });
    expect((await asRecipient(current)).proposal).toMatchObject({ status: "active", current_version_uuid: null });
    const res = await accept(replaced);
    expectAppError(res, 409, "not_editable");
    expect(res.body.error).toMatch(/replaced/);
    // Still the current version once it is accepted.
    expect((await accept(current)).status).toBe(200);
    expect((await asRecipient(replaced)).proposal.current_version_uuid).toBe(current);
  });

  it("a replaced proposal leads to the current version only when that went to the same recipient: Rita's old link never opens Nils's offer", async () => {
    const ann = await member();
    const rita = await seedContact(ann.company.id, { firstName: "Rita", email: "rita@example.test" });
    const nils = await seedContact(ann.company.id, { firstName: "Nils", email: "nils@example.test" });
    const v1 = await createSentProposal(ann, { recipient: { id: rita.id } });
    const next = await ann.api.post(`/v3/proposals/${v1}`, { company_id: ann.company.id, language: "en", recipient: { id: nils.id } });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const v2 = next.body.proposal.uuid as string;
    expect((await ann.api.post(`/v3/proposals/${v2}/send`)).status).toBe(200);

    const { proposal } = await asRecipient(v1);
    expect(proposal).toMatchObject({ status: "replaced", current_version_uuid: null });
    expect(JSON.stringify(proposal)).not.toContain(v2);
    const refused = await accept(v1);
    expectAppError(refused, 409, "not_editable");
    expect(refused.body.error).toMatch(/replaced.*ask the sender/);
    expect(JSON.stringify(refused.body)).not.toContain(v2);

    // Back to Rita in v3: her v1 link leads to v3 (the current one), never to Nils's v2.
    const third = await ann.api.post(`/v3/proposals/${v2}`, { company_id: ann.company.id, language: "en", recipient: { id: rita.id } });
    const v3 = third.body.proposal.uuid as string;
    expect((await ann.api.post(`/v3/proposals/${v3}/send`)).status).toBe(200);
    expect((await asRecipient(v1)).proposal.current_version_uuid).toBe(v3);
    expect((await asRecipient(v2)).proposal.current_version_uuid).toBe(null);
  });

  it("a proposal sent without a recipient, once replaced, leads nowhere: its link was shared with someone the app does not know", async () => {
    const ann = await member();
    const v1 = await createDraft(ann);
    expect((await ann.api.post(`/v3/proposals/${v1}/send`)).status).toBe(200);
    const v2 = (await ann.api.post(`/v3/proposals/${v1}`, { company_id: ann.company.id, language: "en" })).body.proposal.uuid as string;
    expect((await ann.api.post(`/v3/proposals/${v2}/send`)).status).toBe(200);
    expect((await asRecipient(v1)).proposal).toMatchObject({ status: "replaced", current_version_uuid: null });
  });
});

describe("[RECIPIENT] views of the page", () => {
  it("records first opened once, last opened and the count; the read model shows them; updated_at stays", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    const before = await viewColumns(uuid);
    expect(before).toMatchObject({ recipientFirstViewedAt: null, recipientViewedAt: null, recipientViewCount: 0 });

    await asRecipient(uuid);
    const first = await viewColumns(uuid);
    expect(first.recipientViewCount).toBe(1);
    expect(first.recipientFirstViewedAt).toEqual(first.recipientViewedAt);
    expect(first.updatedAt).toEqual(before.updatedAt);

    // Move both times an hour back, so the next view's "last opened" is visibly later.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await (
      await getDb()
    ).proposal.update({
      where: { id: uuid },
      data: { recipientFirstViewedAt: anHourAgo, recipientViewedAt: anHourAgo },
    });
    await asRecipient(uuid);
    await asRecipient(uuid);
    const third = await viewColumns(uuid);
    expect(third.recipientViewCount).toBe(3);
    expect(third.recipientFirstViewedAt).toEqual(anHourAgo);
    expect(third.recipientViewedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const dto = await readProposal(ann.api, uuid);
    expect(dto.recipient_view_count).toBe(3);
    expect(dto.recipient_first_viewed_at).toBe(Math.floor(anHourAgo.getTime() / 1000));
    expect(dto.recipient_viewed_at).toBeGreaterThanOrEqual(nowSeconds() - 60);
  });

  it("a signed-in member of the company previews without counting; anyone else signed in counts", async () => {
    const ann = await member();
    const stranger = await member();
    const uuid = await createSentProposal(ann);
    const preview = await asMember(ann, uuid);
    expect(preview.isPreview).toBe(true);
    expect((await viewColumns(uuid)).recipientViewCount).toBe(0);
    expect((await asMember(stranger, uuid)).isPreview).toBe(false);
    expect((await viewColumns(uuid)).recipientViewCount).toBe(1);
  });
});

describe("[RECIPIENT] POST /api/public/proposals/{uuid}/accept", () => {
  it("accepts an active proposal without any sign-in, signing with the typed name and the recipient's email", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id, { email: "rita@customer.example" });
    const draft = await createDraft(ann, { recipient: { id: contact.id } });
    expect((await ann.api.post(`/v3/proposals/${draft}/send`)).status).toBe(200);
    const before = nowSeconds();
    const res = await accept(draft, { name: "  Rita Recipient  ", consent: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ uuid: draft, status: "accepted", signatures: [{ name: "Rita Recipient" }] });
    const read = await readProposal(ann.api, draft);
    expect(read.status).toBe("accepted");
    expect(read.status_changed_at).toBeGreaterThanOrEqual(before);
    expect(read.signatures).toEqual([{ name: "Rita Recipient", email: "rita@customer.example", signed_at: expect.any(Number) }]);
    expect(read.signatures[0].signed_at).toBeGreaterThanOrEqual(before);
    expect(read.signatures[0].signed_at).toBeLessThanOrEqual(nowSeconds());
  });

  it("a second answer is 409 with a message saying why; the signature is not added twice", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    expect((await accept(uuid)).status).toBe(200);
    const again = await accept(uuid, { name: "Someone Else", consent: true });
    expectAppError(again, 409, "not_editable");
    expect(again.body.error).toBe("This proposal has already been accepted");
    expectAppError(await reject(uuid), 409, "not_editable");
    expect((await readProposal(ann.api, uuid)).signatures).toHaveLength(1);
  });

  it("ten answers at once: exactly one wins, the others are 409, one signature", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? reject(uuid) : accept(uuid, { name: `Signer ${i}`, consent: true }))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const read = await readProposal(ann.api, uuid);
    expect(read.signatures.length).toBe(read.status === "accepted" ? 1 : 0);
  });

  it("an expired proposal is 409 naming the day it expired; a withdrawn one is 409 too", async () => {
    const ann = await member();
    const expired = await createSentProposal(ann);
    await setProposalColumns(expired, { expiresAt: new Date("2026-01-15T12:00:00Z") });
    const res = await accept(expired);
    expectAppError(res, 409, "not_editable");
    expect(res.body.error).toMatch(/expired on 2026-01-15/);
    expect((await readProposal(ann.api, expired)).status).toBe("expired");

    const withdrawn = await createSentProposal(ann);
    await setProposalColumns(withdrawn, { status: "withdrawn" });
    const refused = await reject(withdrawn);
    expectAppError(refused, 409, "not_editable");
    expect(refused.body.error).toMatch(/withdrawn/);
  });

  it("a blank, missing, too long or NUL-carrying name is 400, and the proposal stays active", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    for (const body of [
      { name: "", consent: true },
      { name: "   \t ", consent: true },
      { consent: true },
      { name: "x".repeat(201), consent: true },
      { name: "Rita\u0000", consent: true },
      { name: 5, consent: true },
      { name: "Rita", consent: true, extra: 1 },
    ]) {
      expectAppError(await accept(uuid, body), 400, "validation_error");
    }
    expectAppError(await anonymous().post(`/proposals/${uuid}/accept`, "{not json"), 400, "invalid_json");
    expect((await readProposal(ann.api, uuid)).status).toBe("active");
    expect((await accept(uuid, { name: "x".repeat(200), consent: true })).status).toBe(200);
  });
});

describe("[RECIPIENT] POST /api/public/proposals/{uuid}/reject", () => {
  it("rejects an active proposal with an empty body or {}, no signature; anything else in the body is 400", async () => {
    const ann = await member();
    const first = await createSentProposal(ann);
    expectAppError(await reject(first, { reason: "too expensive" }), 400, "validation_error");
    const res = await reject(first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "rejected", signatures: [] });
    expect((await readProposal(ann.api, first)).status).toBe("rejected");

    const second = await createSentProposal(ann);
    expect((await reject(second, {})).status).toBe(200);
    const again = await accept(second);
    expectAppError(again, 409, "not_editable");
    expect(again.body.error).toBe("This proposal has already been declined");
  });
});
