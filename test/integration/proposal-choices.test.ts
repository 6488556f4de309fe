/**
 * Buyer choices (docs/decisions/035-buyer-choices.md): optional blocks and quantity ranges set by
 * the sales staff through the API, the totals that leave out what the customer left out, the
 * customer's choices through POST /api/public/proposals/{uuid}/choices, their audit events, and
 * the recipient page's summary of what changed since the version the customer last viewed.
 */
import { randomInt } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Caller } from "@/lib/api/authenticate";
import { getDb } from "@/lib/db/client";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedContact,
  seedPricedItem,
  setProposalColumns,
  type CompanyMember,
} from "../proposals-factories";

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
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
const choose = (uuid: string, body: unknown, headers?: Record<string, string>) =>
  publicClient(server).post(`/proposals/${uuid}/choices`, body, headers);
const asRecipient = async (uuid: string) => getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() });
const asMember = async (who: CompanyMember, uuid: string) => {
  const viewer: Caller = { userId: who.user.id, name: who.user.name, email: who.user.email, via: "session", apiKeyId: null, apiKey: null };
  return getPublicProposal(await getDb(), uuid, { viewer, address: anAddress() });
};

/** The app's error shape (`{error, code, details?}`) with this status and code. */
function expectAppError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code }));
}

type Block = {
  uuid: string;
  title: string;
  quantity: number;
  optional: boolean;
  selected: boolean;
  quantity_min: number | null;
  quantity_max: number | null;
  value_without_tax: number;
  value_with_tax: number;
};

/**
 * A company with three priced items, 25 % tax: panels (100, 1..20, starting at 2), a battery
 * (4,000, optional, starting in) and an inspection (250, fixed, always in).
 */
async function catalogue(who: CompanyMember) {
  const companyId = who.company.id;
  return {
    panel: await seedPricedItem({ companyId, title: { en: "Solar panel" }, price: 100, taxRate: 25, unit: "pcs" }),
    battery: await seedPricedItem({ companyId, title: { en: "Battery" }, price: 4000, taxRate: 25 }),
    inspection: await seedPricedItem({ companyId, title: { en: "Inspection" }, price: 250, taxRate: 25 }),
  };
}

async function offerBlocks(who: CompanyMember): Promise<Record<string, unknown>[]> {
  const items = await catalogue(who);
  return [
    { content_id: items.panel.variationId, quantity: 2, quantity_min: 1, quantity_max: 20 },
    { content_id: items.battery.variationId, optional: true, selected: true },
    { content_id: items.inspection.variationId },
  ];
}

/** A sent proposal of the offer; answers its uuid and its blocks' uuids (panel, battery, inspection). */
async function sentOffer(who: CompanyMember, body: Record<string, unknown> = {}) {
  const uuid = await createSentProposal(who, { blocks: await offerBlocks(who), tax_options: { mode: "standard" }, ...body });
  const [panel, battery, inspection] = (await readProposal(who.api, uuid)).blocks as Block[];
  return { uuid, panel: panel.uuid, battery: battery.uuid, inspection: inspection.uuid };
}

/** A proposal's stored blocks and its events, straight from the database: what "nothing changes" compares. */
async function stored(uuid: string) {
  const db = await getDb();
  const row = await db.proposal.findUniqueOrThrow({ where: { id: uuid }, select: { blocks: true, updatedAt: true, status: true } });
  const events = await db.proposalEvent.findMany({ where: { proposalId: uuid }, orderBy: { id: "asc" } });
  return { ...row, events: events.map((e) => ({ type: e.type, detail: e.detail, actorKind: e.actorKind, actorName: e.actorName })) };
}

