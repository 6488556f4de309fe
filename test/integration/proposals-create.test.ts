/**
 * POST /v3/proposals and GET /v3/proposals/{uuid} (proposals-service.md, Proposals; contract.md,
 * Proposals service): the strict create body, the people rules, blocks, attachments, tracking, the
 * read model field by field, markdown and variables, and the values of docs/decisions/006.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  expectProposalsError,
  issuePaths,
  joinCompany,
  readProposal,
  seedCompanyMember,
  seedContact,
  seedLibraryAttachment,
  seedPricedItem,
  setProposalColumns,
  startPdfServer,
  uploadedImageRef,
  userRow,
  type CompanyMember,
} from "../proposals-factories";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) before the first test's clock starts.
  await seedCompanyMember(server);
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

const member = () => seedCompanyMember(server);
/** An RFP of a company, straight to the database. */
const createRfp = async (companyId: number, title = "Tender") => (await getDb()).rfp.create({ data: { companyId, title } });
const countProposals = async (companyId: number) => (await getDb()).proposal.count({ where: { companyId } });
const nowSeconds = () => Math.floor(Date.now() / 1000);

function expectRecentUnix(value: unknown) {
  expect(Number.isInteger(value), `${value} is an integer of seconds`).toBe(true);
  expect(Math.abs((value as number) - nowSeconds())).toBeLessThan(60);
}

describe("[PROPOSALS] POST /v3/proposals: the body", () => {
  it("answers 201 with {proposal: {uuid, url}}, url being the public page /p/{uuid}", async () => {
    const ann = await member();
    const res = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language: "en" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ proposal: { uuid: expect.stringMatching(UUID_RE), url: `/p/${res.body.proposal.uuid}` } });
    const read = await readProposal(ann.api, res.body.proposal.uuid);
    expect(read).toMatchObject({ uuid: res.body.proposal.uuid, status: "draft", version: 1, company_id: ann.company.id });
  });

  it("refuses unknown keys, top level and nested, with one issue naming each key, and creates nothing", async () => {
    const ann = await member();
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      status: "active",
      colour: "red",
      tax_options: { mode: "standard", rate: 25 },
      recipient: { first_name: "Cora", nickname: "C" },
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    const paths = issuePaths(res);
    for (const key of ["status", "colour", "tax_options.rate", "recipient.nickname"]) {
      expect(
        paths.filter((p) => p === key),
        `one issue names ${key}: ${JSON.stringify(paths)}`,
      ).toHaveLength(1);
    }
    expect(await countProposals(ann.company.id)).toBe(0);
  });

  it("requires company_id and language, naming both", async () => {
    const ann = await member();
    const res = await ann.api.post("/v3/proposals", { title_md: "No company" });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(expect.arrayContaining(["company_id", "language"]));
    expectProposalsError(await ann.api.post("/v3/proposals", { company_id: ann.company.id }), 400, "VALIDATION_ERROR");
    expect(issuePaths(await ann.api.post("/v3/proposals", { language: "en" }))).toContain("company_id");
  });

  it("takes language as two letters in any case and stores it lower case; refuses three letters, digits and non-strings", async () => {
    const ann = await member();
    const uuid = await createDraft(ann, { language: "SV" });
    expect((await readProposal(ann.api, uuid)).language).toBe("sv");
    for (const language of ["eng", "e1", "", "s", 12, "é1"]) {
      const res = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res)).toContain("language");
    }
    expect(await countProposals(ann.company.id)).toBe(1);
  });

  it("answers 401 for a company the caller is not a member of, and creates nothing there", async () => {
    const ann = await member();
    const bob = await member();
    const res = await ann.api.post("/v3/proposals", { company_id: bob.company.id, language: "en" });
    expectProposalsError(res, 401, "UNAUTHORIZED");
    expect(await countProposals(bob.company.id)).toBe(0);
  });
});

