/**
 * Images a proposal names by uuid (a block's image_uuids on create, background_image, a block's
 * customised images): only the company's own images, or ones the caller uploaded. Another
 * company's image, or a uuid naming nothing, is a 400 naming the field and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  expectProposalsError,
  issuePaths,
  readProposal,
  seedCompanyMember,
  seedPricedItem,
  uploadPng,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedCompanyMember(server);
});
afterAll(() => server.close());

const member = () => seedCompanyMember(server);
const NOWHERE = "00000000-0000-4000-8000-00000000abcd";

/** Ann's company and an image of Bob's company (uploaded by Bob), with its numeric id. */
async function twoCompanies() {
  const ann = await member();
  const bob = await member();
  const mine = await uploadPng(ann);
  const theirs = await uploadPng(bob);
  const db = await getDb();
  const [mineRow, theirsRow] = await Promise.all([mine, theirs].map((uuid) => db.asset.findUniqueOrThrow({ where: { uuid } })));
  const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Panel" }, price: 10 });
  return { ann, bob, mine: { id: mineRow.id, uuid: mine }, theirs: { id: theirsRow.id, uuid: theirs }, item };
}

const proposalCount = async (who: CompanyMember) => (await getDb()).proposal.count({ where: { companyId: who.company.id } });

describe("[PROPOSAL IMAGES] create", () => {
  it("refuses another company's image or an unknown uuid in blocks[].image_uuids and background_image with 400 naming each, creating nothing", async () => {
    const { ann, mine, theirs, item } = await twoCompanies();
    const before = await proposalCount(ann);
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      background_image: theirs,
      blocks: [
        { content_id: item.variationId, image_uuids: [mine.uuid, theirs.uuid] },
        { content_id: item.variationId, image_uuids: [NOWHERE] },
      ],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res).sort()).toEqual(["background_image", "blocks.0.image_uuids.1", "blocks.1.image_uuids.0"]);
    expect(await proposalCount(ann)).toBe(before);
  });

  it("refuses a background_image whose id and uuid name different images", async () => {
    const { ann, mine, theirs } = await twoCompanies();
    const res = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      background_image: { id: theirs.id, uuid: mine.uuid },
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["background_image"]);
  });

  it("takes the company's own images", async () => {
    const { ann, mine, item } = await twoCompanies();
    const uuid = await createDraft(ann, { background_image: mine, blocks: [{ content_id: item.variationId, image_uuids: [mine.uuid] }] });
    const proposal = await readProposal(ann.api, uuid);
    expect(proposal.background_image_uuid).toBe(mine.uuid);
    expect(proposal.blocks[0].image_uuids).toEqual([mine.uuid]);
  });
});

describe("[PROPOSAL IMAGES] patch, new version and block edit", () => {
  it("PATCH refuses another company's background_image with 400 and keeps the one it had", async () => {
    const { ann, mine, theirs } = await twoCompanies();
    const uuid = await createDraft(ann, { background_image: mine });
    const res = await ann.api.patch(`/v3/proposals/${uuid}`, { company_id: ann.company.id, background_image: theirs });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["background_image"]);
    expect((await readProposal(ann.api, uuid)).background_image_uuid).toBe(mine.uuid);
  });

  it("a new version refuses another company's background_image", async () => {
    const { ann, theirs } = await twoCompanies();
    const uuid = await createDraft(ann);
    const contact = await (
      await getDb()
    ).contact.create({ data: { companyId: ann.company.id, firstName: "Cora", email: "cora@x.example" } });
    await ann.api.patch(`/v3/proposals/${uuid}`, { company_id: ann.company.id, recipient: { id: contact.id } });
    expect((await ann.api.post(`/v3/proposals/${uuid}/send`)).status).toBe(200);
    const res = await ann.api.post(`/v3/proposals/${uuid}`, { company_id: ann.company.id, language: "en", background_image: theirs });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["background_image"]);
  });

  it("PATCH …/blocks/{uuid} refuses another company's image in image_uuids and keeps the block's images", async () => {
    const { ann, mine, theirs, item } = await twoCompanies();
    const uuid = await createDraft(ann, { blocks: [{ content_id: item.variationId, image_uuids: [mine.uuid] }] });
    const block = (await readProposal(ann.api, uuid)).blocks[0];
    const res = await ann.api.patch(`/v3/proposals/${uuid}/blocks/${block.uuid}`, { image_uuids: [mine.uuid, theirs.uuid] });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["image_uuids.1"]);
    expect((await readProposal(ann.api, uuid)).blocks[0].image_uuids).toEqual([mine.uuid]);
    const ok = await ann.api.patch(`/v3/proposals/${uuid}/blocks/${block.uuid}`, { image_uuids: [] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("an image the caller uploaded without a company is theirs to use", async () => {
    const ann = await member();
    const personal = await uploadPng(ann, 4, 3, null);
    const uuid = await createDraft(ann);
    const block = await ann.api.patch(`/v3/proposals/${uuid}`, {
      company_id: ann.company.id,
      background_image: { id: (await (await getDb()).asset.findUniqueOrThrow({ where: { uuid: personal } })).id, uuid: personal },
    });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
  });
});
