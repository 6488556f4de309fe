/**
 * What the server downloads on a request's behalf (PDF attachment urls, content image urls;
 * issue 24, point 3): nothing before the request's refusals that need no download, four at a
 * time within one deadline, and no file left in storage by a request that fails.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { getDb } from "@/lib/db/client";
import { getStorage } from "@/lib/files/storage";
import { pdfBytes, pngBytes } from "@/lib/files/test-images";
import { startTestServer, type TestServer } from "../http-server";
import { callTool, connectMcp } from "../mcp-client";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  seedCompanyMember,
  seedContent,
  seedLibraryAttachment,
  setProposalColumns,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedCompanyMember(server);
});
afterAll(() => server.close());

const member = () => seedCompanyMember(server);

/**
 * Loopback serving files as the internet would: /doc-N.pdf at once, /slow-N.pdf and /slow-N.png
 * after a second, /hang.pdf never, /missing.pdf 404, /photo.png at once. Counts what it receives
 * and how many answers it was working on at once.
 */
async function startFileServer() {
  const received: string[] = [];
  let atOnce = 0;
  let maxAtOnce = 0;
  const srv = http.createServer((req, res) => {
    const path = req.url ?? "";
    received.push(path);
    atOnce++;
    maxAtOnce = Math.max(maxAtOnce, atOnce);
    res.on("close", () => atOnce--);
    const send = (type: string, bytes: Buffer) => () => res.writeHead(200, { "content-type": type }).end(bytes);
    const pdf = send("application/pdf", pdfBytes());
    const png = send("image/png", pngBytes(5, 4));
    if (path === "/hang.pdf") return;
    if (path === "/missing.pdf") return void res.writeHead(404).end("gone");
    if (path.startsWith("/slow-")) return void setTimeout(path.endsWith(".png") ? png : pdf, 1000);
    if (path.endsWith(".png")) return png();
    pdf();
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    maxAtOnce: () => maxAtOnce,
    close: () => {
      srv.closeAllConnections();
      return new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}

let files: Awaited<ReturnType<typeof startFileServer>>;
let puts: MockInstance;
beforeEach(async () => {
  vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
  files = await startFileServer();
  puts = vi.spyOn(getStorage(), "put");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await files.close();
});

const pdfAttachment = (path: string, name = path) => ({ mime_type: "application/pdf", name, url: `${files.origin}${path}` });

/** The keys this test put in storage, and those of them still there. */
async function storedKeys() {
  const keys = puts.mock.calls.map(([key]) => key as string);
  const left = [];
  for (const key of keys) if (await getStorage().get(key)) left.push(key);
  return { keys, left };
}

const assetCount = async (companyId: number) => (await getDb()).asset.count({ where: { companyId } });

describe("[DOWNLOADS] a refusal that needs no download comes before any download", () => {
  it("POST /v3/proposals by a non-member of company_id, or for a company that does not exist: 401, nothing fetched or stored", async () => {
    const owner = await member();
    const stranger = await member();
    for (const companyId of [owner.company.id, 2_000_000_000]) {
      const res = await stranger.api.post("/v3/proposals", {
        company_id: companyId,
        language: "en",
        attachments: [pdfAttachment("/doc-1.pdf"), pdfAttachment("/doc-2.pdf")],
      });
      expectProposalsError(res, 401, "UNAUTHORIZED");
    }
    expect(files.received).toEqual([]);
    expect(puts).not.toHaveBeenCalled();
  });

  it("POST /v3/proposals naming another company's template: 404 before any download", async () => {
    const owner = await member();
    const stranger = await member();
    const template = await createDraft(owner);
    await setProposalColumns(template, { status: "template" });
    const res = await stranger.api.post("/v3/proposals", {
      company_id: stranger.company.id,
      language: "en",
      tracking: { created_from_template: template },
      attachments: [pdfAttachment("/doc-1.pdf")],
    });
    expectProposalsError(res, 404, "NOT_FOUND");
    expect(files.received).toEqual([]);
  });

  it("PATCH of a sent proposal (409) and of another company's (401) downloads nothing", async () => {
    const owner = await member();
    const stranger = await member();
    const sent = await createSentProposal(owner);
    const patch = (who: typeof owner) =>
      who.api.patch(`/v3/proposals/${sent}`, { company_id: owner.company.id, attachments: [pdfAttachment("/doc-1.pdf")] });
    expectProposalsError(await patch(owner), 409, "NOT_EDITABLE");
    expectProposalsError(await patch(stranger), 401, "UNAUTHORIZED");
    const draft = await createDraft(owner);
    const mismatch = await owner.api.patch(`/v3/proposals/${draft}`, {
      company_id: stranger.company.id,
      attachments: [pdfAttachment("/doc-2.pdf")],
    });
    expectProposalsError(mismatch, 400, "COMPANY_MISMATCH");
    expect(files.received).toEqual([]);
    expect(puts).not.toHaveBeenCalled();
  });

  it("a new version of a withdrawn proposal (400), or by a stranger (401), downloads nothing", async () => {
    const owner = await member();
    const stranger = await member();
    const sent = await createSentProposal(owner);
    const body = { company_id: owner.company.id, language: "en", attachments: [pdfAttachment("/doc-1.pdf")] };
    expectProposalsError(await stranger.api.post(`/v3/proposals/${sent}`, body), 401, "UNAUTHORIZED");
    await setProposalColumns(sent, { status: "withdrawn" });
    expectProposalsError(await owner.api.post(`/v3/proposals/${sent}`, body), 400, "PROPOSAL_WITHDRAWN");
    expect(files.received).toEqual([]);
    expect(puts).not.toHaveBeenCalled();
  });

  it("a stranger's dry run of create_proposal (agent tool) downloads nothing", async () => {
    const owner = await member();
    const stranger = await member();
    const client = await connectMcp(`${server.url}/api/proposals/mcp`, stranger.key);
    try {
      const result = await callTool(client, "create_proposal", {
        company_id: owner.company.id,
        language: "en",
        attachments: [pdfAttachment("/doc-1.pdf")],
        dry_run: true,
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ status: 401, error: { code: "UNAUTHORIZED" } });
    } finally {
      await client.close();
    }
    expect(files.received).toEqual([]);
  });

  it("POST and PUT /v3/content by a non-member download no image url: 404", async () => {
    const owner = await member();
    const stranger = await member();
    const images = [{ uuid: "", url: `${files.origin}/photo.png` }];
    const created = await stranger.api.post("/v3/content", { company_id: owner.company.id, language: "en", title: "Intruder", images });
    expectProposalsError(created, 404, "NOT_FOUND");
    const item = await seedContent({ companyId: owner.company.id });
    const updated = await stranger.api.put("/v3/content", { product_id: item.productId, language: "en", title: "Intruder", images });
    expectProposalsError(updated, 404, "NOT_FOUND");
    expect(files.received).toEqual([]);
    expect(puts).not.toHaveBeenCalled();
  });
});

describe("[DOWNLOADS] the downloads of one request: four at once, one deadline", () => {
  it("eight slow PDFs are fetched four at a time, and all eight are hosted", async () => {
    const owner = await member();
    const attachments = Array.from({ length: 8 }, (_, i) => pdfAttachment(`/slow-${i}.pdf`));
    const uuid = await createDraft(owner, { attachments });
    expect(files.received.sort()).toEqual(attachments.map((a) => new URL(a.url).pathname).sort());
    // Not one after another (1), and never more than four (8).
    expect(files.maxAtOnce()).toBe(4);
    const read = await owner.api.get(`/v3/proposals/${uuid}`);
    expect(read.body.data.attachments).toHaveLength(8);
    expect(await assetCount(owner.company.id)).toBe(8);
  });

  it("six slow content images are fetched four at a time too", async () => {
    const owner = await member();
    const images = Array.from({ length: 6 }, (_, i) => ({ uuid: "", url: `${files.origin}/slow-${i}.png` }));
    const res = await owner.api.post("/v3/content", { company_id: owner.company.id, language: "en", title: "Six views", images });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(files.received).toHaveLength(6);
    expect(files.maxAtOnce()).toBe(4);
  });

  it("a PDF still downloading when the request's deadline passes is refused with 400 naming its url, and nothing is kept", async () => {
    vi.stubEnv("FETCH_DEADLINE_MS", "700");
    const owner = await member();
    const res = await owner.api.post("/v3/proposals", {
      company_id: owner.company.id,
      language: "en",
      attachments: [pdfAttachment("/doc-1.pdf"), pdfAttachment("/hang.pdf")],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(res.body.error.issues).toEqual([{ path: "attachments.1.url", message: expect.stringMatching(/did not finish in time/) }]);
    const { keys, left } = await storedKeys();
    expect(keys).toHaveLength(1);
    expect(left).toEqual([]);
    expect(await assetCount(owner.company.id)).toBe(0);
  });
});

describe("[DOWNLOADS] a request that fails leaves no file in storage", () => {
  it("one PDF of several answering 404: 400 naming it, and the PDFs already stored are deleted", async () => {
    const owner = await member();
    const res = await owner.api.post("/v3/proposals", {
      company_id: owner.company.id,
      language: "en",
      attachments: [pdfAttachment("/doc-1.pdf"), pdfAttachment("/doc-2.pdf"), pdfAttachment("/missing.pdf"), pdfAttachment("/doc-3.pdf")],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["attachments.2.url"]);
    const { keys, left } = await storedKeys();
    expect(keys).toHaveLength(3);
    expect(left).toEqual([]);
    expect(await assetCount(owner.company.id)).toBe(0);
  });

  it("a refusal inside the write after the downloads (another company's library file): the downloaded PDFs are deleted", async () => {
    const owner = await member();
    const stranger = await member();
    const foreign = await seedLibraryAttachment(stranger.company.id);
    const draft = await createDraft(owner);
    const res = await owner.api.patch(`/v3/proposals/${draft}`, {
      company_id: owner.company.id,
      attachments: [pdfAttachment("/doc-1.pdf"), { id: foreign.id }, pdfAttachment("/doc-2.pdf")],
    });
    expectProposalsError(res, 400, "VALIDATION_ERROR");
    expect(issuePaths(res)).toEqual(["attachments.1.id"]);
    expect(files.received.sort()).toEqual(["/doc-1.pdf", "/doc-2.pdf"]);
    const { keys, left } = await storedKeys();
    expect(keys).toHaveLength(2);
    expect(left).toEqual([]);
    expect(await assetCount(owner.company.id)).toBe(0);
  });

  it("a request that succeeds keeps its files, each recorded", async () => {
    const owner = await member();
    await createDraft(owner, { attachments: [pdfAttachment("/doc-1.pdf"), pdfAttachment("/doc-2.pdf")] });
    const { keys, left } = await storedKeys();
    expect(keys).toHaveLength(2);
    expect(left.sort()).toEqual(keys.sort());
    const recorded = await (await getDb()).asset.findMany({ where: { companyId: owner.company.id }, select: { storageKey: true } });
    expect(recorded.map((a) => a.storageKey).sort()).toEqual(keys.sort());
  });
});