describe("[PROPOSALS] POST /v3/proposals: creator and contact person", () => {
  async function team() {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    return { ann, bob, annRow: await userRow(ann.user.id), bobRow: await userRow(bob.user.id) };
  }

  it("attributes the proposal to creator_email when that user is a member of the company", async () => {
    const { ann, bob, bobRow } = await team();
    const uuid = await createDraft(ann, { creator_email: bob.user.email.toUpperCase() });
    const read = await readProposal(ann.api, uuid);
    expect(read).toMatchObject({ creator_id: bobRow.number, creator_name: bobRow.name, user_email: bobRow.email });
    expect(typeof read.creator_id).toBe("number");
  });

  it("makes the token's user the creator when creator_email is not a member, a disabled member or no account", async () => {
    const { ann, bob, annRow } = await team();
    const outsider = await member();
    const db = await getDb();
    await db.companyMember.update({
      where: { companyId_userId: { companyId: ann.company.id, userId: bob.user.id } },
      data: { disabled: true },
    });
    for (const email of [outsider.user.email, bob.user.email, "nobody-at-all@example.test"]) {
      const read = await readProposal(ann.api, await createDraft(ann, { creator_email: email }));
      expect(read, email).toMatchObject({ creator_id: annRow.number, creator_name: annRow.name, user_email: annRow.email });
    }
  });

  it("makes contact_email's member the contact person, and the creator the contact person otherwise", async () => {
    const { ann, bob, annRow, bobRow } = await team();
    const outsider = await member();
    const withContact = await readProposal(ann.api, await createDraft(ann, { contact_email: bob.user.email }));
    expect(withContact).toMatchObject({ contact_name: bobRow.name, contact_email: bobRow.email, creator_id: annRow.number });
    for (const body of [{}, { contact_email: outsider.user.email }, { contact_email: "nobody-at-all@example.test" }]) {
      const read = await readProposal(ann.api, await createDraft(ann, body));
      expect(read, JSON.stringify(body)).toMatchObject({ contact_name: annRow.name, contact_email: annRow.email });
    }
  });
});

describe("[PROPOSALS] POST /v3/proposals: the recipient", () => {
  it("takes an active contact of the company by id and fills the recipient_* fields from it", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id, {
      firstName: "Cora",
      lastName: "Lind",
      email: "cora@customer.example",
      phone: "+46 1",
      companyName: "Lind AB",
    });
    const read = await readProposal(ann.api, await createDraft(ann, { recipient: { id: contact.id } }));
    expect(read).toMatchObject({
      recipient_id: contact.id,
      recipient_is_set: true,
      recipient_name: "Cora Lind",
      recipient_email: "cora@customer.example",
      recipient_phone: "+46 1",
      recipient_company_name: "Lind AB",
    });
  });

  it("refuses an archived contact and another company's contact with 400 INVALID_RECIPIENT, creating nothing", async () => {
    const ann = await member();
    const bob = await member();
    const archived = await seedContact(ann.company.id, {}, true);
    const foreign = await seedContact(bob.company.id);
    for (const id of [archived.id, foreign.id, 999_999_999]) {
      const res = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language: "en", recipient: { id } });
      expectProposalsError(res, 400, "INVALID_RECIPIENT");
    }
    expect(await countProposals(ann.company.id)).toBe(0);
  });

  it("creates a contact of the company from a new recipient's fields, sources included", async () => {
    const ann = await member();
    const sources = { integration: { id: 7, contactId: "crm-42", metadata: { stage: "lead" } } };
    const recipient = {
      first_name: "Nils",
      last_name: "Berg",
      email: "nils@berg.example",
      phone: "+46 2",
      company_name: "Berg AB",
      sources,
    };
    const read = await readProposal(ann.api, await createDraft(ann, { recipient }));
    expect(read).toMatchObject({
      recipient_is_set: true,
      recipient_name: "Nils Berg",
      recipient_email: "nils@berg.example",
      recipient_phone: "+46 2",
      recipient_company_name: "Berg AB",
      recipient_sources: sources,
    });
    const contacts = await ann.api.get(`/v3/contacts?company_id=${ann.company.id}`);
    expect(contacts.status).toBe(200);
    expect(contacts.body.data.map((c: { id: number }) => c.id)).toContain(read.recipient_id);
  });

  it("reads recipient_is_set false and empty recipient fields without a recipient", async () => {
    const ann = await member();
    const read = await readProposal(ann.api, await createDraft(ann));
    expect(read).toMatchObject({
      recipient_is_set: false,
      recipient_id: null,
      recipient_name: "",
      recipient_email: "",
      recipient_phone: "",
      recipient_company_name: "",
      recipient_sources: {},
    });
  });
});