describe("[CHOICES] optional blocks and quantity ranges through the API", () => {
  it("create stores them and the read model shows them; a block without them is fixed and included", async () => {
    const ann = await member();
    const uuid = await createDraft(ann, { blocks: await offerBlocks(ann), tax_options: { mode: "standard" } });
    const read = await readProposal(ann.api, uuid);
    expect(read.blocks.map((b: Block) => [b.title, b.quantity, b.optional, b.selected, b.quantity_min, b.quantity_max])).toEqual([
      ["Solar panel", 2, false, true, 1, 20],
      ["Battery", 1, true, true, null, null],
      ["Inspection", 1, false, true, null, null],
    ]);
    // 200 + 4,000 + 250 without tax, and 25 % on top.
    expect(read).toMatchObject({ value_without_tax: 4450, value_with_tax: 5562.5 });
  });

  it("totals leave out an optional block that is not selected; its line keeps its own values", async () => {
    const ann = await member();
    const blocks = await offerBlocks(ann);
    blocks[1] = { ...blocks[1], selected: false };
    const uuid = await createDraft(ann, { blocks, tax_options: { mode: "standard" } });
    const read = await readProposal(ann.api, uuid);
    expect(read.blocks[1]).toMatchObject({ optional: true, selected: false, value_without_tax: 4000, value_with_tax: 5000 });
    expect(read).toMatchObject({ value_without_tax: 450, value_with_tax: 562.5 });
    // A block that is not optional is always in, whatever `selected` says.
    const fixed = await createDraft(ann, { blocks: [{ ...blocks[2], selected: false }] });
    expect((await readProposal(ann.api, fixed)).blocks[0]).toMatchObject({ optional: false, selected: true });
    expect((await readProposal(ann.api, fixed)).value_without_tax).toBe(250);
  });

  it("PATCH keeps them by uuid when left out, changes what is sent, and a new version carries them over", async () => {
    const ann = await member();
    const uuid = await createDraft(ann, { blocks: await offerBlocks(ann) });
    const before = (await readProposal(ann.api, uuid)).blocks as Block[];
    const echo = before.map((b) => ({ uuid: b.uuid, content_id: (b as unknown as { content_id: number }).content_id }));

    // Reordered, nothing else sent: every choice field stays with its block.
    const reordered = await ann.api.patch(`/v3/proposals/${uuid}`, { company_id: ann.company.id, blocks: [echo[2], echo[0], echo[1]] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.blocks.map((b: Block) => [b.uuid, b.optional, b.quantity_min, b.quantity_max])).toEqual([
      [before[2].uuid, false, null, null],
      [before[0].uuid, false, 1, 20],
      [before[1].uuid, true, null, null],
    ]);

    // Sent fields change; the others of the block stay.
    const changed = await ann.api.patch(`/v3/proposals/${uuid}`, {
      company_id: ann.company.id,
      blocks: [
        { ...echo[0], quantity_max: 8 },
        { ...echo[1], selected: false },
        { ...echo[2], optional: true },
      ],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.blocks.map((b: Block) => [b.optional, b.selected, b.quantity, b.quantity_min, b.quantity_max])).toEqual([
      [false, true, 2, 1, 8],
      [true, false, 1, null, null],
      [true, true, 1, null, null],
    ]);
    // A range cleared: the quantity is fixed again.
    const cleared = await ann.api.patch(`/v3/proposals/${uuid}`, {
      company_id: ann.company.id,
      blocks: [{ ...echo[0], quantity_min: null, quantity_max: null }, echo[1], echo[2]],
    });
    expect(cleared.body.data.blocks[0]).toMatchObject({ quantity_min: null, quantity_max: null, quantity: 2 });

    // A new version of the sent proposal starts with the same choices.
    const sent = await createSentProposal(ann, { blocks: await offerBlocks(ann) });
    const next = await ann.api.post(`/v3/proposals/${sent}`, { company_id: ann.company.id, language: "en" });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const draft = await readProposal(ann.api, next.body.proposal.uuid);
    expect(draft.blocks.map((b: Block) => [b.optional, b.selected, b.quantity_min, b.quantity_max])).toEqual([
      [false, true, 1, 20],
      [true, true, null, null],
      [false, true, null, null],
    ]);
  });

  it("refuses a bad range with a path naming the block and field, and changes nothing", async () => {
    const ann = await member();
    const items = await catalogue(ann);
    const id = items.panel.variationId;
    const cases: [Record<string, unknown>, string][] = [
      [{ content_id: id, quantity_min: 1 }, "blocks.0.quantity_max"],
      [{ content_id: id, quantity_max: 5 }, "blocks.0.quantity_min"],
      [{ content_id: id, quantity: 3, quantity_min: 5, quantity_max: 2 }, "blocks.0.quantity_min"],
      [{ content_id: id, quantity: 30, quantity_min: 1, quantity_max: 20 }, "blocks.0.quantity"],
      // A new block's quantity is 1 unless sent: below a minimum of 2.
      [{ content_id: id, quantity_min: 2, quantity_max: 5 }, "blocks.0.quantity"],
      [{ content_id: id, quantity_min: 0, quantity_max: 5 }, "blocks.0.quantity_min"],
      [{ content_id: id, quantity_min: -1, quantity_max: 5 }, "blocks.0.quantity_min"],
      [{ content_id: id, optional: "yes" }, "blocks.0.optional"],
      [{ content_id: id, selected: 1 }, "blocks.0.selected"],
    ];
    for (const [block, path] of cases) {
      const res = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language: "en", blocks: [block] });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), JSON.stringify(block)).toContain(path);
    }

    // On PATCH, the range as merged with what is stored: a quantity above the stored maximum.
    const uuid = await createDraft(ann, { blocks: [{ content_id: id, quantity: 2, quantity_min: 1, quantity_max: 10 }] });
    const [block] = (await readProposal(ann.api, uuid)).blocks as Block[];
    const before = await stored(uuid);
    for (const [change, path] of [
      [{ quantity: 20 }, "blocks.0.quantity"],
      [{ quantity_min: 3 }, "blocks.0.quantity"],
      [{ quantity_max: null }, "blocks.0.quantity_max"],
    ] as const) {
      const res = await ann.api.patch(`/v3/proposals/${uuid}`, {
        company_id: ann.company.id,
        blocks: [{ uuid: block.uuid, content_id: id, ...change }],
      });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), JSON.stringify(change)).toEqual([path]);
    }
    expect(await stored(uuid)).toEqual(before);
  });

  it("the editor's block edit sets them, and refuses a range the stored quantity falls outside", async () => {
    const ann = await member();
    const items = await catalogue(ann);
    const uuid = await createDraft(ann, { blocks: [{ content_id: items.panel.variationId, quantity: 4 }] });
    const [block] = (await readProposal(ann.api, uuid)).blocks as Block[];
    const edit = (body: unknown) => ann.api.patch(`/v3/proposals/${uuid}/blocks/${block.uuid}`, body);

    const ok = await edit({ optional: true, selected: false, quantity_min: 2, quantity_max: 6 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.blocks[0]).toMatchObject({ optional: true, selected: false, quantity: 4, quantity_min: 2, quantity_max: 6 });
    expect(ok.body.data).toMatchObject({ value_without_tax: 0, value_with_tax: 0 });

    const before = await stored(uuid);
    const outside = await edit({ quantity: 7 });
    expectProposalsError(outside, 400, "VALIDATION_ERROR");
    expect(issuePaths(outside)).toEqual(["quantity"]);
    const half = await edit({ quantity_max: null });
    expectProposalsError(half, 400, "VALIDATION_ERROR");
    expect(issuePaths(half)).toEqual(["quantity_max"]);
    const inverted = await edit({ quantity_min: 6, quantity_max: 2 });
    expectProposalsError(inverted, 400, "VALIDATION_ERROR");
    expect(issuePaths(inverted)).toEqual(["quantity_min"]);
    expect(await stored(uuid)).toEqual(before);

    // Made not optional again: it is in the offer.
    const fixed = await edit({ optional: false });
    expect(fixed.body.data.blocks[0]).toMatchObject({ optional: false, selected: true });
    expect(fixed.body.data.value_without_tax).toBe(400);
  });
});

