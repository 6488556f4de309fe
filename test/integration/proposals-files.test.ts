/**
 * Hosted files of the proposals service: POST /v3/images, the attachment library (GET and POST
 * /v1/attachments) and serving at GET /api/files/{uuid} with the right headers.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { assetStorageKey } from "@/lib/files/asset-keys";
import { getStorage } from "@/lib/files/storage";
import { gifBytes, jpegBytes, pdfBytes, pngBytes, SVG_BYTES } from "@/lib/files/test-images";
import { UUID_RE } from "../expect";
import { startTestServer, type TestServer } from "../http-server";
import { postMultipart, postRaw } from "../multipart";
import { minutesAgo, proposalsUrl, seedCompany, seedCompanyMember } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Migrations run on first use: in the hook (longer timeout), not in the first test.
  await getDb();
});
afterAll(() => server.close());

const member = () => seedCompanyMember(server);
const MB = 1024 * 1024;

function expectValidation(res: { status: number; body: any }, path?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe("VALIDATION_ERROR");
  if (path !== undefined) expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
}

function expectNotFound(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
}

const serve = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { headers });

describe("[FILES] POST /v3/images", () => {
  it("hosts an image with its type and size read from the bytes, whatever the client declared: 201", async () => {
    const owner = await member();
    const bytes = pngBytes(12, 7);
    const res = await owner.upload("/v3/images", {
      file: { bytes, filename: "logo.jpg", type: "image/jpeg" },
      company_id: String(owner.company.id),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.any(Number),
        uuid: expect.stringMatching(UUID_RE),
        url: `/api/files/${res.body.data.uuid}`,
        filename: "logo.jpg",
        mime_type: "image/png",
        size: bytes.length,
        width: 12,
        height: 7,
      },
    });
    for (const [file, type, width, height] of [
      [gifBytes(5, 6), "image/gif", 5, 6],
      [jpegBytes(9, 4), "image/jpeg", 9, 4],
    ] as const) {
      const other = await owner.upload("/v3/images", { file: { bytes: file, filename: "x", type: "text/plain" } });
      expect(other.status).toBe(201);
      expect(other.body.data).toMatchObject({ mime_type: type, width, height, size: file.length });
    }
  });

  it("refuses SVG, text, a PDF and an empty file with 400 on file, and stores nothing", async () => {
    const owner = await member();
    for (const bytes of [SVG_BYTES, Buffer.from("just text"), pdfBytes(), Buffer.alloc(0)]) {
      expectValidation(await owner.upload("/v3/images", { file: { bytes, filename: "x.png", type: "image/png" } }), "file");
    }
    const db = await getDb();
    expect(await db.asset.count({ where: { uploadedBy: owner.user.id } })).toBe(0);
  });

  it("answers 413 PAYLOAD_TOO_LARGE above 20 MB", async () => {
    const owner = await member();
    const big = Buffer.concat([pngBytes(1, 1), Buffer.alloc(20 * MB + 1)]);
    const res = await owner.upload("/v3/images", { file: { bytes: big, filename: "big.png", type: "image/png" } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String) } });
  });

  it("answers 400 for JSON instead of multipart, malformed multipart, a missing file, a text file field and unknown fields", async () => {
    const owner = await member();
    const url = `${proposalsUrl(server)}/v3/images`;
    expectValidation(await owner.api.post("/v3/images", { file: "abc" }));
    expectValidation(await postRaw(url, owner.key, "--x\r\nnot really multipart", "multipart/form-data; boundary=zzz"));
    expectValidation(await postRaw(url, owner.key, "", "multipart/form-data; boundary=zzz"));
    expectValidation(await owner.upload("/v3/images", { company_id: String(owner.company.id) }), "file");
    expectValidation(await owner.upload("/v3/images", { file: "not a file" }), "file");
    expectValidation(await owner.upload("/v3/images", { file: { bytes: pngBytes(1, 1), filename: "a.png" }, colour: "red" }), "colour");
  });

  it("answers 404 for a company the caller does not belong to, and 400 for a company_id that is not an id", async () => {
    const owner = await member();
    const stranger = await member();
    const file = { bytes: pngBytes(1, 1), filename: "a.png" };
    expectNotFound(await stranger.upload("/v3/images", { file, company_id: String(owner.company.id) }));
    expectValidation(await stranger.upload("/v3/images", { file, company_id: "abc" }), "company_id");
    expectValidation(await stranger.upload("/v3/images", { file, company_id: "99999999999" }), "company_id");
    const db = await getDb();
    expect(await db.asset.count({ where: { companyId: owner.company.id } })).toBe(0);
  });

  it("answers 401 without a key", async () => {
    const res = await postMultipart(`${proposalsUrl(server)}/v3/images`, undefined, { file: { bytes: pngBytes(1, 1), filename: "a.png" } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
  });
});

describe("[FILES] GET /api/files/{uuid}", () => {
  it("serves an image inline with its type, nosniff, a safe disposition and year-long immutable caching; 304 on a matching ETag", async () => {
    const owner = await member();
    const bytes = pngBytes(3, 3);
    const { body } = await owner.upload("/v3/images", { file: { bytes, filename: "Prix ö; 100%.png" } });
    const res = await serve(body.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="Prix o__ 100_.png"; filename*=UTF-8''Prix%20%C3%B6%3B%20100%25.png`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const etag = res.headers.get("etag")!;
    const cached = await serve(body.data.url, { "if-none-match": etag });
    expect(cached.status).toBe(304);
    // Public by its uuid: no key needed (recipients of a proposal have none).
  });

  it("names the download by the type read from the bytes, keeping the uploader's stem: offer.html of a PDF is offer.pdf", async () => {
    const owner = await member();
    const companyId = String(owner.company.id);
    const served = async (bytes: Buffer, filename: string) => {
      const res = await owner.upload("/v1/attachments", { file: { bytes, filename, type: "text/html" }, company_id: companyId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const file = await serve(res.body.attachment.url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-security-policy")).toMatch(/(^|; )sandbox(;|$)/);
      return file.headers.get("content-disposition");
    };
    expect(await served(pdfBytes(), "offer.html")).toBe(`attachment; filename=offer.pdf`);
    expect(await served(pdfBytes(), "report")).toBe(`attachment; filename=report.pdf`);
    expect(await served(pngBytes(2, 2), "photo.PNG")).toBe(`inline; filename=photo.png`);
    expect(await served(jpegBytes(2, 2), "x.jpeg")).toBe(`inline; filename=x.jpeg`);
  });

  it("serves a file stored before names followed the type under its safe name too", async () => {
    const owner = await member();
    const db = await getDb();
    const uuid = randomUUID();
    const storageKey = assetStorageKey(uuid);
    await getStorage().put(storageKey, pdfBytes(), { contentType: "application/pdf", filename: "offer.html" });
    await db.asset.create({
      data: {
        uuid,
        companyId: owner.company.id,
        uploadedBy: owner.user.id,
        filename: "offer.html",
        mimeType: "application/pdf",
        size: pdfBytes().length,
        storageKey,
      },
    });
    const file = await serve(`/api/files/${uuid}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename=offer.pdf`);
  });

  it("answers 404 NOT_FOUND for an unknown uuid and for something that is not a uuid", async () => {
    for (const url of ["/api/files/00000000-0000-4000-8000-000000000000", "/api/files/not-a-uuid", "/api/files/..%2Fetc"]) {
      const res = await serve(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("[FILES] /v1/attachments", () => {
  it("adds a PDF to a company's library (201) and serves it as a download with a safe filename", async () => {
    const owner = await member();
    const res = await owner.upload("/v1/attachments", {
      file: { bytes: pdfBytes(), filename: "Offer\r\nX-Evil: 1.pdf", type: "text/plain" },
      company_id: String(owner.company.id),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      attachment: {
        id: expect.any(Number),
        filename: "OfferX-Evil: 1.pdf",
        created_at: expect.any(Number),
        mime_type: "application/pdf",
        size: pdfBytes().length,
        url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
      },
    });
    expect(Math.abs(res.body.attachment.created_at - Date.now() / 1000)).toBeLessThan(60);
    const file = await serve(res.body.attachment.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="OfferX-Evil: 1.pdf"`);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdfBytes())).toBe(true);
  });

  it("accepts images too (served inline) and refuses anything else, an empty file and a missing company_id with 400", async () => {
    const owner = await member();
    const companyId = String(owner.company.id);
    const image = await owner.upload("/v1/attachments", { file: { bytes: jpegBytes(2, 2), filename: "photo.jpg" }, company_id: companyId });
    expect(image.status).toBe(201);
    expect(image.body.attachment.mime_type).toBe("image/jpeg");
    expect((await serve(image.body.attachment.url)).headers.get("content-disposition")).toMatch(/^inline; /);

    for (const bytes of [SVG_BYTES, Buffer.from("<html><script>x</script></html>"), Buffer.alloc(0)]) {
      expectValidation(
        await owner.upload("/v1/attachments", { file: { bytes, filename: "a.pdf", type: "application/pdf" }, company_id: companyId }),
        "file",
      );
    }
    expectValidation(await owner.upload("/v1/attachments", { file: { bytes: pdfBytes(), filename: "a.pdf" } }), "company_id");
    expectValidation(await owner.api.post("/v1/attachments", { company_id: owner.company.id }));
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(20 * MB)]);
    const tooLarge = await owner.upload("/v1/attachments", { file: { bytes: big, filename: "big.pdf" }, company_id: companyId });
    expect(tooLarge.status).toBe(413);
    expect((await owner.api.get("/v1/attachments")).body.attachments).toHaveLength(1);
  });

  it("lists the attachments of every company of the caller, newest first, or of company_id; never another company's", async () => {
    const owner = await member();
    const second = await seedCompany(owner);
    const stranger = await member();
    const add = async (companyId: number, filename: string, by = owner) => {
      const res = await by.upload("/v1/attachments", { file: { bytes: pdfBytes(), filename }, company_id: String(companyId) });
      expect(res.status).toBe(201);
      return res.body.attachment.id as number;
    };
    const first = await add(owner.company.id, "first.pdf");
    const other = await add(second.id, "other.pdf");
    const last = await add(owner.company.id, "last.pdf");
    await add(stranger.company.id, "secret.pdf", stranger);
    const db = await getDb();
    // Creation times set, so the order does not depend on the clock's resolution.
    await db.attachment.update({ where: { id: first }, data: { createdAt: minutesAgo(3) } });
    await db.attachment.update({ where: { id: other }, data: { createdAt: minutesAgo(2) } });
    const lastAt = minutesAgo(1);
    await db.attachment.update({ where: { id: last }, data: { createdAt: lastAt } });

    const all = await owner.api.get("/v1/attachments");
    expect(all.status).toBe(200);
    expect(all.body.attachments.map((a: { filename: string }) => a.filename)).toEqual(["last.pdf", "other.pdf", "first.pdf"]);
    expect(all.body.attachments[0]).toEqual({
      created_at: Math.floor(lastAt.getTime() / 1000),
      filename: "last.pdf",
      id: last,
      mime_type: "application/pdf",
      size: pdfBytes().length,
      url: expect.stringMatching(/^\/api\/files\//),
    });
    const one = await owner.api.get(`/v1/attachments?company_id=${second.id}`);
    expect(one.body.attachments.map((a: { id: number }) => a.id)).toEqual([other]);
  });

  it("answers 404 for another company (list and upload) and 400 for a company_id that is not an id", async () => {
    const owner = await member();
    const stranger = await member();
    expectNotFound(await stranger.api.get(`/v1/attachments?company_id=${owner.company.id}`));
    expectNotFound(
      await stranger.upload("/v1/attachments", { file: { bytes: pdfBytes(), filename: "x.pdf" }, company_id: String(owner.company.id) }),
    );
    expectValidation(await stranger.api.get("/v1/attachments?company_id=abc"), "company_id");
    expectValidation(await stranger.api.get("/v1/attachments?company_id=99999999999"), "company_id");
    expect((await owner.api.get("/v1/attachments")).body).toEqual({ attachments: [] });
  });
});