describe("[PROPOSALS] POST /v3/proposals: blocks", () => {
  it("makes a product block from content_id with the library title in the proposal's language, price and tax rate", async () => {
    const ann = await member();
    const item = await seedPricedItem({
      companyId: ann.company.id,
      title: { en: "Consulting", sv: "Rådgivning" },
      description: { en: "Hours", sv: "Timmar" },
      price: 1250.5,
      taxRate: 25,
      unit: "h",
    });
    const read = await readProposal(ann.api, await createDraft(ann, { language: "sv", blocks: [{ content_id: item.variationId }] }));
    expect(read.blocks).toEqual([
      expect.objectContaining({
        uuid: expect.stringMatching(UUID_RE),
        type: "product-block",
        content_id: item.variationId,
        title: "Rådgivning",
        description: "Timmar",
        image_uuids: [],
        video_url: null,
        price: 1250.5,
        quantity: 1,
        discount: null,
      }),
    ]);
    expect(read.blocks[0].tax_rate).toBe(25);
  });

  it("falls back to another language's title when the item has none in the proposal's language", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Consulting" } });
    const read = await readProposal(ann.api, await createDraft(ann, { language: "de", blocks: [{ content_id: item.variationId }] }));
    expect(read.blocks[0].title).toBe("Consulting");
  });

  it("refuses an archived item and another company's item with 400 naming the block, creating nothing", async () => {
    const ann = await member();
    const bob = await member();
    const ok = await seedPricedItem({ companyId: ann.company.id });
    const archived = await seedPricedItem({ companyId: ann.company.id, archived: true });
    const foreign = await seedPricedItem({ companyId: bob.company.id });
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      blocks: [{ content_id: ok.variationId }, { content_id: archived.variationId }, { content_id: foreign.variationId }],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(expect.arrayContaining(["blocks.1.content_id", "blocks.2.content_id"]));
    expect(issuePaths(res)).not.toContain("blocks.0.content_id");
    expect(await countProposals(ann.company.id)).toBe(0);
  });

  it("makes a video block from a video_url and a title", async () => {
    const ann = await member();
    const read = await readProposal(
      ann.api,
      await createDraft(ann, { blocks: [{ type: "video-block", video_url: "https://video.example/intro", title: "Intro" }] }),
    );
    expect(read.blocks).toEqual([
      expect.objectContaining({
        type: "video-block",
        content_id: null,
        video_url: "https://video.example/intro",
        title: "Intro",
        price: null,
      }),
    ]);
    expect(read.value_with_tax).toBe(0);
  });

  it("refuses a product block without content_id and a video url that is not http(s)", async () => {
    const ann = await member();
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      blocks: [{ type: "product-block" }, { type: "video-block", video_url: "javascript:alert(1)", title: "x" }],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(expect.arrayContaining(["blocks.0.content_id", "blocks.1.video_url"]));
  });
});