describe("[CHOICES] POST /api/public/proposals/{uuid}/choices", () => {
  it("the customer leaves out an option and chooses a quantity: totals follow, the sales side reads the same, one event", async () => {
    const ann = await member();
    const offer = await sentOffer(ann);
    const res = await choose(offer.uuid, {
      blocks: [
        { uuid: offer.battery, selected: false },
        { uuid: offer.panel, quantity: 5 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 5 × 100 + 250 without tax; the battery's line is still priced.
    expect(res.body.data).toMatchObject({ value_without_tax: 750, value_with_tax: 937.5 });
    expect(res.body.data.blocks.map((b: Block) => [b.quantity, b.selected, b.value_without_tax])).toEqual([
      [5, true, 500],
      [1, false, 4000],
      [1, true, 250],
    ]);
    expect(res.body.data).not.toHaveProperty("data");

    const read = await readProposal(ann.api, offer.uuid);
    expect(read).toMatchObject({ status: "active", value_without_tax: 750, value_with_tax: 937.5 });
    expect(read.blocks.map((b: Block) => [b.quantity, b.selected])).toEqual([
      [5, true],
      [1, false],
      [1, true],
    ]);

    const trail = await ann.api.get(`/v3/proposals/${offer.uuid}/events`);
    const changes = trail.body.data.filter((e: { type: string }) => e.type === "choices_changed");
    expect(changes).toEqual([
      {
        type: "choices_changed",
        created_at: expect.any(Number),
        actor: { kind: "recipient", name: expect.any(String) },
        detail: {
          blocks: [
            { uuid: offer.battery, title: "Battery", selected: { from: true, to: false } },
            { uuid: offer.panel, title: "Solar panel", quantity: { from: 2, to: 5 } },
          ],
          value_without_tax: 750,
          value_with_tax: 937.5,
        },
      },
    ]);
    expect(changes[0].actor.name).not.toBe("");

    // Taken back in: the totals are the offer's again.
    const back = await choose(offer.uuid, { blocks: [{ uuid: offer.battery, selected: true }] });
    expect(back.body.data).toMatchObject({ value_without_tax: 4750, value_with_tax: 5937.5 });
  });

  it("a save that changes nothing answers the proposal and records nothing; updated_at stays the editors'", async () => {
    const ann = await member();
    const offer = await sentOffer(ann);
    const before = await stored(offer.uuid);
    const res = await choose(offer.uuid, {
      blocks: [
        { uuid: offer.panel, quantity: 2 },
        { uuid: offer.battery, selected: true },
        { uuid: offer.inspection, selected: true, quantity: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.value_without_tax).toBe(4450);
    expect(await stored(offer.uuid)).toEqual(before);

    expect((await choose(offer.uuid, { blocks: [{ uuid: offer.panel, quantity: 3 }] })).status).toBe(200);
    expect((await stored(offer.uuid)).updatedAt).toEqual(before.updatedAt);
  });

  it("refuses each bad choice in the app's shape, naming the block; nothing changes", async () => {
    const ann = await member();
    const offer = await sentOffer(ann);
    const before = await stored(offer.uuid);
    const cases: [unknown, string, RegExp][] = [
      [{ blocks: [{ uuid: "00000000-0000-4000-8000-000000000000", selected: false }] }, "blocks.0.uuid", /No item with this uuid/],
      [{ blocks: [{ uuid: offer.inspection, selected: false }] }, "blocks.0.selected", /“Inspection” is part of the offer/],
      [{ blocks: [{ uuid: offer.panel, quantity: 21 }] }, "blocks.0.quantity", /from 1 to 20/],
      [{ blocks: [{ uuid: offer.panel, quantity: 0.5 }] }, "blocks.0.quantity", /from 1 to 20/],
      [{ blocks: [{ uuid: offer.inspection, quantity: 2 }] }, "blocks.0.quantity", /fixed at 1/],
      // A good choice beside a bad one: neither is applied.
      [
        {
          blocks: [
            { uuid: offer.battery, selected: false },
            { uuid: offer.panel, quantity: 99 },
          ],
        },
        "blocks.1.quantity",
        /from 1 to 20/,
      ],
      [{ blocks: [{ uuid: offer.panel, quantity: 0 }] }, "blocks.0.quantity", /above 0/],
      [{ blocks: [{ uuid: offer.panel, quantity: -3 }] }, "blocks.0.quantity", /above 0/],
      [{ blocks: [{ uuid: offer.panel, quantity: "5" }] }, "blocks.0.quantity", /./],
      [{ blocks: [{ uuid: offer.panel }] }, "blocks.0", /selected, quantity or both/],
      [{ blocks: [{ uuid: offer.panel, selected: true, price: 0 }] }, "blocks.0.price", /Unknown field/],
      [
        {
          blocks: [
            { uuid: offer.panel, quantity: 3 },
            { uuid: offer.panel, quantity: 4 },
          ],
        },
        "blocks.1.uuid",
        /listed twice/,
      ],
      [{ blocks: [] }, "blocks", /at least one/],
      [{ blocks: [{ uuid: "not-a-uuid", selected: true }] }, "blocks.0.uuid", /./],
      [{}, "blocks", /./],
      [{ blocks: [{ uuid: offer.battery, selected: false }], total: 0 }, "total", /Unknown field/],
    ];
    for (const [body, path, message] of cases) {
      const res = await choose(offer.uuid, body);
      expectAppError(res, 400, "validation_error");
      const issues = res.body.details.issues as { path: string; message: string }[];
      const issue = issues.find((i) => i.path === path);
      expect(issue, `${JSON.stringify(body)}: ${JSON.stringify(issues)}`).toBeDefined();
      expect(issue!.message).toMatch(message);
    }
    const notJson = await choose(offer.uuid, "{not json");
    expectAppError(notJson, 400, "invalid_json");
    expect(await stored(offer.uuid)).toEqual(before);
  });

  it("only an active proposal takes choices: each other status says why (409) and nothing changes; drafts and templates do not exist (404)", async () => {
    const ann = await member();
    const accepted = await sentOffer(ann);
    expect((await publicClient(server).post(`/proposals/${accepted.uuid}/accept`, { name: "Rita Recipient", consent: true })).status).toBe(
      200,
    );
    const rejected = await sentOffer(ann);
    expect((await publicClient(server).post(`/proposals/${rejected.uuid}/reject`)).status).toBe(200);
    const expired = await sentOffer(ann);
    await setProposalColumns(expired.uuid, { expiresAt: new Date("2026-01-15T12:00:00Z") });
    const withdrawn = await sentOffer(ann);
    expect((await ann.api.post(`/v3/proposals/${withdrawn.uuid}/withdraw`)).status).toBe(200);
    const replaced = await sentOffer(ann);
    const next = await ann.api.post(`/v3/proposals/${replaced.uuid}`, { company_id: ann.company.id, language: "en" });
    expect((await ann.api.post(`/v3/proposals/${next.body.proposal.uuid}/send`)).status).toBe(200);

    const cases: [typeof accepted, RegExp][] = [
      [accepted, /already been accepted/],
      [rejected, /already been declined/],
      [expired, /expired on 2026-01-15/],
      [withdrawn, /withdrawn/],
      [replaced, /replaced by a newer version/],
    ];
    for (const [offer, message] of cases) {
      const before = await stored(offer.uuid);
      const res = await choose(offer.uuid, { blocks: [{ uuid: offer.battery, selected: false }] });
      expectAppError(res, 409, "not_editable");
      expect(res.body.error).toMatch(message);
      expect(await stored(offer.uuid)).toEqual(before);
    }

    const draft = await createDraft(ann, { blocks: await offerBlocks(ann) });
    const [, battery] = (await readProposal(ann.api, draft)).blocks as Block[];
    expectAppError(await choose(draft, { blocks: [{ uuid: battery.uuid, selected: false }] }), 404, "not_found");
    const template = await sentOffer(ann);
    await setProposalColumns(template.uuid, { status: "template" });
    expectAppError(await choose(template.uuid, { blocks: [{ uuid: template.battery, selected: false }] }), 404, "not_found");
    expectAppError(await choose("00000000-0000-4000-8000-000000000000", { blocks: [] }), 404, "not_found");
    expectAppError(await choose("not-a-uuid", { blocks: [] }), 404, "not_found");
  });

  it("concurrent saves of different blocks all stay (the row lock orders them); one event each", async () => {
    const ann = await member();
    const item = await seedPricedItem({ companyId: ann.company.id, price: 10, taxRate: 0 });
    const blocks = Array.from({ length: 12 }, () => ({ content_id: item.variationId, quantity: 1, quantity_min: 1, quantity_max: 50 }));
    const uuid = await createSentProposal(ann, { blocks });
    const uuids = ((await readProposal(ann.api, uuid)).blocks as Block[]).map((b) => b.uuid);

    const results = await Promise.all(uuids.map((blockUuid, i) => choose(uuid, { blocks: [{ uuid: blockUuid, quantity: i + 2 }] })));
    expect(results.map((r) => r.status)).toEqual(uuids.map(() => 200));
    const read = await readProposal(ann.api, uuid);
    expect(read.blocks.map((b: Block) => b.quantity)).toEqual(uuids.map((_, i) => i + 2));
    // (2 + 3 + … + 13) × 10
    expect(read.value_without_tax).toBe(900);
    const events = (await stored(uuid)).events.filter((e) => e.type === "choices_changed");
    expect(events).toHaveLength(12);
  });

  it("choices racing an acceptance: those before it are frozen into the accepted proposal, those after are refused", async () => {
    const ann = await member();
    const offer = await sentOffer(ann);
    const saves = Array.from({ length: 6 }, (_, i) => choose(offer.uuid, { blocks: [{ uuid: offer.panel, quantity: i + 3 }] }));
    const accept = publicClient(server).post(`/proposals/${offer.uuid}/accept`, { name: "Rita Recipient", consent: true });
    const [acceptance, ...results] = await Promise.all([accept, ...saves]);
    expect(acceptance.status).toBe(200);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const read = await readProposal(ann.api, offer.uuid);
    expect(read.status).toBe("accepted");
    const events = (await stored(offer.uuid)).events;
    const acceptedAt = events.findIndex((e) => e.type === "accepted");
    const before = events.slice(0, acceptedAt).filter((e) => e.type === "choices_changed");
    expect(events.slice(acceptedAt).filter((e) => e.type === "choices_changed")).toEqual([]);
    expect(before).toHaveLength(results.filter((r) => r.status === 200).length);
    // The accepted quantity is the last saved before the acceptance (or the offer's own 2).
    const last = before.at(-1)?.detail as { blocks: { quantity: { to: number } }[] } | undefined;
    expect(read.blocks[0].quantity).toBe(last ? last.blocks[0].quantity.to : 2);
  });

  it("has a budget per client address of its own: the N+1th save is 429 in the app's shape; answers are not counted against it", async () => {
    vi.stubEnv("TRUST_PROXY", "2");
    vi.stubEnv("PUBLIC_CHOICES_PER_ADDRESS", "3");
    const ann = await member();
    const offer = await sentOffer(ann);
    const from = { "x-forwarded-for": anAddress() };
    for (let i = 0; i < 3; i++)
      expect((await choose(offer.uuid, { blocks: [{ uuid: offer.panel, quantity: i + 3 }] }, from)).status).toBe(200);
    const refused = await choose(offer.uuid, { blocks: [{ uuid: offer.panel, quantity: 9 }] }, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/Too many requests: try again in \d+ s/), code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await readProposal(ann.api, offer.uuid)).blocks[0].quantity).toBe(5);
    // The same address may still answer, and another address may still choose.
    expect((await choose(offer.uuid, { blocks: [{ uuid: offer.panel, quantity: 9 }] }, { "x-forwarded-for": anAddress() })).status).toBe(
      200,
    );
    expect((await publicClient(server).post(`/proposals/${offer.uuid}/accept`, { name: "Rita", consent: true }, from)).status).toBe(200);
  });
});

describe("[VERSION DIFF] what changed since the version the customer viewed", () => {
  /** v1 sent to a known recipient, with a description; answers what a new version needs. */
  async function firstVersion(who: CompanyMember) {
    const contact = await seedContact(who.company.id, { firstName: "Rita" });
    const items = await catalogue(who);
    const uuid = await createSentProposal(who, {
      recipient: { id: contact.id },
      title_md: "Solar roof",
      description_md: "# Your roof\n\nTwelve panels on the south side.\n\nDelivery in May.",
      tax_options: { mode: "standard" },
      blocks: [
        { content_id: items.panel.variationId, quantity: 2, quantity_min: 1, quantity_max: 20 },
        { content_id: items.inspection.variationId },
      ],
    });
    return { uuid, items, contact };
  }

  /** The next version made from `source` with `body`, sent; answers its uuid. */
  async function nextVersion(who: CompanyMember, source: string, body: Record<string, unknown>) {
    const res = await who.api.post(`/v3/proposals/${source}`, { company_id: who.company.id, language: "en", ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const uuid = res.body.proposal.uuid as string;
    expect((await who.api.post(`/v3/proposals/${uuid}/send`)).status).toBe(200);
    return uuid;
  }

  it("after viewing v1 the customer opens v2: added and removed blocks, prices, quantities, totals and the changed paragraphs", async () => {
    const ann = await member();
    const v1 = await firstVersion(ann);
    expect((await asRecipient(v1.uuid)).changes).toBeNull();
    const [panel] = (await readProposal(ann.api, v1.uuid)).blocks as (Block & { content_id: number })[];

    const v2 = await nextVersion(ann, v1.uuid, {
      description_md: "# Your roof\n\nFourteen panels on the south side.\n\nDelivery in May.\n\nA battery keeps the evenings lit.",
      blocks: [
        { uuid: panel.uuid, content_id: panel.content_id, quantity: 4, price: 90 },
        { content_id: v1.items.battery.variationId, optional: true },
      ],
    });
    const { proposal, changes } = await asRecipient(v2);
    const before = await readProposal(ann.api, v1.uuid);
    expect(changes).not.toBeNull();
    expect(changes).toMatchObject({
      from_version: 1,
      to_version: 2,
      title: null,
      has_changes: true,
      totals_changed: true,
      totals: {
        before: { value_without_tax: before.value_without_tax, value_with_tax: before.value_with_tax },
        after: { value_without_tax: proposal.value_without_tax, value_with_tax: proposal.value_with_tax },
      },
      description: [
        { kind: "changed", before: "Twelve panels on the south side.", after: "Fourteen panels on the south side." },
        { kind: "added", before: null, after: "A battery keeps the evenings lit." },
      ],
      more_description_changes: 0,
    });
    // 2 × 100 + 250 before; 4 × 90 + 4,000 after.
    expect(changes!.totals.before.value_without_tax).toBe(450);
    expect(changes!.totals.after.value_without_tax).toBe(4360);
    expect(changes!.added.map((b) => [b.title, b.optional, b.value_without_tax])).toEqual([["Battery", true, 4000]]);
    expect(changes!.removed.map((b) => [b.title, b.value_without_tax])).toEqual([["Inspection", 250]]);
    expect(changes!.changed).toEqual([
      expect.objectContaining({
        uuid: panel.uuid,
        title: "Solar panel",
        price: { before: 100, after: 90 },
        quantity: { before: 2, after: 4 },
        amount: { before: { value_without_tax: 200, value_with_tax: 250 }, after: { value_without_tax: 360, value_with_tax: 450 } },
      }),
    ]);
    const viewedV1 = (await readProposal(ann.api, v1.uuid)).recipient_viewed_at;
    expect(changes!.viewed_at).toBe(viewedV1);
    // What it shows was on the customer's pages already: no internal field of either version.
    expect(JSON.stringify(changes)).not.toMatch(/content_id|creator|"data"/);
  });

  it("compares with the newest version the customer viewed, and says so when nothing they see changed", async () => {
    const ann = await member();
    const v1 = await firstVersion(ann);
    await asRecipient(v1.uuid);
    const v2 = await nextVersion(ann, v1.uuid, { title_md: "Solar roof, second offer" });
    await asRecipient(v2);
    const v3 = await nextVersion(ann, v2, { invoicing_enabled: true });
    const { changes } = await asRecipient(v3);
    expect(changes).toMatchObject({ from_version: 2, to_version: 3, has_changes: false, title: null, description: [] });
  });

  it("nothing to show: an earlier version never viewed (previews do not count), another recipient's version, or a replaced page", async () => {
    const ann = await member();
    const v1 = await firstVersion(ann);
    await asMember(ann, v1.uuid);
    const v2 = await nextVersion(ann, v1.uuid, { title_md: "Second" });
    expect((await asRecipient(v2)).changes).toBeNull();

    // Rita viewed v2; v3 goes to Nils: his link shows no comparison with Rita's version.
    const nils = await seedContact(ann.company.id, { firstName: "Nils" });
    const v3 = await nextVersion(ann, v2, { recipient: { id: nils.id }, title_md: "Third" });
    expect((await asRecipient(v3)).changes).toBeNull();

    // v2, now replaced, leads to the current version instead of summarising.
    expect((await asRecipient(v2)).changes).toBeNull();

    // A series sent as a shared link (no recipient) compares nothing: anyone may hold the link.
    const shared = await createDraft(ann, { title_md: "Shared" });
    expect((await ann.api.post(`/v3/proposals/${shared}/send`)).status).toBe(200);
    await asRecipient(shared);
    const sharedNext = await nextVersion(ann, shared, { title_md: "Shared, again" });
    expect((await asRecipient(sharedNext)).changes).toBeNull();
  });
});
