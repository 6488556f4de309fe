/**
 * The proposal read model is sent without the pipeline's schema pass (`proposalAnswer` in
 * lib/proposals/proposals/read-model.ts): toProposalDto must build exactly what the response schema
 * makes of it, for every kind of proposal, and a row holding keys the read model does not list
 * (an older row, a hand edit) must not show them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findProposalRow, toProposalDto } from "@/lib/proposals/proposals/read-model";
import { Proposal } from "@/lib/proposals/proposals/schemas";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  seedCompanyMember,
  seedContact,
  seedPricedItem,
  setProposalColumns,
  uploadedImageRef,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedCompanyMember(server);
});
afterAll(() => server.close());

/** A draft with every part of the read model set. */
async function fullDraft(ann: CompanyMember) {
  const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Licence" }, price: 99.95, taxRate: 12.5 });
  const contact = await seedContact(ann.company.id);
  return createDraft(ann, {
    title_md: "Offer for [c](data:text/plain,customer)",
    description_md: "# Hello\n\nSee **this**.",
    data: { customer: "Acme", nested: { a: [1, 2] } },
    recipient: { id: contact.id },
    tax_options: { mode: "standard", tax_included: true, tax_label_key: "vat" },
    blocks: [{ content_id: item.variationId, quantity: 3, discount: 12.5 }, { video_url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" }],
    attachments: [{ mime_type: "text/html", name: "Site", url: "https://www.example.com/" }],
    background_image: await uploadedImageRef(ann),
    invoicing_enabled: true,
    invoicing: { reference: "PO-1" },
  });
}

/** The DTO of a proposal's row, and what the response schema makes of it. */
async function dtoAndSchema(uuid: string) {
  const row = await findProposalRow(await getDb(), uuid);
  const dto = toProposalDto(row!);
  return { dto, parsed: Proposal.parse(structuredClone(dto)) };
}

describe("[PROPOSALS] the read model equals its response schema's output", () => {
  it("for a bare draft, a full draft, a sent proposal and a template", async () => {
    const ann = await seedCompanyMember(server);
    const uuids = [await createDraft(ann), await fullDraft(ann), await createSentProposal(ann), await fullDraft(ann)];
    await setProposalColumns(uuids[3], { status: "template" });
    for (const uuid of uuids) {
      const { dto, parsed } = await dtoAndSchema(uuid);
      expect(dto).toStrictEqual(parsed);
      // And the answer on the wire is that DTO.
      const res = await ann.api.get(`/v3/proposals/${uuid}`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual(JSON.parse(JSON.stringify({ data: dto })));
    }
  });

  it("leaves out keys a stored row holds beyond the read model, on GET, PATCH and a block edit", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await fullDraft(ann);
    const db = await getDb();
    const row = await db.proposal.findUniqueOrThrow({ where: { id: uuid } });
    const stray = { internal_note: "stray-secret" };
    await db.proposal.update({
      where: { id: uuid },
      data: {
        blocks: (row.blocks as object[]).map((b) => ({ ...b, ...stray })),
        attachments: (row.attachments as object[]).map((a) => ({ ...a, ...stray })),
        backgroundImage: { ...(row.backgroundImage as object), ...stray },
        signatures: [{ name: "Signer", email: "signer@example.test", signed_at: 1_700_000_000, ...stray }],
        editor: { notification_user_ids: {}, ...stray },
      },
    });
    const { dto, parsed } = await dtoAndSchema(uuid);
    expect(dto).toStrictEqual(parsed);
    expect(dto.signatures).toEqual([{ name: "Signer", email: "signer@example.test", signed_at: 1_700_000_000 }]);

    const read = await ann.api.get(`/v3/proposals/${uuid}`);
    const blockUuid = read.body.data.blocks[0].uuid;
    const patched = await ann.api.patch(`/v3/proposals/${uuid}`, {
      company_id: ann.company.id,
      title_md: "Changed",
      blocks: read.body.data.blocks.map((b: { uuid: string; content_id: number | null; video_url: string | null }) =>
        b.content_id === null ? { uuid: b.uuid, video_url: b.video_url } : { uuid: b.uuid, content_id: b.content_id },
      ),
    });
    const edited = await ann.api.patch(`/v3/proposals/${uuid}/blocks/${blockUuid}`, { title: "Tailored" });
    for (const res of [read, patched, edited]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain("stray-secret");
      expect(res.body).toStrictEqual({ data: Proposal.parse(res.body.data) });
    }
    expect(patched.body.data.title_md).toBe("Changed");
    expect(edited.body.data.blocks[0].title).toBe("Tailored");
  });
});