describe("[PROPOSALS] POST /v3/proposals: attachments", () => {
  it("takes a library attachment by id, a text/html link as is, and fetches and hosts a PDF url", async () => {
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
    const ann = await member();
    const pdf = await startPdfServer();
    try {
      const library = await seedLibraryAttachment(ann.company.id, "terms.pdf");
      const link = { mime_type: "text/html", name: "Our site", url: "https://www.example.com/about?x=1#top" };
      const uuid = await createDraft(ann, {
        attachments: [{ id: library.id }, link, { mime_type: "application/pdf", name: "Offer sheet", url: `${pdf.origin}/doc.pdf` }],
      });
      const read = await readProposal(ann.api, uuid);
      expect(read.attachments).toEqual([
        { id: library.id, name: "terms.pdf", mime_type: "application/pdf", url: expect.any(String) },
        { id: null, ...link },
        { id: null, name: "Offer sheet", mime_type: "application/pdf", url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/) },
      ]);
      expect(pdf.hits).toEqual(["/doc.pdf"]);
      // The hosted copy is served by this service, not by the origin.
      await pdf.close();
      const hosted = await fetch(server.url + read.attachments[2].url);
      expect(hosted.status).toBe(200);
      expect(hosted.headers.get("content-type")).toContain("application/pdf");
      expect(
        Buffer.from(await hosted.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    } finally {
      await pdf.close().catch(() => undefined);
    }
  });

  it("refuses a PDF url that cannot be fetched with 400 naming attachments.N.url, creating nothing", async () => {
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
    const ann = await member();
    const pdf = await startPdfServer();
    try {
      const res = await ann.api.post("/v3/proposals", {
        company_id: ann.company.id,
        language: "en",
        attachments: [
          { mime_type: "text/html", name: "Site", url: "https://www.example.com/" },
          { mime_type: "application/pdf", name: "Broken", url: `${pdf.origin}/broken.pdf` },
          { mime_type: "application/pdf", name: "Not a PDF", url: `${pdf.origin}/page.html` },
        ],
      });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res)).toEqual(["attachments.1.url", "attachments.2.url"]);
      expect(await countProposals(ann.company.id)).toBe(0);
    } finally {
      await pdf.close();
    }
  });

  it("refuses a PDF url on loopback when private fetches are not allowed", async () => {
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "");
    const ann = await member();
    const pdf = await startPdfServer();
    try {
      const res = await ann.api.post("/v3/proposals", {
        company_id: ann.company.id,
        language: "en",
        attachments: [{ mime_type: "application/pdf", name: "Doc", url: `${pdf.origin}/doc.pdf` }],
      });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res)).toEqual(["attachments.0.url"]);
      expect(pdf.hits).toEqual([]);
    } finally {
      await pdf.close();
    }
  });

  it("refuses another company's library attachment and an incomplete link, naming each", async () => {
    const ann = await member();
    const bob = await member();
    const foreign = await seedLibraryAttachment(bob.company.id);
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      attachments: [{ id: foreign.id }, { mime_type: "text/html", url: "https://www.example.com/" }],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(expect.arrayContaining(["attachments.1.name"]));
    const second = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language: "en", attachments: [{ id: foreign.id }] });
    expectProposalsError(second, 400, "VALIDATION_ERROR");
    expect(issuePaths(second)).toEqual(["attachments.0.id"]);
    expect(await countProposals(ann.company.id)).toBe(0);
  });
});

describe("[PROPOSALS] POST /v3/proposals: tracking", () => {
  it("records created_from_rfp of an RFP of the same company", async () => {
    const ann = await member();
    const rfp = await createRfp(ann.company.id);
    const read = await readProposal(ann.api, await createDraft(ann, { tracking: { created_from_rfp: rfp.id } }));
    expect(read.tracking).toEqual({ created_from_rfp: rfp.id, created_from_template: null });
  });

  it("answers 404 NOT_FOUND for an RFP of another company or an unknown one, creating nothing", async () => {
    const ann = await member();
    const bob = await member();
    const foreign = await createRfp(bob.company.id);
    for (const id of [foreign.id, 999_999_999]) {
      const res = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language: "en", tracking: { created_from_rfp: id } });
      expectProposalsError(res, 404, "NOT_FOUND");
    }
    expect(await countProposals(ann.company.id)).toBe(0);
  });

  it("starts a draft from a template of the same company as a copy of it, the body's fields overriding", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Setup" }, price: 200 });
    const source = await createDraft(ann, {
      title_md: "Offer for [the customer](data:text/plain,customer)",
      description_md: "# Welcome\nWe *deliver*.",
      data: { customer: "Acme" },
      tax_options: { mode: "simplified", tax_included: true, tax_label_key: "vat" },
      blocks: [{ content_id: item.variationId, quantity: 3, discount: 10, title: "Setup, tailored" }],
      attachments: [{ mime_type: "text/html", name: "Site", url: "https://www.example.com/" }],
      invoicing_enabled: true,
      discount_decimals: 2,
    });
    const templated = await ann.api.post(`/v3/proposals/${source}/template`);
    expect(templated.status, JSON.stringify(templated.body)).toBe(201);
    const templateUuid = templated.body.proposal.uuid;
    const template = await readProposal(ann.api, templateUuid);

    const draft = await readProposal(
      ann.api,
      await createDraft(ann, { tracking: { created_from_template: templateUuid }, title_md: "Own title" }),
    );
    expect(draft).toMatchObject({
      status: "draft",
      version: 1,
      title_md: "Own title",
      description_md: template.description_md,
      description_html: template.description_html,
      data: { customer: "Acme" },
      tax_options: { mode: "simplified", tax_included: true, tax_label_key: "vat" },
      attachments: template.attachments,
      invoicing_enabled: true,
      discount_decimals: 2,
      tracking: { created_from_rfp: null, created_from_template: templateUuid },
    });
    expect(draft.series_uuid).not.toBe(template.series_uuid);
    expect(draft.blocks.map(({ title, price, quantity, discount }: any) => ({ title, price, quantity, discount }))).toEqual([
      { title: "Setup, tailored", price: 200, quantity: 3, discount: 10 },
    ]);
    expect(draft.value_with_tax).toBe(template.value_with_tax);
  });

  it("answers 404 for created_from_template naming a draft, an archived template, another company's template or nothing", async () => {
    const ann = await member();
    const bob = await member();
    const draft = await createDraft(ann);
    const archived = (await ann.api.post(`/v3/proposals/${draft}/template`)).body.proposal.uuid;
    expect((await ann.api.post(`/v3/proposals/${archived}/archive`)).status).toBe(200);
    const foreign = (await bob.api.post(`/v3/proposals/${await createDraft(bob)}/template`)).body.proposal.uuid;
    const before = await countProposals(ann.company.id);
    for (const uuid of [draft, archived, foreign, "00000000-0000-4000-8000-000000000000"]) {
      const res = await ann.api.post("/v3/proposals", {
        company_id: ann.company.id,
        language: "en",
        tracking: { created_from_template: uuid },
      });
      expectProposalsError(res, 404, "NOT_FOUND");
    }
    expect(await countProposals(ann.company.id)).toBe(before);
  });
});

