/**
 * Factories of the proposals service's tests: members of companies with a client, content items
 * written straight to the database (with timestamps set, so ordering tests never wait for the
 * clock), and uploads through the API.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { getDb } from "@/lib/db/client";
import { pdfBytes, pngBytes } from "@/lib/files/test-images";
import { addCompanyMember, createCompany } from "@/lib/proposals/companies/companies";
import { apiClient } from "./api-client";
import { seedUser } from "./factories";
import type { TestServer } from "./http-server";
import { postMultipart, type FormFields } from "./multipart";

export const proposalsUrl = (server: TestServer) => `${server.url}/api/proposals`;

/** A client of the proposals service speaking with `key` (none: anonymous). */
export const proposalsClient = (server: TestServer, key?: string) => apiClient(proposalsUrl(server), key);

/** A new user who owns a new company, with a proposals client and a multipart uploader. */
export async function seedCompanyMember(server: TestServer, companyName = `Company ${randomBytes(3).toString("hex")}`) {
  const db = await getDb();
  const member = await seedUser();
  const company = await createCompany(db, { name: companyName, ownerUserId: member.user.id });
  return {
    ...member,
    company,
    api: proposalsClient(server, member.key),
    upload: (path: string, fields: FormFields) => postMultipart(proposalsUrl(server) + path, member.key, fields),
  };
}
export type CompanyMember = Awaited<ReturnType<typeof seedCompanyMember>>;

/** Another company owned by `owner`, or `owner` added to an existing one. */
export async function seedCompany(owner: { user: { id: string } }, name = `Company ${randomBytes(3).toString("hex")}`) {
  const db = await getDb();
  return createCompany(db, { name, ownerUserId: owner.user.id });
}

export async function joinCompany(member: { user: { id: string } }, companyId: number) {
  await addCompanyMember(await getDb(), { companyId, userId: member.user.id });
}

