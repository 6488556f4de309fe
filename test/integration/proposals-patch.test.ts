/**
 * PATCH /v3/proposals/{uuid} and PATCH /v3/proposals/{uuid}/data (proposals-service.md; contract.md,
 * PATCH precedence): each refusal alone and several at once, the strict body, blocks matched by
 * uuid, the recipient rule, and that a refused request changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  readProposal,
  seedCompany,
  seedCompanyMember,
  seedContact,
  seedPricedItem,
  setProposalColumns,
  uploadedImageRef,
  uploadPng,
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
const patch = (who: CompanyMember, uuid: string, body: unknown) => who.api.patch(`/v3/proposals/${uuid}`, body);

/** A draft with everything set, to see that refusals and partial patches leave it alone. */
async function fullDraft(ann: CompanyMember) {
  const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Licence", sv: "Licens" }, price: 100, taxRate: 25 });
  const contact = await seedContact(ann.company.id);
  const uuid = await createDraft(ann, {
    language: "en",
    title_md: "Offer for [c](data:text/plain,customer)",
    description_md: "# Hello",
    data: { customer: "Acme", keep: 1 },
    recipient: { id: contact.id },
    tax_options: { mode: "standard", tax_included: false, tax_label_key: "vat" },
    blocks: [{ content_id: item.variationId, quantity: 2, discount: 5 }],
    attachments: [{ mime_type: "text/html", name: "Site", url: "https://www.example.com/" }],
    background_image: await uploadedImageRef(ann),
    invoicing_enabled: true,
    invoicing: { reference: "PO-1" },
  });
  return { uuid, item, contact };
}

/** Runs a refused request and checks the whole read model, updated_at included, is as before. */
async function expectUnchanged(ann: CompanyMember, uuid: string, refused: () => Promise<void>) {
  // updated_at moved seconds back, so that a write would show even at second resolution.
  const db = await getDb();
  await db.proposal.update({ where: { id: uuid }, data: { updatedAt: new Date(Date.now() - 5000) } });
  const stamped = (await ann.api.get(`/v3/proposals/${uuid}`)).body;
  expect(stamped.data.updated_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 4);
  await refused();
  expect((await ann.api.get(`/v3/proposals/${uuid}`)).body).toEqual(stamped);
}