// ---- GET ---------------------------------------------------------------------------------------

/** Every field name of the document's read shape. */
const DOCUMENT_FIELDS = [
  "uuid",
  "status",
  "language",
  "series_uuid",
  "title",
  "title_md",
  "description_html",
  "description_md",
  "archived_at",
  "expires_at",
  "status_changed_at",
  "updated_at",
  "version",
  "attachments",
  "blocks",
  "signatures",
  "background_image",
  "background_video",
  "background_image_uuid",
  "company_id",
  "company_name",
  "company_address",
  "company_email",
  "company_phone",
  "company_registration_number",
  "company_logo_uuid",
  "company_avatar_uuid",
  "company_timezone",
  "company_tax_mode_live",
  "company_powerups",
  "company_powerups_live",
  "contact_name",
  "contact_email",
  "contact_phone",
  "contact_title",
  "contact_avatar_transform",
  "creator_id",
  "creator_name",
  "user_email",
  "currency",
  "data",
  "discount_decimals",
  "editor",
  "invoicing",
  "payment",
  "tracking",
  "tax_options",
  "is_agreement",
  "is_only_proposal_in_series",
  "is_test",
  "pending",
  "recipient_is_set",
  "payments_enabled",
  "pending_reason",
  "recipient_id",
  "recipient_name",
  "recipient_email",
  "recipient_phone",
  "recipient_company_name",
  "recipient_sources",
  "value_with_tax",
  "value_without_tax",
];

