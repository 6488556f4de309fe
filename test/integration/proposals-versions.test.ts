/**
 * POST /v3/proposals/{uuid}: the next-version draft of a proposal (proposals-service.md; contract.md,
 * new-version eligibility). Eligibility, carry-over field by field, overrides, the accepted link,
 * one draft per source (also under concurrent calls) and the recipient rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  joinCompany,
  readProposal,
  seedCompany,
  seedCompanyMember,
  seedContact,
  seedLibraryAttachment,
  seedPricedItem,
  seriesRows,
  uploadedImageRef,
  userRow,
  type CompanyMember,
} from "../proposals-factories";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_SUCH_UUID = "00000000-0000-4000-8000-000000000000";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) before the first test's clock starts.
  await seedCompanyMember(server);
});
afterAll(() => server.close());

const member = () => seedCompanyMember(server);
const newVersion = (who: CompanyMember, uuid: string, body: Record<string, unknown> = {}) =>
  who.api.post(`/v3/proposals/${uuid}`, { company_id: who.company.id, language: "en", ...body });

async function nextDraft(who: CompanyMember, uuid: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await newVersion(who, uuid, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.proposal.uuid;
}

const seriesOf = async (who: CompanyMember, uuid: string) => (await readProposal(who.api, uuid)).series_uuid as string;

describe("[VERSIONS] eligibility", () => {
  it("answers 200 with a new uuid and the editor url /proposals/{uuid}/edit", async () => {
    const ann = await member();
    const sent = await createSentProposal(ann);
    const res = await newVersion(ann, sent);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ proposal: { uuid: expect.stringMatching(UUID_RE), url: `/proposals/${res.body.proposal.uuid}/edit` } });
    expect(res.body.proposal.uuid).not.toBe(sent);
    const draft = await readProposal(ann.api, res.body.proposal.uuid);
    expect(draft).toMatchObject({ status: "draft", version: 2, series_uuid: await seriesOf(ann, sent), source_uuid: sent });
  });

  it("answers 404 NOT_FOUND for an unknown source and an id that is not a uuid", async () => {
    const ann = await member();
    expectProposalsError(await newVersion(ann, NO_SUCH_UUID), 404, "NOT_FOUND");
    expectProposalsError(await newVersion(ann, "12345"), 404, "NOT_FOUND");
  });

  it("answers 401 UNAUTHORIZED for another company's proposal, creating nothing", async () => {
    const ann = await member();
    const bob = await member();
    const sent = await createSentProposal(ann);
    const series = await seriesOf(ann, sent);
    expectProposalsError(await bob.api.post(`/v3/proposals/${sent}`, { company_id: ann.company.id, language: "en" }), 401, "UNAUTHORIZED");
    expectProposalsError(await newVersion(bob, sent), 401, "UNAUTHORIZED");
    expect(await seriesRows(series)).toHaveLength(1);
  });

  it("answers 400 COMPANY_MISMATCH when company_id is not the source's company, creating nothing", async () => {
    const ann = await member();
    const other = await seedCompany(ann);
    const sent = await createSentProposal(ann);
    expectProposalsError(await newVersion(ann, sent, { company_id: other.id }), 400, "COMPANY_MISMATCH");
    expect(await seriesRows(await seriesOf(ann, sent))).toHaveLength(1);
  });

  it("answers 400 PROPOSAL_WITHDRAWN for a withdrawn source, creating nothing; a mismatch outranks it", async () => {
    const ann = await member();
    const other = await seedCompany(ann);
    const sent = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${sent}/withdraw`)).status).toBe(200);
    expectProposalsError(await newVersion(ann, sent), 400, "PROPOSAL_WITHDRAWN");
    expectProposalsError(await newVersion(ann, sent, { company_id: other.id }), 400, "COMPANY_MISMATCH");
    expect(await seriesRows(await seriesOf(ann, sent))).toHaveLength(1);
  });

  it("unknown source and no access outrank an invalid body", async () => {
    const ann = await member();
    const bob = await member();
    const sent = await createSentProposal(ann);
    expectProposalsError(await ann.api.post(`/v3/proposals/${NO_SUCH_UUID}`, { nonsense: 1 }), 404, "NOT_FOUND");
    expectProposalsError(await bob.api.post(`/v3/proposals/${sent}`, { nonsense: 1 }), 401, "UNAUTHORIZED");
  });

  it("has a strict body: unknown keys and a missing company_id or language are issues, and nothing is created", async () => {
    const ann = await member();
    const sent = await createSentProposal(ann);
    const res = await ann.api.post(`/v3/proposals/${sent}`, { company_id: ann.company.id, language: "en", status: "draft", tracking: {} });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect([...issuePaths(res)].sort()).toEqual(["status", "tracking"]);
    const missing = await ann.api.post(`/v3/proposals/${sent}`, {});
    expectProposalsError(missing, 400, "VALIDATION_ERROR");
    expect(issuePaths(missing)).toEqual(expect.arrayContaining(["company_id", "language"]));
    expect(await seriesRows(await seriesOf(ann, sent))).toHaveLength(1);
  });

  it("makes a version of every status but withdrawn: draft, template, active, accepted, rejected, replaced, expired", async () => {
    const ann = await member();
    const draft = await createDraft(ann);
    const template = (await ann.api.post(`/v3/proposals/${await createDraft(ann)}/template`)).body.proposal.uuid;
    const accepted = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${accepted}/accept`)).status).toBe(200);
    const rejected = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${rejected}/reject`)).status).toBe(200);
    for (const uuid of [draft, template, await createSentProposal(ann), accepted, rejected]) {
      const res = await newVersion(ann, uuid);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.proposal.uuid).not.toBe(uuid);
    }
  });

  it("beside a source that is still a draft, makes a separate draft in its series", async () => {
    const ann = await member();
    const draft = await createDraft(ann, { title_md: "First" });
    const next = await nextDraft(ann, draft);
    expect(next).not.toBe(draft);
    const rows = await seriesRows(await seriesOf(ann, draft));
    expect(rows.map((r) => [r.id, r.version, r.status])).toEqual([
      [draft, 1, "draft"],
      [next, 2, "draft"],
    ]);
  });
});

describe("[VERSIONS] version numbers", () => {
  it("numbers a new version as the series' highest version + 1, whichever version it is made from", async () => {
    const ann = await member();
    const v1 = await createSentProposal(ann);
    const v2 = await nextDraft(ann, v1);
    expect((await ann.api.post(`/v3/proposals/${v2}/send`)).status).toBe(200);
    expect((await readProposal(ann.api, v1)).status).toBe("replaced");
    const v3 = await nextDraft(ann, v1);
    expect((await readProposal(ann.api, v2)).version).toBe(2);
    expect((await readProposal(ann.api, v3)).version).toBe(3);
    expect(new Set([v1, v2, v3]).size).toBe(3);
  });
});

describe("[VERSIONS] carry-over", () => {
  it("carries over, field by field: blocks with customisations, attachments, recipient, language, title, description, tax options, backgrounds, payment, data, creator, contact person", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    const carl = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    await joinCompany(carl, ann.company.id);
    const item = await seedPricedItem({ companyId: ann.company.id, title: { sv: "Licens" }, price: 100, taxRate: 25 });
    const library = await seedLibraryAttachment(ann.company.id, "villkor.pdf");
    const contact = await seedContact(ann.company.id, { firstName: "Cora", lastName: "Lind" });
    const source = await createDraft(ann, {
      language: "sv",
      creator_email: bob.user.email,
      contact_email: carl.user.email,
      title_md: "Offert [k](data:text/plain,customer)",
      description_md: "# Hej\n*Välkommen*",
      data: { customer: "Lind AB", n: 2 },
      recipient: { id: contact.id },
      tax_options: { mode: "simplified", tax_included: true, tax_label_key: "moms" },
      blocks: [
        { content_id: item.variationId, title: "Licens, anpassad", price: 90, quantity: 4, discount: 12.5 },
        { type: "video-block", video_url: "https://video.example/v", title: "Film" },
      ],
      attachments: [{ id: library.id }, { mime_type: "text/html", name: "Webb", url: "https://www.example.com/" }],
      background_image: await uploadedImageRef(ann),
      background_video: { id: 6, uuid: "66666666-2222-4333-8444-555555555555" },
      invoicing_enabled: true,
      invoicing: { reference: "PO-9" },
      discount_decimals: 1,
    });
    const db = await getDb();
    await db.proposal.update({ where: { id: source }, data: { payment: { method: "card", deposit: 30 } } });
    expect((await ann.api.post(`/v3/proposals/${source}/send`)).status).toBe(200);
    const before = await readProposal(ann.api, source);

    const draft = await readProposal(ann.api, await nextDraft(ann, source, { language: "sv", creator_email: ann.user.email }));
    const bobRow = await userRow(bob.user.id);
    const carlRow = await userRow(carl.user.id);
    expect(draft).toMatchObject({ status: "draft", version: 2, series_uuid: before.series_uuid, source_uuid: source });
    const carried = [
      "blocks",
      "attachments",
      "recipient_id",
      "recipient_name",
      "recipient_email",
      "recipient_is_set",
      "language",
      "title",
      "title_md",
      "description_md",
      "description_html",
      "tax_options",
      "background_image",
      "background_video",
      "background_image_uuid",
      "payment",
      "data",
      "creator_id",
      "creator_name",
      "user_email",
      "contact_name",
      "contact_email",
      "invoicing",
      "invoicing_enabled",
      "discount_decimals",
      "currency",
      "value_with_tax",
      "value_without_tax",
    ];
    for (const field of carried) expect(draft[field], field).toEqual(before[field]);
    // The creator is kept from the previous version even though creator_email named another member.
    expect(draft).toMatchObject({ creator_id: bobRow.number, contact_email: carlRow.email, payment: { method: "card", deposit: 30 } });
    expect(draft.blocks[0]).toMatchObject({ title: "Licens, anpassad", price: 90, quantity: 4, discount: 12.5 });
  });

  it("overrides what the body sends: data and attachments replace, blocks replace (customisations kept for echoed uuids), title and recipient change", async () => {
    const ann = await member();
    const a = await seedPricedItem({ companyId: ann.company.id, title: { en: "Alpha" }, price: 100 });
    const b = await seedPricedItem({ companyId: ann.company.id, title: { en: "Beta" }, price: 50 });
    const source = await createSentProposal(ann, {
      title_md: "Old",
      data: { a: 1, b: 2 },
      blocks: [{ content_id: a.variationId, price: 70, quantity: 2 }, { content_id: b.variationId }],
      attachments: [{ mime_type: "text/html", name: "Old link", url: "https://old.example/" }],
    });
    const old = await readProposal(ann.api, source);
    const newContact = await seedContact(ann.company.id, { firstName: "Nina", lastName: "New" });
    const draft = await readProposal(
      ann.api,
      await nextDraft(ann, source, {
        title_md: "New",
        data: { c: 3 },
        blocks: [{ content_id: b.variationId }, { uuid: old.blocks[0].uuid, content_id: a.variationId }],
        attachments: [{ mime_type: "text/html", name: "New link", url: "https://new.example/" }],
        recipient: { id: newContact.id },
        tax_options: { mode: "none" },
      }),
    );
    expect(draft).toMatchObject({
      title_md: "New",
      data: { c: 3 },
      recipient_id: newContact.id,
      recipient_name: "Nina New",
      tax_options: { mode: "none" },
    });
    expect(draft.data).toEqual({ c: 3 });
    expect(draft.attachments).toEqual([{ id: null, name: "New link", mime_type: "text/html", url: "https://new.example/" }]);
    expect(draft.blocks.map((x: any) => [x.title, x.price, x.quantity])).toEqual([
      ["Beta", 50, 1],
      ["Alpha", 70, 2],
    ]);
    expect(draft.blocks[1].uuid).toBe(old.blocks[0].uuid);
    // The source is untouched (only the series' count changed).
    expect(await readProposal(ann.api, source)).toEqual({ ...old, is_only_proposal_in_series: false });
  });

  it("links the new draft to the series' accepted proposal, and to none when nothing was accepted", async () => {
    const ann = await member();
    const plain = await createSentProposal(ann);
    expect((await readProposal(ann.api, await nextDraft(ann, plain))).accepted_proposal_uuid).toBeNull();
    const accepted = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${accepted}/accept`)).status).toBe(200);
    const draft = await readProposal(ann.api, await nextDraft(ann, accepted));
    expect(draft.accepted_proposal_uuid).toBe(accepted);
  });
});

describe("[VERSIONS] one draft per source", () => {
  it("returns the same draft on repeated calls, updated with the later call's overrides", async () => {
    const ann = await member();
    const sent = await createSentProposal(ann, { title_md: "Original" });
    const first = await nextDraft(ann, sent);
    const second = await nextDraft(ann, sent, { title_md: "Revised" });
    expect(second).toBe(first);
    expect((await readProposal(ann.api, first)).title_md).toBe("Revised");
    expect(await seriesRows(await seriesOf(ann, sent))).toHaveLength(2);
  });

  it("returns one draft to 10 concurrent calls, with one new row in the series", async () => {
    const ann = await member();
    const sent = await createSentProposal(ann);
    const results = await Promise.all(Array.from({ length: 10 }, () => newVersion(ann, sent)));
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new Set(results.map((r) => r.body.proposal.uuid)).size).toBe(1);
    const rows = await seriesRows(await seriesOf(ann, sent));
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
  });

  it("makes a fresh draft once the previous one is sent", async () => {
    const ann = await member();
    const sent = await createSentProposal(ann);
    const first = await nextDraft(ann, sent);
    expect((await ann.api.post(`/v3/proposals/${first}/send`)).status).toBe(200);
    const second = await nextDraft(ann, sent);
    expect(second).not.toBe(first);
    expect((await readProposal(ann.api, second)).version).toBe(3);
  });

  it("makes a fresh draft once the previous one is archived", async () => {
    const ann = await member();
    const sent = await createSentProposal(ann);
    const first = await nextDraft(ann, sent);
    expect((await ann.api.post(`/v3/proposals/${first}/archive`)).status).toBe(200);
    const second = await nextDraft(ann, sent);
    expect(second).not.toBe(first);
    expect(await seriesRows(await seriesOf(ann, sent))).toHaveLength(3);
  });

  it("keeps one draft per source: two sources of one series each get their own", async () => {
    const ann = await member();
    const v1 = await createSentProposal(ann);
    const v2 = await nextDraft(ann, v1);
    expect((await ann.api.post(`/v3/proposals/${v2}/send`)).status).toBe(200);
    const fromV1 = await nextDraft(ann, v1);
    const fromV2 = await nextDraft(ann, v2);
    expect(fromV1).not.toBe(fromV2);
    expect(await nextDraft(ann, v2)).toBe(fromV2);
  });
});

describe("[VERSIONS] the recipient rule", () => {
  it("answers 400 INVALID_RECIPIENT for an archived or foreign contact and creates no version", async () => {
    const ann = await member();
    const bob = await member();
    const sent = await createSentProposal(ann);
    const series = await seriesOf(ann, sent);
    const archived = await seedContact(ann.company.id, {}, true);
    const foreign = await seedContact(bob.company.id);
    for (const id of [archived.id, foreign.id]) {
      expectProposalsError(await newVersion(ann, sent, { recipient: { id } }), 400, "INVALID_RECIPIENT");
    }
    expect(await seriesRows(series)).toHaveLength(1);
  });

  it("leaves an existing next-version draft unchanged when a later call names an invalid recipient", async () => {
    const ann = await member();
    const sent = await createSentProposal(ann);
    const draft = await nextDraft(ann, sent, { title_md: "Kept" });
    const before = await readProposal(ann.api, draft);
    const archived = await seedContact(ann.company.id, {}, true);
    expectProposalsError(await newVersion(ann, sent, { title_md: "Lost", recipient: { id: archived.id } }), 400, "INVALID_RECIPIENT");
    expect(await readProposal(ann.api, draft)).toEqual(before);
    expect(await seriesRows(before.series_uuid)).toHaveLength(2);
  });

  it("keeps the source's recipient even when that contact has since been archived", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id);
    const sent = await createDraft(ann, { recipient: { id: contact.id } });
    expect((await ann.api.post(`/v3/proposals/${sent}/send`)).status).toBe(200);
    const db = await getDb();
    await db.contact.update({ where: { id: contact.id }, data: { archivedAt: new Date() } });
    const draft = await readProposal(ann.api, await nextDraft(ann, sent, { recipient: { id: contact.id } }));
    expect(draft.recipient_id).toBe(contact.id);
  });
});