describe("[PROPOSALS] PATCH /v3/proposals/{uuid}: each refusal of the precedence alone", () => {
  it("answers 404 NOT_FOUND for an unknown uuid and for an id that is not a uuid", async () => {
    const ann = await member();
    for (const id of [NO_SUCH_UUID, "42", "x".repeat(300)]) {
      expectProposalsError(await patch(ann, id, { company_id: ann.company.id, title_md: "x" }), 404, "NOT_FOUND");
    }
  });

  it("answers 401 UNAUTHORIZED to a user of another company, changing nothing", async () => {
    const ann = await member();
    const bob = await member();
    const { uuid } = await fullDraft(ann);
    await expectUnchanged(ann, uuid, async () => {
      expectProposalsError(await patch(bob, uuid, { company_id: ann.company.id, title_md: "Taken over" }), 401, "UNAUTHORIZED");
      expectProposalsError(await patch(bob, uuid, { company_id: bob.company.id, title_md: "Taken over" }), 401, "UNAUTHORIZED");
    });
  });

  it("answers 400 VALIDATION_ERROR for an invalid body, naming each problem", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const res = await patch(ann, uuid, { company_id: ann.company.id, title_md: 5, language: "english" });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(expect.arrayContaining(["title_md", "language"]));
  });

  it("answers 400 COMPANY_MISMATCH when company_id is another company of the caller", async () => {
    const ann = await member();
    const other = await seedCompany(ann);
    const { uuid } = await fullDraft(ann);
    await expectUnchanged(ann, uuid, async () => {
      expectProposalsError(await patch(ann, uuid, { company_id: other.id, title_md: "x" }), 400, "COMPANY_MISMATCH");
    });
  });

  it("answers 400 PROPOSAL_WITHDRAWN for a withdrawn proposal", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${uuid}/withdraw`)).status).toBe(200);
    await expectUnchanged(ann, uuid, async () => {
      expectProposalsError(await patch(ann, uuid, { company_id: ann.company.id, title_md: "x" }), 400, "PROPOSAL_WITHDRAWN");
    });
  });

  it("answers 409 NOT_EDITABLE for active, accepted, rejected, replaced and expired proposals", async () => {
    const ann = await member();
    const active = await createSentProposal(ann);
    const accepted = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${accepted}/accept`)).status).toBe(200);
    const rejected = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${rejected}/reject`)).status).toBe(200);
    const expired = await createSentProposal(ann);
    await setProposalColumns(expired, { expiresAt: new Date(Date.now() - 1000) });
    const replaced = await createSentProposal(ann);
    const next = await ann.api.post(`/v3/proposals/${replaced}`, { company_id: ann.company.id, language: "en" });
    expect((await ann.api.post(`/v3/proposals/${next.body.proposal.uuid}/send`)).status).toBe(200);
    expect((await readProposal(ann.api, replaced)).status).toBe("replaced");
    for (const uuid of [active, accepted, rejected, expired, replaced]) {
      await expectUnchanged(ann, uuid, async () => {
        expectProposalsError(await patch(ann, uuid, { company_id: ann.company.id, title_md: "x" }), 409, "NOT_EDITABLE");
      });
    }
  });

  it("edits a template in place like a draft", async () => {
    const ann = await member();
    const template = (await ann.api.post(`/v3/proposals/${await createDraft(ann)}/template`)).body.proposal.uuid;
    const res = await patch(ann, template, { company_id: ann.company.id, title_md: "Template title" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ uuid: template, status: "template", title_md: "Template title" });
  });
});

describe("[PROPOSALS] PATCH /v3/proposals/{uuid}: several faults at once, the earlier wins", () => {
  it("unknown uuid outranks an invalid body", async () => {
    const ann = await member();
    expectProposalsError(await patch(ann, NO_SUCH_UUID, { company_id: "x", nonsense: true }), 404, "NOT_FOUND");
  });

  it("no access outranks an invalid body, a company mismatch and a not-editable status", async () => {
    const ann = await member();
    const bob = await member();
    const uuid = await createSentProposal(ann);
    expectProposalsError(await patch(bob, uuid, { company_id: bob.company.id, nonsense: true }), 401, "UNAUTHORIZED");
    expectProposalsError(await patch(bob, uuid, "not json at all"), 401, "UNAUTHORIZED");
  });

  it("an invalid body outranks a company mismatch, withdrawn and not editable", async () => {
    const ann = await member();
    const other = await seedCompany(ann);
    const uuid = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${uuid}/withdraw`)).status).toBe(200);
    const res = await patch(ann, uuid, { company_id: other.id, status: "draft", title_md: "x" });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["status"]);
  });

  it("a company mismatch outranks withdrawn, and withdrawn outranks not editable", async () => {
    const ann = await member();
    const other = await seedCompany(ann);
    const withdrawn = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${withdrawn}/withdraw`)).status).toBe(200);
    expectProposalsError(await patch(ann, withdrawn, { company_id: other.id, title_md: "x" }), 400, "COMPANY_MISMATCH");
    expectProposalsError(await patch(ann, withdrawn, { company_id: ann.company.id, title_md: "x" }), 400, "PROPOSAL_WITHDRAWN");
    const active = await createSentProposal(ann);
    expectProposalsError(await patch(ann, active, { company_id: other.id, title_md: "x" }), 400, "COMPANY_MISMATCH");
  });
});

describe("[PROPOSALS] PATCH /v3/proposals/{uuid}: the body", () => {
  it("needs company_id and at least one other field", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    expectProposalsError(await patch(ann, uuid, { company_id: ann.company.id }), 400, "VALIDATION_ERROR");
    const without = await patch(ann, uuid, { title_md: "x" });
    expectProposalsError(without, 400, "VALIDATION_ERROR");
    expect(issuePaths(without)).toContain("company_id");
    expectProposalsError(await patch(ann, uuid, {}), 400, "VALIDATION_ERROR");
  });

  it("refuses creator_email and status as unknown keys, one issue each", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const res = await patch(ann, uuid, { company_id: ann.company.id, creator_email: ann.user.email, status: "active", title_md: "x" });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect([...issuePaths(res)].sort()).toEqual(["creator_email", "status"]);
    expect((await readProposal(ann.api, uuid)).title_md).toBe("");
  });

  it("leaves omitted keys unchanged and answers the updated proposal", async () => {
    const ann = await member();
    const { uuid } = await fullDraft(ann);
    const before = await readProposal(ann.api, uuid);
    const res = await patch(ann, uuid, { company_id: ann.company.id, description_md: "Changed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await readProposal(ann.api, uuid);
    expect(res.body).toEqual({ data: after });
    const { description_md, description_html, updated_at, ...rest } = after;
    const { description_md: _a, description_html: _b, updated_at: _c, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect({ description_md, description_html }).toEqual({ description_md: "Changed", description_html: "<p>Changed</p>" });
    expect(updated_at).toBeGreaterThanOrEqual(before.updated_at);
  });

  it("accepts tax_options, discount_decimals, invoicing, invoicing_enabled, backgrounds and language", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const video = { id: 3, uuid: "22222222-2222-4333-8444-555555555555" };
    const res = await patch(ann, uuid, {
      company_id: ann.company.id,
      language: "DE",
      tax_options: { mode: "tax-free", tax_included: true, tax_label_key: "mwst" },
      discount_decimals: 2,
      invoicing_enabled: true,
      invoicing: { po: "1" },
      background_video: video,
      title_md: "Angebot",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      language: "de",
      tax_options: { mode: "tax-free", tax_included: true, tax_label_key: "mwst" },
      discount_decimals: 2,
      invoicing_enabled: true,
      invoicing: { po: "1" },
      background_video: video,
      title: "Angebot",
    });
    const cleared = await patch(ann, uuid, { company_id: ann.company.id, background_video: null });
    expect(cleared.body.data.background_video).toBeNull();
  });

  it("changes the contact person with contact_email, and falls back to the creator for a non-member", async () => {
    const ann = await member();
    const bob = await member();
    const carl = await seedCompanyMember(server);
    const db = await getDb();
    await db.companyMember.create({ data: { companyId: ann.company.id, userId: carl.user.id } });
    const uuid = await createDraft(ann);
    const res = await patch(ann, uuid, { company_id: ann.company.id, contact_email: carl.user.email });
    expect(res.body.data.contact_email).toBe(carl.user.email);
    const back = await patch(ann, uuid, { company_id: ann.company.id, contact_email: bob.user.email });
    expect(back.body.data.contact_email).toBe(ann.user.email);
  });
});

describe("[PROPOSALS] PATCH /v3/proposals/{uuid}: blocks", () => {
  async function twoBlocks(ann: CompanyMember) {
    const a = await seedPricedItem({ companyId: ann.company.id, title: { en: "Alpha" }, price: 100, taxRate: 25 });
    const b = await seedPricedItem({ companyId: ann.company.id, title: { en: "Beta" }, price: 50, taxRate: 25 });
    const uuid = await createDraft(ann, {
      blocks: [
        { content_id: a.variationId, price: 80, quantity: 3, discount: 10, title: "Alpha, tailored" },
        { content_id: b.variationId, price: 40, quantity: 7 },
      ],
    });
    const blocks = (await readProposal(ann.api, uuid)).blocks;
    return { uuid, a, b, first: blocks[0], second: blocks[1] };
  }
  const shape = (b: any) => ({ uuid: b.uuid, title: b.title, price: b.price, quantity: b.quantity, discount: b.discount });

  it("matches blocks by uuid, not by position: reordering two customised blocks keeps each its own price and quantity", async () => {
    const ann = await member();
    const { uuid, a, b, first, second } = await twoBlocks(ann);
    const res = await patch(ann, uuid, {
      company_id: ann.company.id,
      blocks: [
        { uuid: second.uuid, content_id: b.variationId },
        { uuid: first.uuid, content_id: a.variationId },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.blocks.map(shape)).toEqual([shape(second), shape(first)]);
    expect(shape(first)).toEqual({ uuid: first.uuid, title: "Alpha, tailored", price: 80, quantity: 3, discount: 10 });
  });

  it("replaces the list: a block left out is gone, a block without uuid is new with the library's defaults", async () => {
    const ann = await member();
    const { uuid, a, first, second } = await twoBlocks(ann);
    const res = await patch(ann, uuid, {
      company_id: ann.company.id,
      blocks: [{ content_id: a.variationId }, { uuid: first.uuid, content_id: a.variationId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const blocks = res.body.data.blocks;
    expect(blocks).toHaveLength(2);
    expect(blocks[0].uuid).toMatch(UUID_RE);
    expect([first.uuid, second.uuid]).not.toContain(blocks[0].uuid);
    expect(shape(blocks[0])).toEqual({ uuid: blocks[0].uuid, title: "Alpha", price: 100, quantity: 1, discount: null });
    expect(shape(blocks[1])).toEqual(shape(first));
    expect(blocks.map((x: any) => x.uuid)).not.toContain(second.uuid);
  });

  it("silently ignores per-block title, description and image_uuids, and applies price and quantity", async () => {
    const ann = await member();
    const { uuid, a, first } = await twoBlocks(ann);
    const res = await patch(ann, uuid, {
      company_id: ann.company.id,
      blocks: [
        {
          uuid: first.uuid,
          content_id: a.variationId,
          title: "Hacked title",
          description: "Hacked",
          image_uuids: ["33333333-2222-4333-8444-555555555555"],
          quantity: 4,
        },
        { content_id: a.variationId, title: "New hacked", description: "New hacked" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [kept, added] = res.body.data.blocks;
    expect(kept).toMatchObject({
      uuid: first.uuid,
      title: "Alpha, tailored",
      description: first.description,
      image_uuids: first.image_uuids,
      quantity: 4,
      price: 80,
    });
    expect(added).toMatchObject({ title: "Alpha", description: "" });
  });

  it("refuses an unknown block uuid with 400 naming it, changing nothing", async () => {
    const ann = await member();
    const { uuid, a, first } = await twoBlocks(ann);
    await expectUnchanged(ann, uuid, async () => {
      const res = await patch(ann, uuid, {
        company_id: ann.company.id,
        title_md: "x",
        blocks: [
          { uuid: first.uuid, content_id: a.variationId },
          { uuid: NO_SUCH_UUID, content_id: a.variationId },
        ],
      });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res)).toEqual(["blocks.1.uuid"]);
    });
  });

  it("takes block titles in the stored language when the body has none, and in the body's language when it has one", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Licence", sv: "Licens", de: "Lizenz" } });
    const uuid = await createDraft(ann, { language: "sv" });
    const stored = await patch(ann, uuid, { company_id: ann.company.id, blocks: [{ content_id: item.variationId }] });
    expect(stored.body.data.blocks[0].title).toBe("Licens");
    const given = await patch(ann, uuid, { company_id: ann.company.id, language: "de", blocks: [{ content_id: item.variationId }] });
    expect(given.body.data.blocks[0].title).toBe("Lizenz");
  });

  it("gives a new block its library item's images in the library's order, and its price, tax rate and unit exactly", async () => {
    const ann = await member();
    const images = [await uploadPng(ann), await uploadPng(ann, 6, 2), await uploadPng(ann, 2, 6)];
    const made = await ann.api.post("/v3/content", {
      company_id: ann.company.id,
      language: "en",
      title: "Workshop",
      description: "Half a day",
      images: images.map((uuid) => ({ uuid })),
      price: 1234.5678,
      tax_rate: 12.5,
      unit: "h",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const plain = await seedPricedItem({ companyId: ann.company.id, price: null, taxRate: null });
    const uuid = await createDraft(ann, { language: "en" });
    const res = await patch(ann, uuid, {
      company_id: ann.company.id,
      blocks: [{ content_id: made.body.data.variation_id }, { content_id: plain.variationId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [workshop, bare] = res.body.data.blocks;
    expect(workshop).toMatchObject({
      content_id: made.body.data.variation_id,
      title: "Workshop",
      description: "Half a day",
      image_uuids: images,
      price: 1234.5678,
      tax_rate: 12.5,
      unit: "h",
    });
    expect(bare).toMatchObject({ image_uuids: [], price: null, tax_rate: null, unit: null });
  });

  it("refuses an archived or foreign library item on PATCH, changing nothing", async () => {
    const ann = await member();
    const bob = await member();
    const { uuid } = await fullDraft(ann);
    const archived = await seedPricedItem({ companyId: ann.company.id, archived: true });
    const foreign = await seedPricedItem({ companyId: bob.company.id });
    await expectUnchanged(ann, uuid, async () => {
      const res = await patch(ann, uuid, {
        company_id: ann.company.id,
        title_md: "Changed",
        blocks: [{ content_id: archived.variationId }, { content_id: foreign.variationId }],
      });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res)).toEqual(["blocks.0.content_id", "blocks.1.content_id"]);
    });
  });
});

describe("[PROPOSALS] PATCH /v3/proposals/{uuid}/blocks/{blockUuid}: the editor's customisations", () => {
  const edit = (who: CompanyMember, uuid: string, blockUuid: string, body: unknown) =>
    who.api.patch(`/v3/proposals/${uuid}/blocks/${blockUuid}`, body);

  it("changes one block's title, description, images, price and quantity, and the values follow", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Licence" }, price: 100, taxRate: 25 });
    const uuid = await createDraft(ann, { blocks: [{ content_id: item.variationId }] });
    const [block] = (await readProposal(ann.api, uuid)).blocks;
    const res = await edit(ann, uuid, block.uuid, { title: "Licence, tailored", description: "For your team", quantity: 3, price: 90 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.blocks[0]).toMatchObject({
      uuid: block.uuid,
      title: "Licence, tailored",
      description: "For your team",
      quantity: 3,
      price: 90,
    });
    expect(res.body.data.value_without_tax).toBe(270);
    expect(res.body.data.value_with_tax).toBe(337.5);
  });

  it("keeps the customisations through a PATCH that echoes the uuid, and drops them with a block sent without it", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Licence" }, price: 100 });
    const uuid = await createDraft(ann, { blocks: [{ content_id: item.variationId }] });
    const [block] = (await readProposal(ann.api, uuid)).blocks;
    expect((await edit(ann, uuid, block.uuid, { title: "Tailored" })).status).toBe(200);
    const echoed = await patch(ann, uuid, {
      company_id: ann.company.id,
      blocks: [{ uuid: block.uuid, content_id: item.variationId, title: "Ignored" }],
    });
    expect(echoed.body.data.blocks[0]).toMatchObject({ uuid: block.uuid, title: "Tailored" });
    const fresh = await patch(ann, uuid, { company_id: ann.company.id, blocks: [{ content_id: item.variationId }] });
    expect(fresh.body.data.blocks[0].title).toBe("Licence");
    expect(fresh.body.data.blocks[0].uuid).not.toBe(block.uuid);
  });

  it("refuses an unknown block (404), an empty or unknown-keyed body (400), a sent proposal (409) and another company's user (401), changing nothing", async () => {
    const ann = await member();
    const bob = await member();
    const item = await seedPricedItem({ companyId: ann.company.id });
    const uuid = await createDraft(ann, { blocks: [{ content_id: item.variationId }] });
    const before = await readProposal(ann.api, uuid);
    const blockUuid = before.blocks[0].uuid;
    expectProposalsError(await edit(ann, uuid, NO_SUCH_UUID, { title: "x" }), 404, "NOT_FOUND");
    expectProposalsError(await edit(ann, uuid, blockUuid, {}), 400, "VALIDATION_ERROR");
    const unknown = await edit(ann, uuid, blockUuid, { title: "x", colour: "red" });
    expectProposalsError(unknown, 400, "VALIDATION_ERROR");
    expect(issuePaths(unknown)).toEqual(["colour"]);
    expectProposalsError(await edit(bob, uuid, blockUuid, { title: "x" }), 401, "UNAUTHORIZED");
    expect(await readProposal(ann.api, uuid)).toEqual(before);
    const sent = await createSentProposal(ann, { blocks: [{ content_id: item.variationId }] });
    const sentBlock = (await readProposal(ann.api, sent)).blocks[0].uuid;
    expectProposalsError(await edit(ann, sent, sentBlock, { title: "x" }), 409, "NOT_EDITABLE");
  });
});

describe("[PROPOSALS] PATCH /v3/proposals/{uuid}: the recipient", () => {
  it("answers 400 INVALID_RECIPIENT for an archived contact or another company's, leaving the draft byte-for-byte unchanged", async () => {
    const ann = await member();
    const bob = await member();
    const { uuid } = await fullDraft(ann);
    const archived = await seedContact(ann.company.id, {}, true);
    const foreign = await seedContact(bob.company.id);
    for (const id of [archived.id, foreign.id, 999_999_999]) {
      await expectUnchanged(ann, uuid, async () => {
        const res = await patch(ann, uuid, { company_id: ann.company.id, title_md: "Changed too", data: { x: 1 }, recipient: { id } });
        expectProposalsError(res, 400, "INVALID_RECIPIENT");
      });
    }
  });

  it("accepts an archived contact when it already is the recipient", async () => {
    const ann = await member();
    const { uuid, contact } = await fullDraft(ann);
    const db = await getDb();
    await db.contact.update({ where: { id: contact.id }, data: { archivedAt: new Date() } });
    const res = await patch(ann, uuid, { company_id: ann.company.id, title_md: "Still theirs", recipient: { id: contact.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ recipient_id: contact.id, title_md: "Still theirs" });
  });

  it("switches to another active contact, or to a new one made from fields", async () => {
    const ann = await member();
    const { uuid } = await fullDraft(ann);
    const other = await seedContact(ann.company.id, { firstName: "Olle", lastName: "Ek" });
    const res = await patch(ann, uuid, { company_id: ann.company.id, recipient: { id: other.id } });
    expect(res.body.data).toMatchObject({ recipient_id: other.id, recipient_name: "Olle Ek" });
    const fresh = await patch(ann, uuid, { company_id: ann.company.id, recipient: { first_name: "Nina", email: "nina@x.example" } });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.data).toMatchObject({ recipient_name: "Nina", recipient_email: "nina@x.example" });
    expect(fresh.body.data.recipient_id).not.toBe(other.id);
  });

  it("refuses {id} together with new-recipient fields", async () => {
    const ann = await member();
    const { uuid, contact } = await fullDraft(ann);
    await expectUnchanged(ann, uuid, async () => {
      expectProposalsError(
        await patch(ann, uuid, { company_id: ann.company.id, recipient: { id: contact.id, first_name: "X" } }),
        400,
        "VALIDATION_ERROR",
      );
    });
  });
});

describe("[PROPOSALS] PATCH /v3/proposals/{uuid}/data", () => {
  it("merges shallowly: new keys added, a null deletes, omitted keys stay, nested objects replaced whole; answers {data: merged}", async () => {
    const ann = await member();
    const uuid = await createDraft(ann, { data: { a: 1, b: "two", nested: { x: 1, y: 2 }, gone: true } });
    const res = await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: { b: "deux", c: [1, 2], gone: null, nested: { x: 9 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const merged = { a: 1, b: "deux", nested: { x: 9 }, c: [1, 2] };
    expect(res.body).toEqual({ data: merged });
    expect((await readProposal(ann.api, uuid)).data).toEqual(merged);
    const empty = await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: {} });
    expect(empty.body).toEqual({ data: merged });
  });

  it("works on a template, answers 409 NOT_EDITABLE on a sent proposal and leaves its data alone", async () => {
    const ann = await member();
    const template = (await ann.api.post(`/v3/proposals/${await createDraft(ann)}/template`)).body.proposal.uuid;
    expect((await ann.api.patch(`/v3/proposals/${template}/data`, { data: { k: 1 } })).body).toEqual({ data: { k: 1 } });
    const sent = await createSentProposal(ann, { data: { k: "kept" } });
    await expectUnchanged(ann, sent, async () => {
      expectProposalsError(await ann.api.patch(`/v3/proposals/${sent}/data`, { data: { k: "changed" } }), 409, "NOT_EDITABLE");
    });
  });

  it("answers 401 to another company's user and 404 for an unknown or malformed uuid", async () => {
    const ann = await member();
    const bob = await member();
    const uuid = await createDraft(ann, { data: { k: 1 } });
    expectProposalsError(await bob.api.patch(`/v3/proposals/${uuid}/data`, { data: { k: 2 } }), 401, "UNAUTHORIZED");
    expect((await readProposal(ann.api, uuid)).data).toEqual({ k: 1 });
    expectProposalsError(await ann.api.patch(`/v3/proposals/${NO_SUCH_UUID}/data`, { data: { k: 2 } }), 404, "NOT_FOUND");
    expectProposalsError(await ann.api.patch(`/v3/proposals/nope/data`, { data: { k: 2 } }), 404, "NOT_FOUND");
  });

  it("requires data as an object and refuses other keys", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    for (const body of [{}, { data: [1] }, { data: "x" }, { data: null }, { data: {}, extra: 1 }]) {
      expectProposalsError(await ann.api.patch(`/v3/proposals/${uuid}/data`, body), 400, "VALIDATION_ERROR");
    }
    expect(issuePaths(await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: {}, extra: 1 }))).toEqual(["extra"]);
  });
});

describe("[PATCH] totals at the bounds", () => {
  it("a line of price 1e12 × quantity 1e9 reads value_without_tax 1e21 exactly, on the proposal and in the list", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Plant" }, price: 100, taxRate: 25 });
    const uuid = await createDraft(ann, {
      tax_options: { mode: "standard", tax_included: false },
      blocks: [{ content_id: item.variationId, price: 1e12, quantity: 1e9 }],
    });
    const res = await ann.api.get(`/v3/proposals/${uuid}`);
    expect(res.body.data).toMatchObject({ value_without_tax: 1e21, value_with_tax: 1.25e21 });
    const listed = (await ann.api.get(`/v3/proposals?company_id=${ann.company.id}`)).body.data.find(
      (p: { uuid: string }) => p.uuid === uuid,
    );
    expect(listed).toMatchObject({ value_without_tax: 1e21, value_with_tax: 1.25e21 });
  });
});