describe("[PROPOSALS] GET /v3/proposals/{uuid}", () => {
  it("answers every field of the read model with the values the draft was made from", async () => {
    const ann = await member();
    const bob = await seedCompanyMember(server);
    await joinCompany(bob, ann.company.id);
    const db = await getDb();
    await db.company.update({
      where: { id: ann.company.id },
      data: {
        address: "Storgatan 1, Stockholm",
        email: "sales@acme.example",
        phone: "+46 8 000",
        registrationNumber: "556000-0000",
        timezone: "Europe/Stockholm",
        currency: "SEK",
        discountDecimals: 1,
        powerups: { payments: true },
      },
    });
    const item = await seedPricedItem({ companyId: ann.company.id, title: { sv: "Licens" }, price: 100, taxRate: 25 });
    const background = await uploadedImageRef(ann);
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "sv",
      contact_email: bob.user.email,
      title_md: "Offert till [kunden](data:text/plain,customer)",
      description_md: "Hej",
      data: { customer: "Lind AB" },
      recipient: { first_name: "Cora", last_name: "Lind", email: "cora@lind.example" },
      blocks: [{ content_id: item.variationId, quantity: 2 }],
      background_image: background,
      invoicing_enabled: true,
      invoicing: { reference: "PO-1" },
      tax_options: { mode: "standard", tax_included: false, tax_label_key: "moms" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const uuid = res.body.proposal.uuid;
    const got = await ann.api.get(`/v3/proposals/${uuid}`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body)).toEqual(["data"]);
    const p = got.body.data;
    expect(Object.keys(p)).toEqual(expect.arrayContaining(DOCUMENT_FIELDS));
    const annRow = await userRow(ann.user.id);
    const bobRow = await userRow(bob.user.id);
    expect(p).toMatchObject({
      uuid,
      status: "draft",
      language: "sv",
      series_uuid: expect.stringMatching(UUID_RE),
      title: "Offert till Lind AB",
      title_md: "Offert till [kunden](data:text/plain,customer)",
      description_md: "Hej",
      description_html: "<p>Hej</p>",
      archived_at: null,
      expires_at: null,
      version: 1,
      attachments: [],
      signatures: [],
      background_image: background,
      background_video: null,
      background_image_uuid: background.uuid,
      company_id: ann.company.id,
      company_name: ann.company.name,
      company_address: "Storgatan 1, Stockholm",
      company_email: "sales@acme.example",
      company_phone: "+46 8 000",
      company_registration_number: "556000-0000",
      company_timezone: "Europe/Stockholm",
      company_tax_mode_live: "standard",
      company_powerups: { payments: true },
      contact_name: bobRow.name,
      contact_email: bobRow.email,
      creator_id: annRow.number,
      creator_name: annRow.name,
      user_email: annRow.email,
      currency: "SEK",
      data: { customer: "Lind AB" },
      discount_decimals: 1,
      editor: { notification_user_ids: {} },
      invoicing: { reference: "PO-1" },
      invoicing_enabled: true,
      tracking: { created_from_rfp: null, created_from_template: null },
      tax_options: { mode: "standard", tax_included: false, tax_label_key: "moms" },
      is_only_proposal_in_series: true,
      is_test: false,
      recipient_is_set: true,
      recipient_name: "Cora Lind",
      recipient_email: "cora@lind.example",
      value_without_tax: 200,
      value_with_tax: 250,
    });
    expect(p.series_uuid).not.toBe(uuid);
    expect(typeof p.creator_id).toBe("number");
    expect(typeof p.recipient_id).toBe("number");
    for (const field of ["status_changed_at", "updated_at"]) expectRecentUnix(p[field]);
    for (const field of [
      "contact_phone",
      "contact_title",
      "contact_avatar_transform",
      "pending_reason",
      "recipient_phone",
      "recipient_company_name",
    ]) {
      expect(typeof p[field], field).toBe("string");
    }
    for (const field of ["is_agreement", "pending", "payments_enabled"]) expect(typeof p[field], field).toBe("boolean");
    for (const field of ["company_powerups_live", "payment", "recipient_sources"]) expect(p[field], field).toEqual(expect.any(Object));
    expect(p.blocks).toHaveLength(1);
    expect(p.blocks[0]).toMatchObject({ title: "Licens", price: 100, quantity: 2 });
  });

  it("reads is_only_proposal_in_series false once the series has a second version", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id);
    const uuid = await createDraft(ann, { recipient: { id: contact.id } });
    expect((await ann.api.post(`/v3/proposals/${uuid}/send`)).status).toBe(200);
    const next = await ann.api.post(`/v3/proposals/${uuid}`, { company_id: ann.company.id, language: "en" });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await readProposal(ann.api, uuid)).is_only_proposal_in_series).toBe(false);
    expect((await readProposal(ann.api, next.body.proposal.uuid)).is_only_proposal_in_series).toBe(false);
  });

  it("answers 404 NOT_FOUND for another company's proposal, an unknown uuid and an id that is not a uuid, showing nothing", async () => {
    const ann = await member();
    const bob = await member();
    const uuid = await createDraft(ann, { title_md: "Secret offer" });
    for (const id of [uuid, "00000000-0000-4000-8000-000000000000", "123", "not-a-uuid"]) {
      const res = await bob.api.get(`/v3/proposals/${id}`);
      expectProposalsError(res, 404, "NOT_FOUND");
      expect(JSON.stringify(res.body)).not.toContain("Secret offer");
    }
  });

  it("answers 401 without a key", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const res = await fetch(`${server.url}/api/proposals/v3/proposals/${uuid}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHORIZED");
  });
});

describe("[PROPOSALS] markdown and variables", () => {
  it("fills title variables from data (fallback when absent) with no other formatting", async () => {
    const ann = await member();
    const read = await readProposal(
      ann.api,
      await createDraft(ann, {
        title_md: "*Offer* # for [name](data:text/plain,customer) by [our team](data:text/plain,seller) <b>",
        data: { customer: "<Acme & Co>" },
      }),
    );
    expect(read.title).toBe("*Offer* # for <Acme & Co> by our team <b>");
  });

  it("renders description_html with headers, bold, left-aligned paragraphs and variables only, escaping the rest", async () => {
    const ann = await member();
    const md = [
      "# Offer for [x](data:text/plain,customer)",
      "## Scope",
      "### Details",
      "We *deliver* on time.",
      "Second line <script>alert(1)</script>",
      "",
      "< Left aligned",
      "",
      "[link](https://evil.example) `code` - item",
    ].join("\n");
    const read = await readProposal(ann.api, await createDraft(ann, { description_md: md, data: { customer: "<b>Acme</b>" } }));
    expect(read.description_html).toBe(
      [
        "<h1>Offer for &lt;b&gt;Acme&lt;/b&gt;</h1>",
        "<h2>Scope</h2>",
        "<h3>Details</h3>",
        "<p>We <strong>deliver</strong> on time.<br>Second line &lt;script&gt;alert(1)&lt;/script&gt;</p>",
        '<p class="text-left">Left aligned</p>',
        "<p>[link](https://evil.example) `code` - item</p>",
      ].join("\n"),
    );
    expect(read.description_html).not.toContain("<script>");
    expect(read.description_html).not.toContain("<a ");
  });

  it("recomputes title and description_html when description_md or data changes, through PATCH and PATCH /data", async () => {
    const ann = await member();
    const uuid = await createDraft(ann, {
      title_md: "For [someone](data:text/plain,customer)",
      description_md: "Dear [customer](data:text/plain,customer)",
    });
    const first = await readProposal(ann.api, uuid);
    expect(first.title).toBe("For someone");
    expect(first.description_html).toBe("<p>Dear customer</p>");

    const patched = await ann.api.patch(`/v3/proposals/${uuid}`, { company_id: ann.company.id, data: { customer: "Acme" } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.description_html).toBe("<p>Dear Acme</p>");
    expect(patched.body.data.title).toBe("For Acme");

    expect((await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: { customer: "Globex" } })).status).toBe(200);
    expect((await readProposal(ann.api, uuid)).description_html).toBe("<p>Dear Globex</p>");

    const md = await ann.api.patch(`/v3/proposals/${uuid}`, {
      company_id: ann.company.id,
      description_md: "# Hi [c](data:text/plain,customer)",
    });
    expect(md.body.data.description_html).toBe("<h1>Hi Globex</h1>");

    expect((await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: { customer: null } })).status).toBe(200);
    const last = await readProposal(ann.api, uuid);
    expect(last.description_html).toBe("<h1>Hi c</h1>");
    expect(last.title).toBe("For someone");
  });
});

// ---- Values (docs/decisions/006-proposal-values.md) -----------------------------------------

describe("[PROPOSALS] value_without_tax and value_with_tax", () => {
  async function valuesOf(ann: CompanyMember, taxOptions: Record<string, unknown> | undefined, blocks: Record<string, unknown>[]) {
    const uuid = await createDraft(ann, { ...(taxOptions ? { tax_options: taxOptions } : {}), blocks });
    const read = await readProposal(ann.api, uuid);
    return {
      total: [read.value_without_tax, read.value_with_tax],
      lines: read.blocks.map((b: any) => [b.value_without_tax, b.value_with_tax]),
    };
  }

  async function priced(ann: CompanyMember) {
    const a = await seedPricedItem({ companyId: ann.company.id, price: 100, taxRate: 25 });
    const b = await seedPricedItem({ companyId: ann.company.id, price: 19.99, taxRate: 12 });
    const free = await seedPricedItem({ companyId: ann.company.id, price: null, taxRate: null });
    return [
      { content_id: a.variationId, quantity: 2, discount: 10 },
      { content_id: b.variationId, quantity: 3 },
      { content_id: free.variationId },
    ];
  }

  it("standard without tax_included: net = price x quantity less discount, gross adds each line's rounded tax", async () => {
    const ann = await member();
    // 100 x 2 - 10 % = 180.00 (+45.00); 19.99 x 3 = 59.97 (+7.1964 -> 7.20); no price = 0
    expect(await valuesOf(ann, { mode: "standard", tax_included: false }, await priced(ann))).toEqual({
      total: [239.97, 292.17],
      lines: [
        [180, 225],
        [59.97, 67.17],
        [0, 0],
      ],
    });
  });

  it("standard with tax_included: the amount is gross and net is taken out of it per line", async () => {
    const ann = await member();
    // 180.00 gross -> 144.00 net; 59.97 gross -> 53.5446 -> 53.54 net
    expect(await valuesOf(ann, { mode: "standard", tax_included: true }, await priced(ann))).toEqual({
      total: [197.54, 239.97],
      lines: [
        [144, 180],
        [53.54, 59.97],
        [0, 0],
      ],
    });
  });

  it("simplified follows tax_included like standard", async () => {
    const ann = await member();
    expect((await valuesOf(ann, { mode: "simplified" }, await priced(ann))).total).toEqual([239.97, 292.17]);
    expect((await valuesOf(ann, { mode: "simplified", tax_included: true }, await priced(ann))).total).toEqual([197.54, 239.97]);
  });

  it("tax-free and none show the same value with and without tax, whatever the rates and tax_included", async () => {
    const ann = await member();
    for (const mode of ["tax-free", "none"]) {
      for (const tax_included of [false, true]) {
        expect((await valuesOf(ann, { mode, tax_included }, await priced(ann))).total, `${mode} ${tax_included}`).toEqual([239.97, 239.97]);
      }
    }
  });

  it("takes the company's tax mode when the proposal names none, and block price/tax rate overrides over the library's", async () => {
    const ann = await member();
    const db = await getDb();
    await db.company.update({ where: { id: ann.company.id }, data: { taxMode: "none" } });
    const item = await seedPricedItem({ companyId: ann.company.id, price: 100, taxRate: 25 });
    expect((await valuesOf(ann, undefined, [{ content_id: item.variationId }])).total).toEqual([100, 100]);
    expect(
      (await valuesOf(ann, { mode: "standard" }, [{ content_id: item.variationId, price: 10, tax_rate: 6, quantity: 0.5, discount: 50 }]))
        .total,
    ).toEqual([2.5, 2.65]);
  });

  it("rounds each line to the currency's minor unit: 400 lines of 0.10 at 25 % give 52.00 with tax, not 50.00", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, price: 0.1, taxRate: 25 });
    const blocks = Array.from({ length: 400 }, () => ({ content_id: item.variationId }));
    // 0.10 + round(0.025) = 0.13 per line
    expect((await valuesOf(ann, { mode: "standard" }, blocks)).total).toEqual([40, 52]);
  });

  it("refuses a discount or tax rate outside 0..100, a zero or negative quantity and a negative price", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id });
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      blocks: [
        { content_id: item.variationId, discount: 101 },
        { content_id: item.variationId, tax_rate: -1 },
        { content_id: item.variationId, quantity: 0 },
        { content_id: item.variationId, price: -5 },
      ],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(
      expect.arrayContaining(["blocks.0.discount", "blocks.1.tax_rate", "blocks.2.quantity", "blocks.3.price"]),
    );
  });

  it("new drafts take the company's discount_decimals; the body may choose 0, 1 or 2 and nothing else", async () => {
    const ann = await member();
    const db = await getDb();
    await db.company.update({ where: { id: ann.company.id }, data: { discountDecimals: 2 } });
    expect((await readProposal(ann.api, await createDraft(ann))).discount_decimals).toBe(2);
    expect((await readProposal(ann.api, await createDraft(ann, { discount_decimals: 0 }))).discount_decimals).toBe(0);
    const res = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language: "en", discount_decimals: 3 });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["discount_decimals"]);
  });
});

// Used by the expiry check in GET: an active proposal past its expiry reads as expired.
describe("[PROPOSALS] GET reads expiry", () => {
  it("reads an active proposal whose expires_at has passed as expired, with expires_at in UNIX seconds", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id);
    const uuid = await createDraft(ann, { recipient: { id: contact.id } });
    const expiresAt = nowSeconds() + 3600;
    const sent = await ann.api.post(`/v3/proposals/${uuid}/send`, { expires_at: expiresAt });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "active", expires_at: expiresAt });
    await setProposalColumns(uuid, { expiresAt: new Date(Date.now() - 1000) });
    expect((await readProposal(ann.api, uuid)).status).toBe("expired");
  });
});
