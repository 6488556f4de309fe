/**
 * The verifiable acceptance record (issue 27; docs/decisions/036): accepting on /p/{uuid} with the
 * typed name and the consent box stores the signer, the time, the client's address (as sign-in
 * reads it, TRUST_PROXY) and user agent, the consent text, and the proposal as the customer saw it,
 * frozen with its SHA-256; its PDF (the frozen proposal and a certificate) is made once and served
 * byte for byte from both sides; /verify recognises it, and nothing else. Any proposal downloads as
 * a PDF. The PDFs are read with pdfjs-dist, as a reader would.
 */
import { randomInt } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { pngBytes } from "@/lib/files/test-images";
import { CONSENT } from "@/lib/proposals/acceptance/consent";
import { FrozenProposal, sha256Hex } from "@/lib/proposals/acceptance/frozen-document";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { startTestServer, type TestServer } from "../http-server";
import { postMultipart, postRaw } from "../multipart";
import { flat, pdfText } from "../pdf-text";
import {
  createDraft,
  createSentProposal,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedContact,
  seedPricedItem,
  setProposalColumns,
  uploadPng,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedCompanyMember(server);
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
const SIGNER = "Zoë Ångström";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AcceptanceTest/1.0";

const accept = (uuid: string, body: unknown, headers: Record<string, string> = {}) =>
  publicClient(server).post(`/proposals/${uuid}/accept`, body, { "user-agent": BROWSER, ...headers });

/** GET a PDF as bytes, with a key or none. */
async function download(path: string, key?: string) {
  const res = await fetch(`${server.url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const editorPdf = (member: CompanyMember, uuid: string) => download(`/api/proposals/v3/proposals/${uuid}/pdf`, member.key);
const recipientPdf = (uuid: string) => download(`/p/${uuid}/pdf`);

const verifyFile = (bytes: Uint8Array, filename = "record.pdf") =>
  postMultipart(`${server.url}/api/public/verify`, undefined, { file: { bytes, filename, type: "application/pdf" } });
const verifyHash = (sha256: string) => postMultipart(`${server.url}/api/public/verify`, undefined, { sha256 });

/**
 * A sent proposal to Zoë Ångström with a priced line (an image, a quantity and a discount), a
 * second line, and a description with a heading and bold text, from a company with an address.
 */
async function sentOffer(member: CompanyMember, extra: Record<string, unknown> = {}) {
  const db = await getDb();
  await db.company.update({ where: { id: member.company.id }, data: { address: "Storgatan 1, Malmö", email: "sales@seller.example" } });
  const image = await uploadPng(member, 8, 6);
  const boots = await seedPricedItem({
    companyId: member.company.id,
    title: { en: "Hiking boots" },
    price: 120,
    taxRate: 25,
    unit: "pair",
  });
  const tent = await seedPricedItem({ companyId: member.company.id, title: { en: "Two-person tent" }, price: 450.5, taxRate: 25 });
  await db.product.update({
    where: { id: boots.productId },
    data: { images: { create: [{ position: 0, asset: { connect: { uuid: image } } }] } },
  });
  const contact = await seedContact(member.company.id, { firstName: "Zoë", lastName: "Ångström", email: "zoe@customer.example" });
  const uuid = await createDraft(member, {
    title_md: "Summer expedition kit",
    description_md: "# What you get\nEverything for *two weeks* outdoors.\n\n< Delivered within 5 days.",
    recipient: { id: contact.id },
    blocks: [{ content_id: boots.variationId }, { content_id: tent.variationId }],
    ...extra,
  });
  const draft = await readProposal(member.api, uuid);
  const blocks = draft.blocks.map((b: { uuid: string; content_id: number }, i: number) => ({
    uuid: b.uuid,
    content_id: b.content_id,
    ...(i === 0 ? { quantity: 3, discount: 10 } : {}),
  }));
  const patched = await member.api.patch(`/v3/proposals/${uuid}`, { company_id: member.company.id, blocks });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  expect((await member.api.post(`/v3/proposals/${uuid}/send`)).status).toBe(200);
  return { uuid, image };
}

const recordOf = async (uuid: string) => (await getDb()).proposalAcceptance.findUnique({ where: { proposalId: uuid } });

describe("[ACCEPTANCE] accepting with consent", () => {
  it("stores the signer, the time, the address, the user agent, the consent text and the proposal as the customer saw it, with its SHA-256", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await sentOffer(ann);
    const seen = (await getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() })).proposal;
    const before = Date.now();
    const res = await accept(uuid, { name: `  ${SIGNER}  `, consent: true }, { "x-forwarded-for": "203.0.113.7" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "accepted", has_acceptance_record: true, signatures: [{ name: SIGNER }] });

    const record = (await recordOf(uuid))!;
    expect(record).toMatchObject({
      signerName: SIGNER,
      signerEmail: "zoe@customer.example",
      // No proxy trusted: the address the connection came from, whatever the client wrote in X-Forwarded-For.
      ipAddress: "127.0.0.1",
      userAgent: BROWSER,
      consentText: CONSENT.text,
      consentVersion: CONSENT.version,
    });
    expect(record.signedAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(record.signedAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The document is the page as read before accepting (still active), frozen, and hashed byte for byte.
    const document = JSON.parse(record.document);
    expect(document).toEqual({ format: "coursewright.accepted-proposal/1", proposal: FrozenProposal.parse(seen) });
    expect(document.proposal.blocks.map((b: any) => [b.title, b.quantity, b.discount, b.price])).toEqual([
      ["Hiking boots", 3, 10, 120],
      ["Two-person tent", 1, null, 450.5],
    ]);
    expect(document.proposal).toMatchObject({ title: "Summer expedition kit", version: 1, value_without_tax: 774.5 });
    expect(record.documentSha256).toBe(sha256Hex(record.document));
    // Its PDF was made right after the acceptance committed, and hashed.
    expect(record.pdf).not.toBeNull();
    expect(record.pdfSha256).toBe(sha256Hex(record.pdf!));
    // The audit trail it prints ends with the acceptance, by the name typed.
    expect(record.auditTrail).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "accepted", actor: { kind: "recipient", name: SIGNER } })]),
    );
    expect((record.auditTrail as any[]).at(-1).type).toBe("accepted");
  });

  it("behind a trusted proxy (TRUST_PROXY) records the address the proxy appended, as sign-in reads it", async () => {
    vi.stubEnv("TRUST_PROXY", "2");
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const res = await accept(uuid, { name: "Rita Recipient", consent: true }, { "x-forwarded-for": "198.51.100.23" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await recordOf(uuid)).toMatchObject({ ipAddress: "198.51.100.23", userAgent: BROWSER });
  });

  it("refuses, with a message in the public endpoints' shape, a missing or false consent, a 10 KB name and a blank one; nothing changes", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const cases: [unknown, string, RegExp][] = [
      [{ name: "Rita Recipient" }, "consent", /Tick the box/],
      [{ name: "Rita Recipient", consent: false }, "consent", /Tick the box/],
      [{ name: "Rita Recipient", consent: "yes" }, "consent", /Tick the box/],
      [{ name: "x".repeat(10 * 1024), consent: true }, "name", /at most 200 characters/],
      [{ name: "  ", consent: true }, "name", /Type your name/],
    ];
    for (const [body, path, message] of cases) {
      const res = await accept(uuid, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toEqual({
        error: expect.any(String),
        code: "validation_error",
        details: { issues: [{ path, message: expect.stringMatching(message) }] },
      });
    }
    expect((await readProposal(ann.api, uuid)).status).toBe("active");
    expect(await recordOf(uuid)).toBeNull();
    expect(await (await getDb()).proposalEvent.count({ where: { proposalId: uuid, type: "accepted" } })).toBe(0);
  });

  it("an accept replayed after a decline or after an accept, or on a proposal that is not active, is 409 saying why; nothing changes", async () => {
    const ann = await seedCompanyMember(server);
    const declined = await createSentProposal(ann);
    expect((await publicClient(server).post(`/proposals/${declined}/reject`)).status).toBe(200);
    const afterDecline = await accept(declined, { name: "Rita Recipient", consent: true });
    expect(afterDecline.status).toBe(409);
    expect(afterDecline.body).toEqual({ error: "This proposal has already been declined", code: "not_editable" });
    expect(await recordOf(declined)).toBeNull();

    const accepted = await createSentProposal(ann);
    expect((await accept(accepted, { name: "Rita Recipient", consent: true })).status).toBe(200);
    const first = (await recordOf(accepted))!;
    const replay = await accept(accepted, { name: "Mallory", consent: true });
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual({ error: "This proposal has already been accepted", code: "not_editable" });
    expect(await recordOf(accepted)).toEqual(first);

    const withdrawn = await createSentProposal(ann);
    await setProposalColumns(withdrawn, { status: "withdrawn" });
    const expired = await createSentProposal(ann);
    await setProposalColumns(expired, { expiresAt: new Date("2026-01-15T12:00:00Z") });
    for (const uuid of [withdrawn, expired]) {
      const res = await accept(uuid, { name: "Rita Recipient", consent: true });
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.code).toBe("not_editable");
      expect(await recordOf(uuid)).toBeNull();
    }
    const draft = await createDraft(ann);
    expect((await accept(draft, { name: "Rita Recipient", consent: true })).status).toBe(404);
  });
});

describe("[ACCEPTANCE] PDFs", () => {
  it("any proposal downloads from the editor with its title, lines, totals, page numbers and the company's name on every page", async () => {
    const ann = await seedCompanyMember(server, "Fjällräven Outfitters");
    // Enough lines for several pages.
    const many = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        seedPricedItem({
          companyId: ann.company.id,
          title: { en: `Extra item ${i + 1}` },
          description: { en: "A line of the offer.\nWith a second line." },
          price: 10,
        }),
      ),
    );
    const { uuid } = await sentOffer(ann);
    const draft = await createDraft(ann, { title_md: "Long offer", blocks: many.map((m) => ({ content_id: m.variationId })) });

    const active = await editorPdf(ann, uuid);
    expect(active.status).toBe(200);
    expect(active.headers.get("content-type")).toBe("application/pdf");
    expect(active.headers.get("content-disposition")).toBe('attachment; filename="Summer expedition kit v1.pdf"');
    const { pages, info } = await pdfText(active.bytes);
    const text = flat(pages.join("\n"));
    expect(text).toContain("Summer expedition kit");
    expect(text).toContain("Prepared for Zoë Ångström, Customer AB");
    expect(text).toContain("What you get");
    expect(text).toContain("Everything for two weeks outdoors.");
    expect(text).toContain("Hiking boots €324.00");
    expect(text).toContain("3 × €120.00 / pair");
    expect(text).toContain("−10 % discount");
    expect(text).toContain("Two-person tent");
    expect(text).toContain("Total excl. tax");
    expect(text).toContain("774.50");
    expect(text).toContain("968.13");
    expect(info).toMatchObject({ Title: "Summer expedition kit", Author: "Fjällräven Outfitters" });
    // The line's image is embedded.
    expect(Buffer.from(active.bytes).toString("latin1")).toContain("/Subtype /Image");

    const long = await editorPdf(ann, draft);
    const longPages = (await pdfText(long.bytes)).pages;
    expect(longPages.length).toBeGreaterThan(1);
    longPages.forEach((page, i) => {
      expect(flat(page)).toContain("Fjällräven Outfitters");
      expect(flat(page)).toContain(`Page ${i + 1} of ${longPages.length}`);
    });
    expect(flat(longPages[0])).toContain("Draft: not sent yet.");
  });

  it("an accepted proposal's PDF is the frozen proposal and a certificate, made once, served byte for byte from both sides", async () => {
    const ann = await seedCompanyMember(server, "Nordic Gear AB");
    const { uuid } = await sentOffer(ann);
    expect((await accept(uuid, { name: SIGNER, consent: true })).status).toBe(200);
    const record = (await recordOf(uuid))!;

    const downloads = [
      await editorPdf(ann, uuid),
      await recipientPdf(uuid),
      await download(`/api/public/proposals/${uuid}/pdf`),
      await editorPdf(ann, uuid),
    ];
    for (const d of downloads) {
      expect(d.status).toBe(200);
      expect(d.headers.get("content-disposition")).toBe('attachment; filename="Summer expedition kit v1 accepted.pdf"');
      expect(sha256Hex(d.bytes)).toBe(record.pdfSha256);
      expect(Buffer.from(d.bytes).equals(Buffer.from(record.pdf!))).toBe(true);
    }

    const { pages, info } = await pdfText(downloads[0].bytes);
    expect(flat(pages[0])).toContain("Summer expedition kit");
    expect(flat(pages.join(" "))).toContain("968.13");
    const certificate = flat(pages.at(-1)!);
    expect(certificate).toContain("Acceptance certificate");
    expect(certificate).toContain(`Signed by ${SIGNER}`);
    expect(certificate).toContain("127.0.0.1");
    expect(certificate).toContain(BROWSER);
    expect(certificate).toContain(CONSENT.text);
    // The accepted document's SHA-256, printed in groups of eight.
    expect(certificate.replace(/\s+/g, "")).toContain(record.documentSha256);
    expect(certificate).toMatch(/Accepted Zoë Ångström/);
    expect(certificate).toMatch(/Sent Nordic Gear AB/);
    expect(certificate).toContain("/verify");
    pages.forEach((page, i) => expect(flat(page)).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(info).toMatchObject({ Author: "Nordic Gear AB", Keywords: `document-sha256:${record.documentSha256}` });

    // Later views add to the trail, not to the record: its bytes stay.
    await getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() });
    expect(sha256Hex((await recipientPdf(uuid)).bytes)).toBe(record.pdfSha256);
  });

  it("a record whose PDF was never stored (the process died after the commit) gets it at the next download, once, whoever asks first", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann, { title_md: "Lost and found" });
    expect((await accept(uuid, { name: "Rita Recipient", consent: true })).status).toBe(200);
    const db = await getDb();
    await db.proposalAcceptance.update({ where: { proposalId: uuid }, data: { pdf: null, pdfSha256: null } });
    const [a, b] = await Promise.all([recipientPdf(uuid), editorPdf(ann, uuid)]);
    const stored = (await recordOf(uuid))!;
    expect(stored.pdfSha256).toBe(sha256Hex(a.bytes));
    expect(sha256Hex(b.bytes)).toBe(stored.pdfSha256);
    expect(flat((await pdfText(a.bytes)).pages.at(-1)!)).toContain("Acceptance certificate");
  });

  it("the editor's PDF is 404 to another company's key and the recipient's is 404 for a draft", async () => {
    const ann = await seedCompanyMember(server);
    const bob = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const other = await editorPdf(bob, uuid);
    expect(other.status).toBe(404);
    expect(JSON.parse(Buffer.from(other.bytes).toString())).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    const draft = await createDraft(ann);
    const hidden = await recipientPdf(draft);
    expect(hidden.status).toBe(404);
    expect(JSON.parse(Buffer.from(hidden.bytes).toString())).toMatchObject({ code: "not_found" });
  });

  it("the recipient's PDF counts against the page's budget per address", async () => {
    vi.stubEnv("TRUST_PROXY", "2");
    vi.stubEnv("PUBLIC_RATE_LIMIT_PER_ADDRESS", "2");
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const address = anAddress();
    const from = async () => (await fetch(`${server.url}/p/${uuid}/pdf`, { headers: { "x-forwarded-for": address } })).status;
    expect([await from(), await from(), await from()]).toEqual([200, 200, 429]);
  });
});

describe("[ACCEPTANCE] /verify", () => {
  it("recognises the record's PDF and its typed hashes, and says a changed byte or another PDF is not issued here", async () => {
    const ann = await seedCompanyMember(server, "Verified Goods Ltd");
    const { uuid } = await sentOffer(ann);
    expect((await accept(uuid, { name: SIGNER, consent: true })).status).toBe(200);
    const record = (await recordOf(uuid))!;
    const pdf = (await recipientPdf(uuid)).bytes;

    const issued = await verifyFile(pdf);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.data).toEqual({
      kind: "acceptance",
      sha256: record.pdfSha256,
      issued: true,
      revoked: false,
      matched: "pdf",
      certificate: null,
      record: {
        proposal_title: "Summer expedition kit",
        version: 1,
        company_name: "Verified Goods Ltd",
        signer_name: SIGNER,
        accepted_at: Math.floor(record.signedAt.getTime() / 1000),
        document_sha256: record.documentSha256,
        pdf_sha256: record.pdfSha256,
      },
    });

    const changed = new Uint8Array(pdf);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    const notIssued = await verifyFile(changed);
    expect(notIssued.status).toBe(200);
    expect(notIssued.body.data).toEqual({
      kind: null,
      sha256: sha256Hex(changed),
      issued: false,
      revoked: false,
      matched: null,
      record: null,
      certificate: null,
    });

    // Typed as the certificate prints it: upper or lower case, in groups.
    const typed = record.pdfSha256!.toUpperCase().match(/.{8}/g)!.join(" ");
    expect((await verifyHash(typed)).body.data).toMatchObject({
      issued: true,
      matched: "pdf",
      record: { company_name: "Verified Goods Ltd" },
    });
    expect((await verifyHash(record.documentSha256)).body.data).toMatchObject({ issued: true, matched: "document" });
    expect((await verifyHash("0".repeat(64))).body.data).toMatchObject({ issued: false, record: null });
    // A live proposal's PDF was never issued as a record.
    const live = (await editorPdf(ann, await createSentProposal(ann))).bytes;
    expect((await verifyFile(live)).body.data.issued).toBe(false);
  });

  it("a file that is not a PDF, nothing, both, or a malformed hash is a clear 400; a 50 MB file is 413 within the body limit", async () => {
    const notPdf = await verifyFile(pngBytes(2, 2), "picture.png");
    expect(notPdf.status).toBe(400);
    expect(notPdf.body).toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "file", message: expect.stringMatching(/not a PDF/) }] },
    });
    for (const fields of [{}, { sha256: "abc" }, { sha256: "g".repeat(64) }] as Record<string, string>[]) {
      const res = await postMultipart(`${server.url}/api/public/verify`, undefined, fields);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    const both = await postMultipart(`${server.url}/api/public/verify`, undefined, {
      sha256: "0".repeat(64),
      file: { bytes: Buffer.from("%PDF-1.4"), filename: "a.pdf" },
    });
    expect(both.status).toBe(400);
    const huge = await postRaw(
      `${server.url}/api/public/verify`,
      undefined,
      new Uint8Array(50 * 1024 * 1024),
      "multipart/form-data; boundary=x",
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: "Request body is larger than 20 MB", code: "payload_too_large" });
  });

  it("counts checks per address", async () => {
    vi.stubEnv("TRUST_PROXY", "2");
    vi.stubEnv("PUBLIC_ANSWERS_PER_ADDRESS", "2");
    const address = anAddress();
    const check = async () =>
      (
        await fetch(`${server.url}/api/public/verify`, {
          method: "POST",
          headers: { "x-forwarded-for": address },
          body: (() => {
            const form = new FormData();
            form.append("sha256", "1".repeat(64));
            return form;
          })(),
        })
      ).status;
    expect([await check(), await check(), await check()]).toEqual([200, 200, 429]);
  });
});

describe("[ACCEPTANCE] the audit trail on the recipient's side", () => {
  it("the page's read carries the trail, members shown as the sender without their names", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const { proposal } = await getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() });
    expect(proposal.events.map((e) => [e.type, e.actor])).toEqual([
      ["created", { kind: "member", name: "" }],
      ["sent", { kind: "member", name: "" }],
      ["viewed", { kind: "recipient", name: expect.any(String) }],
    ]);
    expect(JSON.stringify(proposal.events)).not.toContain(ann.user.name);
    expect(proposal.has_acceptance_record).toBe(false);
  });
});