/** Uploads a PNG through POST /v3/images and answers its uuid. */
export async function uploadPng(
  member: CompanyMember,
  width = 4,
  height = 3,
  companyId: number | null = member.company.id,
): Promise<string> {
  const res = await member.upload("/v3/images", {
    file: { bytes: pngBytes(width, height), filename: "picture.png", type: "image/png" },
    ...(companyId !== null ? { company_id: String(companyId) } : {}),
  });
  if (res.status !== 201) throw new Error(`image upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.uuid as string;
}

/** An image uploaded to the member's company, as a proposal's background_image names it: {id, uuid}. */
export async function uploadedImageRef(member: CompanyMember): Promise<{ id: number; uuid: string }> {
  const uuid = await uploadPng(member);
  const { id } = await (await getDb()).asset.findUniqueOrThrow({ where: { uuid }, select: { id: true } });
  return { id, uuid };
}

export type ContentSeed = {
  companyId: number;
  title?: Record<string, string>;
  description?: Record<string, string>;
  uniqueId?: string;
  oracleCode?: string;
  createdAt?: Date;
  archivedAt?: Date | null;
  price?: number | null;
};

/** A content item written straight to the database (images: none), with its variation. */
export async function seedContent(seed: ContentSeed) {
  const db = await getDb();
  const sources = {
    ...(seed.uniqueId !== undefined ? { integration: { uniqueId: seed.uniqueId } } : {}),
    ...(seed.oracleCode !== undefined ? { oracle: { code: seed.oracleCode } } : {}),
  };
  const product = await db.product.create({
    data: {
      companyId: seed.companyId,
      title: seed.title ?? { en: `Item ${randomBytes(3).toString("hex")}` },
      description: seed.description ?? {},
      sources,
      externalUniqueId: seed.uniqueId ?? null,
      oracleCodeLower: seed.oracleCode?.toLowerCase() ?? null,
      price: seed.price ?? null,
      archivedAt: seed.archivedAt ?? null,
      ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
      variation: { create: {} },
    },
    include: { variation: true },
  });
  return { productId: product.id, variationId: product.variation!.id, createdAt: product.createdAt };
}

/** `n` minutes before now: distinct creation times for ordering tests. */
export const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

// ---- Proposals ----------------------------------------------------------------------------------

/** A library item with a price, tax rate and unit, in the languages given (straight to the database). */
export async function seedPricedItem(seed: {
  companyId: number;
  title?: Record<string, string>;
  description?: Record<string, string>;
  price?: number | null;
  taxRate?: number | null;
  unit?: string | null;
  archived?: boolean;
}) {
  const db = await getDb();
  const product = await db.product.create({
    data: {
      companyId: seed.companyId,
      title: seed.title ?? { en: `Item ${randomBytes(3).toString("hex")}` },
      description: seed.description ?? {},
      price: seed.price === undefined ? 100 : seed.price,
      taxRate: seed.taxRate === undefined ? 25 : seed.taxRate,
      unit: seed.unit ?? null,
      archivedAt: seed.archived ? new Date() : null,
      variation: { create: {} },
    },
    include: { variation: true },
  });
  return { productId: product.id, variationId: product.variation!.id };
}

/** A contact (recipient) of a company, archived when asked. */
export async function seedContact(
  companyId: number,
  fields: { firstName?: string; lastName?: string; email?: string; phone?: string; companyName?: string } = {},
  archived = false,
) {
  const db = await getDb();
  const tag = randomBytes(3).toString("hex");
  return db.contact.create({
    data: {
      companyId,
      firstName: fields.firstName ?? "Cora",
      lastName: fields.lastName ?? `Contact ${tag}`,
      email: fields.email ?? `cora-${tag}@customer.example`,
      phone: fields.phone ?? "+46 70 000 00 00",
      companyName: fields.companyName ?? "Customer AB",
      archivedAt: archived ? new Date() : null,
    },
  });
}

/** A library attachment of a company (straight to the database). */
export async function seedLibraryAttachment(companyId: number, filename = "terms.pdf") {
  const db = await getDb();
  return db.attachment.create({
    data: { companyId, filename, mimeType: "application/pdf", size: 10, storageKey: `attachments/${randomBytes(8).toString("hex")}` },
  });
}

type Client = ReturnType<typeof proposalsClient>;

/** POST /v3/proposals as `member` in their company; answers the new draft's uuid. */
export async function createDraft(member: { api: Client; company: { id: number } }, body: Record<string, unknown> = {}): Promise<string> {
  const res = await member.api.post("/v3/proposals", { company_id: member.company.id, language: "en", ...body });
  if (res.status !== 201) throw new Error(`create proposal answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.proposal.uuid as string;
}

/** GET /v3/proposals/{uuid}: the read model, or an error when it is not 200. */
export async function readProposal(api: Client, uuid: string) {
  const res = await api.get(`/v3/proposals/${uuid}`);
  if (res.status !== 200) throw new Error(`get proposal answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A draft with a recipient, sent (active); answers its uuid. */
export async function createSentProposal(member: CompanyMember, body: Record<string, unknown> = {}): Promise<string> {
  const contact = await seedContact(member.company.id);
  const uuid = await createDraft(member, { recipient: { id: contact.id }, ...body });
  const res = await member.api.post(`/v3/proposals/${uuid}/send`);
  if (res.status !== 200) throw new Error(`send answered ${res.status}: ${JSON.stringify(res.body)}`);
  return uuid;
}

/** The proposals of a series, straight from the database (to count versions). */
export async function seriesRows(seriesUuid: string) {
  const db = await getDb();
  return db.proposal.findMany({ where: { seriesId: seriesUuid }, orderBy: { version: "asc" } });
}

/** Sets a proposal's columns straight in the database (expiry in the past, a status the API has no way to). */
export async function setProposalColumns(
  uuid: string,
  data: { expiresAt?: Date | null; status?: "withdrawn" | "accepted" | "active" | "template" },
) {
  const db = await getDb();
  await db.proposal.update({ where: { id: uuid }, data });
}

/** A server on loopback serving a tiny PDF at /doc.pdf and a 500 at /broken.pdf. */
export async function startPdfServer() {
  const hits: string[] = [];
  const srv = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/doc.pdf") res.writeHead(200, { "content-type": "application/pdf" }).end(pdfBytes());
    else if (req.url === "/page.html") res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
    else res.writeHead(500).end("broken");
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => {
      srv.closeAllConnections();
      return new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}

/** Asserts an error of the proposals service: `{error: {code, message, issues?}}` with this status and code. */
export function expectProposalsError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({
    error: { code, message: expect.any(String), ...(res.body?.error?.issues ? { issues: expect.any(Array) } : {}) },
  });
  for (const issue of res.body.error.issues ?? []) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
}

/** The paths of a proposals validation error's issues. */
export const issuePaths = (res: { body: any }): string[] => (res.body?.error?.issues ?? []).map((i: { path: string }) => i.path);

/** A user's number (creator_id) and name, read from the database. */
export async function userRow(userId: string) {
  const db = await getDb();
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { number: true, name: true, email: true } });
}

// ---- The recipient's page (/p/{uuid}) and its public endpoints ----------------------------------

/** A client of the public endpoints under /api/public: no key, as a customer's browser. */
export const publicClient = (server: TestServer) => apiClient(`${server.url}/api/public`);

/** A sent proposal replaced by its next version (sent too); answers both uuids. */
export async function createReplacedProposal(member: CompanyMember) {
  const first = await createSentProposal(member, { title_md: "Version one" });
  const res = await member.api.post(`/v3/proposals/${first}`, { company_id: member.company.id, language: "en", title_md: "Version two" });
  if (res.status !== 200) throw new Error(`new version answered ${res.status}: ${JSON.stringify(res.body)}`);
  const second = res.body.proposal.uuid as string;
  const sent = await member.api.post(`/v3/proposals/${second}/send`);
  if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  return { replaced: first, current: second };
}

/** A proposal's recipient-page view columns, straight from the database. */
export async function viewColumns(uuid: string) {
  const db = await getDb();
  return db.proposal.findUniqueOrThrow({
    where: { id: uuid },
    select: { recipientFirstViewedAt: true, recipientViewedAt: true, recipientViewCount: true, updatedAt: true },
  });
}
