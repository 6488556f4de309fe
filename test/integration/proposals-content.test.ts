/**
 * The content library (proposals-service.md, Content library; contract.md): GET, POST, PUT and
 * DELETE /v3/content, bulk archive and POST /v3/content/restore, with image downloads from a
 * server on loopback.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { pngBytes } from "@/lib/files/test-images";
import { UUID_RE } from "../expect";
import { startTestServer, type TestServer } from "../http-server";
import {
  joinCompany,
  minutesAgo,
  seedCompany,
  seedCompanyMember,
  seedContent,
  uploadPng,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Migrations run on first use: in the hook (longer timeout), not in the first test.
  await getDb();
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

const member = () => seedCompanyMember(server);

function expectValidation(res: { status: number; body: any }, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe("VALIDATION_ERROR");
  // A body that is not JSON (path "") is refused as a whole, without issues.
  if (path !== "") expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
}

function expectNotFound(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
}

const productIds = (res: { body: any }) => res.body.data.map((item: { product_id: number }) => item.product_id);

/** A content item made through the API with one uploaded image. */
async function createItem(owner: CompanyMember, extra: Record<string, unknown> = {}) {
  const uuid = await uploadPng(owner);
  const res = await owner.api.post("/v3/content", {
    company_id: owner.company.id,
    language: "en",
    title: "Consulting day",
    images: [{ uuid }],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { productId: res.body.data.product_id as number, variationId: res.body.data.variation_id as number, imageUuid: uuid };
}

// ---- A server on loopback that serves images, errors and non-images -----------------------------

type ImageServer = { origin: string; hits: string[]; close: () => Promise<void> };

async function startImageServer(): Promise<ImageServer> {
  const hits: string[] = [];
  const png = pngBytes(7, 5);
  const srv = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/photo.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (req.url === "/page.html") res.writeHead(200, { "content-type": "image/png" }).end("<html>not an image</html>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => {
      srv.closeAllConnections();
      return new Promise((resolve) => srv.close(() => resolve()));
    },
  };
}

describe("[CONTENT] POST /v3/content", () => {
  it("creates an item with a hosted image: 201 with product and variation ids, readable with its images, price, tax rate and unit", async () => {
    const owner = await member();
    const uuid = await uploadPng(owner, 4, 3);
    const res = await owner.api.post("/v3/content", {
      company_id: owner.company.id,
      language: "EN",
      title: "Consulting day",
      description: "Eight hours on site",
      images: [{ uuid, filename: "ignored.png", mime_type: "image/svg+xml", size: 1, width: 9000, height: 9000 }],
      price: 1200.5,
      tax_rate: 25,
      unit: "day",
      sources: { integration: { uniqueId: "ERP-1" }, oracle: { code: "OC-1" } },
      integration_id: 7,
      integration_metadata: { imported: true },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { product_id: expect.any(Number), variation_id: expect.any(Number), message: expect.any(String) } });
    const { product_id, variation_id } = res.body.data;
    // Variations have their own id sequence, so the two ids never coincide by accident.
    expect(variation_id).toBeGreaterThanOrEqual(500001);

    const read = await owner.api.get(`/v3/content?variation_id=${variation_id}&include_sources=true`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([
      {
        product_id,
        variation_id,
        title: { en: "Consulting day" },
        description: { en: "Eight hours on site" },
        created_at: expect.any(Number),
        sources: { integration: { uniqueId: "ERP-1" }, oracle: { code: "OC-1" } },
        images: [
          {
            id: expect.any(Number),
            uuid,
            url: `/api/files/${uuid}`,
            filename: "picture.png",
            mime_type: "image/png",
            size: expect.any(Number),
            width: 4,
            height: 3,
          },
        ],
        integration_id: 7,
        integration_metadata: { imported: true },
        price: 1200.5,
        tax_rate: 25,
        unit: "day",
        course_id: null,
      },
    ]);
    expect(Math.abs(read.body.data[0].created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it("refuses unknown keys, missing required fields, a bad language and wrong types with one issue each, and creates nothing", async () => {
    const owner = await member();
    const uuid = await uploadPng(owner);
    const res = await owner.api.post("/v3/content", {
      company_id: "1",
      language: "eng",
      images: [{ uuid, colour: "red" }],
      price: -1,
      tax_rate: 101,
      surprise: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ["company_id", "images.0.colour", "language", "price", "surprise", "tax_rate", "title"].sort(),
    );
    expectValidation(
      await owner.api.post("/v3/content", { company_id: owner.company.id, language: "en", title: "T", images: [] }),
      "images",
    );
    expectValidation(await owner.api.post("/v3/content", { company_id: owner.company.id, language: "en", title: "T" }), "images");
    expectValidation(
      await owner.api.post("/v3/content", { company_id: 2 ** 31, language: "en", title: "T", images: [{ uuid }] }),
      "company_id",
    );
    expectValidation(await owner.api.post("/v3/content", "not json"), "");
    expect((await owner.api.get("/v3/content?include_archived=true")).body).toEqual({ data: [] });
  });

  it("answers 400 on images when no image is valid: unknown, malformed or a stranger's uuid, or an empty uuid without url", async () => {
    const owner = await member();
    const stranger = await member();
    const strangersImage = await uploadPng(stranger);
    const res = await owner.api.post("/v3/content", {
      company_id: owner.company.id,
      language: "en",
      title: "No pictures",
      images: [{ uuid: "00000000-0000-4000-8000-000000000000" }, { uuid: "not-a-uuid" }, { uuid: strangersImage }, { uuid: "" }],
    });
    expectValidation(res, "images");
    expect((await owner.api.get("/v3/content?include_archived=true")).body).toEqual({ data: [] });
  });

  it("accepts an image the caller uploaded without a company, and one another member uploaded for the company", async () => {
    const owner = await member();
    const colleague = await member();
    await joinCompany(colleague, owner.company.id);
    const mine = await uploadPng(owner, 2, 2, null);
    const theirs = await uploadPng(colleague, 3, 3, owner.company.id);
    const { variationId } = await createItem(owner, { images: [{ uuid: mine }, { uuid: theirs }, { uuid: mine }] });
    const read = await owner.api.get(`/v3/content?variation_id=${variationId}`);
    expect(read.body.data[0].images.map((i: { uuid: string }) => i.uuid)).toEqual([mine, theirs]);
  });

  it("answers 404 NOT_FOUND for a company the caller does not belong to, before downloading anything", async () => {
    const owner = await member();
    const stranger = await member();
    const images = await startImageServer();
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
    try {
      const uuid = await uploadPng(stranger);
      expectNotFound(
        await stranger.api.post("/v3/content", {
          company_id: owner.company.id,
          language: "en",
          title: "Intruder",
          images: [{ uuid }, { uuid: "", url: `${images.origin}/photo.png` }],
        }),
      );
      expect(images.hits).toEqual([]);
      expect((await owner.api.get("/v3/content?include_archived=true")).body).toEqual({ data: [] });
    } finally {
      await images.close();
    }
  });
});

describe("[CONTENT] images given by url", () => {
  it("downloads and hosts url images (loopback allowed in this test), skipping a failing url and a non-image silently", async () => {
    const owner = await member();
    const images = await startImageServer();
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
    try {
      const res = await owner.api.post("/v3/content", {
        company_id: owner.company.id,
        language: "en",
        title: "Downloaded",
        images: [
          { uuid: "", url: `${images.origin}/missing.png` },
          { uuid: "", url: `${images.origin}/photo.png`, filename: "product shot.png" },
          { uuid: "", url: `${images.origin}/page.html` },
          { uuid: "", url: "ftp://example.com/x.png" },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(images.hits.sort()).toEqual(["/missing.png", "/page.html", "/photo.png"]);
      const read = await owner.api.get(`/v3/content?product_id=${res.body.data.product_id}`);
      const [image] = read.body.data[0].images;
      expect(read.body.data[0].images).toHaveLength(1);
      expect(image).toEqual({
        id: expect.any(Number),
        uuid: expect.stringMatching(UUID_RE),
        url: `/api/files/${image.uuid}`,
        filename: "product shot.png",
        mime_type: "image/png",
        size: pngBytes(7, 5).length,
        width: 7,
        height: 5,
      });
      // The image is hosted by the service now: served from our origin with its bytes.
      const served = await fetch(`${server.url}${image.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes(7, 5))).toBe(true);
    } finally {
      await images.close();
    }
  });

  it("answers 400 on images when every url fails to download", async () => {
    const owner = await member();
    const images = await startImageServer();
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
    try {
      const res = await owner.api.post("/v3/content", {
        company_id: owner.company.id,
        language: "en",
        title: "Nothing downloads",
        images: [
          { uuid: "", url: `${images.origin}/missing.png` },
          { uuid: "", url: `${images.origin}/page.html` },
        ],
      });
      expectValidation(res, "images");
      expect((await owner.api.get("/v3/content")).body).toEqual({ data: [] });
    } finally {
      await images.close();
    }
  });

  it("refuses a private address when the operator has not allowed it: the image is skipped, and with no other image the answer is 400", async () => {
    const owner = await member();
    const images = await startImageServer();
    vi.stubEnv("ALLOW_PRIVATE_FETCH", "");
    try {
      const only = await owner.api.post("/v3/content", {
        company_id: owner.company.id,
        language: "en",
        title: "Private",
        images: [{ uuid: "", url: `${images.origin}/photo.png` }],
      });
      expectValidation(only, "images");
      const uuid = await uploadPng(owner);
      const withHosted = await owner.api.post("/v3/content", {
        company_id: owner.company.id,
        language: "en",
        title: "Private and hosted",
        images: [{ uuid: "", url: `${images.origin}/photo.png` }, { uuid }],
      });
      expect(withHosted.status).toBe(201);
      const read = await owner.api.get(`/v3/content?product_id=${withHosted.body.data.product_id}`);
      expect(read.body.data[0].images.map((i: { uuid: string }) => i.uuid)).toEqual([uuid]);
      // Refused before connecting: the server on loopback never saw a request.
      expect(images.hits).toEqual([]);
    } finally {
      await images.close();
    }
  });
});

describe("[CONTENT] GET /v3/content", () => {
  it("lists every item of every company of the caller, newest first, without images, is_archived or sources; never another company's", async () => {
    const owner = await member();
    const second = await seedCompany(owner);
    const stranger = await member();
    const oldest = await seedContent({ companyId: owner.company.id, createdAt: minutesAgo(30) });
    const newest = await seedContent({ companyId: second.id, createdAt: minutesAgo(1) });
    const middle = await seedContent({ companyId: owner.company.id, createdAt: minutesAgo(10), price: 9.99 });
    await seedContent({ companyId: owner.company.id, createdAt: minutesAgo(5), archivedAt: new Date() });
    await seedContent({ companyId: stranger.company.id });

    const res = await owner.api.get("/v3/content");
    expect(res.status).toBe(200);
    expect(productIds(res)).toEqual([newest.productId, middle.productId, oldest.productId]);
    expect(res.body.data[1]).toEqual({
      product_id: middle.productId,
      variation_id: middle.variationId,
      title: { en: expect.any(String) },
      description: {},
      created_at: Math.floor(middle.createdAt.getTime() / 1000),
      integration_id: null,
      integration_metadata: null,
      price: 9.99,
      tax_rate: null,
      unit: null,
      course_id: null,
    });
    expect(productIds(await owner.api.get(`/v3/content?company_id=${second.id}`))).toEqual([newest.productId]);
  });

  it("answers 404 NOT_FOUND for a company_id the caller does not belong to, and 400 for ids that are not ids", async () => {
    const owner = await member();
    const stranger = await member();
    await seedContent({ companyId: stranger.company.id });
    expectNotFound(await owner.api.get(`/v3/content?company_id=${stranger.company.id}`));
    expectNotFound(await owner.api.get("/v3/content?company_id=2147483647"));
    expectValidation(await owner.api.get("/v3/content?company_id=abc"), "company_id");
    expectValidation(await owner.api.get("/v3/content?company_id=99999999999"), "company_id");
    expectValidation(await owner.api.get("/v3/content?variation_id=1,x"), "variation_id");
    expectValidation(await owner.api.get("/v3/content?product_id=0"), "product_id");
    expectValidation(await owner.api.get("/v3/content?product_id=99999999999"), "product_id");
    const manyIds = Array.from({ length: 501 }, (_, i) => i + 1).join(",");
    expectValidation(await owner.api.get(`/v3/content?product_id=${manyIds}`), "product_id");
    expectValidation(await owner.api.get("/v3/content?include_archived=yes"), "include_archived");
    expectValidation(await owner.api.get("/v3/content?include_sources=maybe"), "include_sources");
  });

  it("matches external_id exactly against sources.integration.uniqueId and case-insensitively against sources.oracle.code", async () => {
    const owner = await member();
    const companyId = owner.company.id;
    const integration = await seedContent({ companyId, uniqueId: "Sku-42" });
    const oracle = await seedContent({ companyId, oracleCode: "Abc-9" });
    await seedContent({ companyId, uniqueId: "sku-421" });
    const find = async (externalId: string) =>
      productIds(await owner.api.get(`/v3/content?company_id=${companyId}&external_id=${externalId}`));

    expect(await find("Sku-42")).toEqual([integration.productId]);
    // uniqueId is case-sensitive...
    expect(await find("sku-42")).toEqual([]);
    expect(await find("SKU-42")).toEqual([]);
    // ...the oracle code is not.
    expect(await find("Abc-9")).toEqual([oracle.productId]);
    expect(await find("aBC-9")).toEqual([oracle.productId]);
    expect(await find("abc")).toEqual([]);
  });

  it("requires company_id with external_id unless variation_id is given or product_id names one of the caller's items", async () => {
    const owner = await member();
    const stranger = await member();
    const item = await seedContent({ companyId: owner.company.id, uniqueId: "X-1" });
    const other = await seedContent({ companyId: owner.company.id, uniqueId: "X-2" });
    const strangers = await seedContent({ companyId: stranger.company.id, uniqueId: "X-1" });

    expectValidation(await owner.api.get("/v3/content?external_id=X-1"), "company_id");
    // A product id of someone else's item resolves to nothing for this token.
    expectValidation(await owner.api.get(`/v3/content?external_id=X-1&product_id=${strangers.productId}`), "company_id");
    expectValidation(await owner.api.get("/v3/content?external_id=X-1&product_id=2147483647"), "company_id");

    const byProduct = await owner.api.get(`/v3/content?external_id=X-1&product_id=${item.productId},${other.productId}`);
    expect(productIds(byProduct)).toEqual([item.productId]);
    const byVariation = await owner.api.get(`/v3/content?external_id=X-2&variation_id=${item.variationId}`);
    expect(byVariation.status).toBe(200);
    expect(byVariation.body.data).toEqual([]);
    expect(productIds(await owner.api.get(`/v3/content?external_id=X-1&variation_id=${item.variationId}`))).toEqual([item.productId]);
  });

  it("selects by comma-separated variation_id and product_id (combined: either) and adds images; others' ids select nothing", async () => {
    const owner = await member();
    const stranger = await member();
    const a = await createItem(owner);
    const b = await createItem(owner);
    const c = await createItem(owner);
    const strangers = await seedContent({ companyId: stranger.company.id });

    const byVariations = await owner.api.get(`/v3/content?variation_id=${a.variationId}, ${c.variationId},${strangers.variationId}`);
    expect(byVariations.status).toBe(200);
    expect(productIds(byVariations)).toEqual([c.productId, a.productId]);
    expect(byVariations.body.data[0].images).toEqual([expect.objectContaining({ uuid: c.imageUuid, url: `/api/files/${c.imageUuid}` })]);

    const combined = await owner.api.get(`/v3/content?variation_id=${a.variationId}&product_id=${b.productId},${strangers.productId}`);
    expect(productIds(combined)).toEqual([b.productId, a.productId]);
    expect(combined.body.data.every((item: { images?: unknown }) => Array.isArray(item.images))).toBe(true);
    // Product and variation ids are interchangeable: both name the same item.
    expect(productIds(await owner.api.get(`/v3/content?variation_id=${a.variationId}&product_id=${a.productId}`))).toEqual([a.productId]);
  });

  it("include_archived adds is_archived and the archived items; include_sources adds sources", async () => {
    const owner = await member();
    const active = await seedContent({ companyId: owner.company.id, createdAt: minutesAgo(2), uniqueId: "U-1", oracleCode: "O-1" });
    const archived = await seedContent({ companyId: owner.company.id, createdAt: minutesAgo(1), archivedAt: new Date() });

    const all = await owner.api.get("/v3/content?include_archived=true");
    expect(all.body.data.map((i: any) => [i.product_id, i.is_archived])).toEqual([
      [archived.productId, true],
      [active.productId, false],
    ]);
    expect(all.body.data[0]).not.toHaveProperty("sources");

    const plain = await owner.api.get("/v3/content?include_archived=false&include_sources=true");
    expect(plain.body.data).toEqual([
      expect.objectContaining({ product_id: active.productId, sources: { integration: { uniqueId: "U-1" }, oracle: { code: "O-1" } } }),
    ]);
    expect(plain.body.data[0]).not.toHaveProperty("is_archived");
    // An archived item is hidden even when named by id, unless include_archived is set.
    expect((await owner.api.get(`/v3/content?product_id=${archived.productId}`)).body.data).toEqual([]);
    expect(productIds(await owner.api.get(`/v3/content?product_id=${archived.productId}&include_archived=1`))).toEqual([
      archived.productId,
    ]);
  });
});

describe("[CONTENT] PUT /v3/content", () => {
  it("sets the title and description of one language and keeps the others; price, tax rate, unit and sources change when given", async () => {
    const owner = await member();
    const item = await createItem(owner, { description: "English text", price: 10, tax_rate: 25, unit: "pcs" });
    const sv = await owner.api.put("/v3/content", {
      product_id: item.productId,
      language: "sv",
      title: "Konsultdag",
      description: "Svensk text",
    });
    expect(sv.status).toBe(200);
    expect(sv.body.data).toEqual({
      product_id: item.productId,
      variation_id: item.variationId,
      title: { en: "Consulting day", sv: "Konsultdag" },
      description: { en: "English text", sv: "Svensk text" },
      created_at: expect.any(Number),
      is_archived: false,
      sources: {},
      images: [expect.objectContaining({ uuid: item.imageUuid })],
      integration_id: null,
      integration_metadata: null,
      price: 10,
      tax_rate: 25,
      unit: "pcs",
      course_id: null,
    });

    const en = await owner.api.put("/v3/content", {
      variation_id: item.variationId,
      language: "en",
      title: "Consulting day (remote)",
      price: null,
      unit: "h",
      sources: { oracle: { code: "NEW-1" } },
    });
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({
      title: { en: "Consulting day (remote)", sv: "Konsultdag" },
      description: { en: "English text", sv: "Svensk text" },
      price: null,
      tax_rate: 25,
      unit: "h",
      sources: { oracle: { code: "NEW-1" } },
    });
    // external_id follows the new sources.
    const found = await owner.api.get(`/v3/content?company_id=${owner.company.id}&external_id=new-1`);
    expect(productIds(found)).toEqual([item.productId]);
  });

  it("replaces the images when given, under the create rules", async () => {
    const owner = await member();
    const item = await createItem(owner);
    const next = await uploadPng(owner, 8, 8);
    const res = await owner.api.put("/v3/content", {
      product_id: item.productId,
      language: "en",
      title: "T",
      images: [{ uuid: next }, { uuid: item.imageUuid }],
    });
    expect(res.body.data.images.map((i: { uuid: string }) => i.uuid)).toEqual([next, item.imageUuid]);
    expectValidation(
      await owner.api.put("/v3/content", {
        product_id: item.productId,
        language: "en",
        title: "T",
        images: [{ uuid: "00000000-0000-4000-8000-000000000000" }],
      }),
      "images",
    );
    // The refused update changed nothing.
    const read = await owner.api.get(`/v3/content?product_id=${item.productId}`);
    expect(read.body.data[0].images.map((i: { uuid: string }) => i.uuid)).toEqual([next, item.imageUuid]);
    expect(read.body.data[0].title).toEqual({ en: "T" });
  });

  it("edits an archived item, which stays archived", async () => {
    const owner = await member();
    const item = await seedContent({ companyId: owner.company.id, archivedAt: new Date() });
    const res = await owner.api.put("/v3/content", { product_id: item.productId, language: "en", title: "Still archived" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: { en: "Still archived" }, is_archived: true });
    expect((await owner.api.get("/v3/content")).body.data).toEqual([]);
  });

  it("refuses a body without ids, disagreeing ids, unknown keys and a missing title; another company's item is 404", async () => {
    const owner = await member();
    const stranger = await member();
    const a = await seedContent({ companyId: owner.company.id });
    const b = await seedContent({ companyId: owner.company.id });
    const strangers = await seedContent({ companyId: stranger.company.id, title: { en: "Theirs" } });
    expectValidation(await owner.api.put("/v3/content", { language: "en", title: "T" }), "product_id");
    expectValidation(
      await owner.api.put("/v3/content", { product_id: a.productId, variation_id: b.variationId, language: "en", title: "T" }),
      "variation_id",
    );
    expectValidation(await owner.api.put("/v3/content", { product_id: a.productId, language: "en", title: "T", status: "x" }), "status");
    expectValidation(await owner.api.put("/v3/content", { product_id: a.productId, language: "en" }), "title");
    expectValidation(await owner.api.put("/v3/content", { product_id: 1e12, language: "en", title: "T" }), "product_id");
    expectNotFound(await owner.api.put("/v3/content", { product_id: strangers.productId, language: "en", title: "Mine now" }));
    expectNotFound(await owner.api.put("/v3/content", { variation_id: strangers.variationId, language: "en", title: "Mine now" }));
    expectNotFound(await owner.api.put("/v3/content", { product_id: 2147483647, language: "en", title: "T" }));
    expect((await stranger.api.get("/v3/content")).body.data[0].title).toEqual({ en: "Theirs" });
  });
});

describe("[CONTENT] DELETE /v3/content (archive)", () => {
  it("archives one item by product_id or variation_id: hidden from the list, listed with include_archived, nothing erased", async () => {
    const owner = await member();
    const a = await seedContent({ companyId: owner.company.id });
    const b = await seedContent({ companyId: owner.company.id });
    const byProduct = await owner.api.delete(`/v3/content?product_id=${a.productId}`);
    expect(byProduct.status).toBe(200);
    expect(byProduct.body).toEqual({ data: { success: true, message: expect.any(String) } });
    expect((await owner.api.delete(`/v3/content?variation_id=${b.variationId}`)).body.data.success).toBe(true);
    expect((await owner.api.get("/v3/content")).body.data).toEqual([]);
    expect((await owner.api.get("/v3/content?include_archived=true")).body.data.map((i: any) => i.is_archived)).toEqual([true, true]);
    // Again: still a success, still archived.
    const again = await owner.api.delete(`/v3/content?product_id=${a.productId}`);
    expect(again.status).toBe(200);
    expect(again.body.data.success).toBe(true);
  });

  it("answers 404 for another company's item and 400 without an id, with ids that are not ids or with a body but no action", async () => {
    const owner = await member();
    const stranger = await member();
    const strangers = await seedContent({ companyId: stranger.company.id });
    expectNotFound(await owner.api.delete(`/v3/content?product_id=${strangers.productId}`));
    expectNotFound(await owner.api.delete(`/v3/content?variation_id=${strangers.variationId}`));
    expectValidation(await owner.api.delete("/v3/content"), "product_id");
    expectValidation(await owner.api.delete("/v3/content?product_id=abc"), "product_id");
    expectValidation(await owner.api.delete("/v3/content?variation_id=99999999999"), "variation_id");
    expectValidation(await owner.api.delete("/v3/content?action=all"), "action");
    const bodyWithoutAction = await fetch(`${server.url}/api/proposals/v3/content`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json" },
      body: JSON.stringify({ product_ids: [strangers.productId] }),
    });
    expect(bodyWithoutAction.status).toBe(400);
    expect((await stranger.api.get("/v3/content")).body.data).toHaveLength(1);
  });
});

/** DELETE with a JSON body (the api client sends none on DELETE). */
async function deleteWithBody(owner: CompanyMember, path: string, body: unknown) {
  const res = await fetch(`${server.url}/api/proposals${path}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe("[CONTENT] DELETE /v3/content?action=bulk and POST /v3/content/restore", () => {
  it("archives by variation and product ids, counting only items it archived; a repeat answers 0 without error", async () => {
    const owner = await member();
    const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map(() => seedContent({ companyId: owner.company.id })));
    await owner.api.delete(`/v3/content?product_id=${d.productId}`);

    const first = await deleteWithBody(owner, "/v3/content?action=bulk", {
      variation_ids: [a.variationId, b.variationId, d.variationId],
      product_ids: [a.productId, c.productId],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: { archived_count: 3, product_ids: [a.productId, b.productId, c.productId].sort((x, y) => x - y), message: expect.any(String) },
    });

    const repeat = await deleteWithBody(owner, "/v3/content?action=bulk", {
      variation_ids: [a.variationId],
      product_ids: [b.productId, d.productId],
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual({ archived_count: 0, product_ids: [], message: expect.any(String) });
    expect((await owner.api.get("/v3/content")).body.data).toEqual([]);
    expect((await owner.api.get("/v3/content?include_archived=true")).body.data).toHaveLength(4);
  });

  it("answers 404 naming ids of another company's items or of none, and archives nothing", async () => {
    const owner = await member();
    const stranger = await member();
    const mine = await seedContent({ companyId: owner.company.id });
    const theirs = await seedContent({ companyId: stranger.company.id });
    const res = await deleteWithBody(owner, "/v3/content?action=bulk", {
      product_ids: [mine.productId, theirs.productId],
      variation_ids: [2147483647],
    });
    expectNotFound(res);
    expect(res.body.error.message).toContain(String(theirs.productId));
    expect(res.body.error.message).toContain("2147483647");
    expect(productIds(await owner.api.get("/v3/content"))).toEqual([mine.productId]);
    expect(productIds(await stranger.api.get("/v3/content"))).toEqual([theirs.productId]);
  });

  it("refuses a bulk request without ids, with unknown keys, with non-numeric ids or with ids in the query", async () => {
    const owner = await member();
    const item = await seedContent({ companyId: owner.company.id });
    expectValidation(await owner.api.delete("/v3/content?action=bulk"), "product_ids");
    expectValidation(await deleteWithBody(owner, "/v3/content?action=bulk", {}), "product_ids");
    expectValidation(await deleteWithBody(owner, "/v3/content?action=bulk", { ids: [item.productId] }), "ids");
    expectValidation(await deleteWithBody(owner, "/v3/content?action=bulk", { product_ids: ["1"] }), "product_ids.0");
    expectValidation(await deleteWithBody(owner, "/v3/content?action=bulk", { product_ids: [1e15] }), "product_ids.0");
    expectValidation(
      await deleteWithBody(owner, `/v3/content?action=bulk&product_id=${item.productId}`, { product_ids: [item.productId] }),
      "action",
    );
    expectValidation(await deleteWithBody(owner, "/v3/content?action=bulk", "{oops"), "");
    expect(productIds(await owner.api.get("/v3/content"))).toEqual([item.productId]);
  });

  it("restores archived items by either id, counting only items it restored; 404 for others' ids with nothing restored", async () => {
    const owner = await member();
    const stranger = await member();
    const archived = { archivedAt: new Date() };
    const a = await seedContent({ companyId: owner.company.id, ...archived, createdAt: minutesAgo(3) });
    const b = await seedContent({ companyId: owner.company.id, ...archived, createdAt: minutesAgo(2) });
    const active = await seedContent({ companyId: owner.company.id, createdAt: minutesAgo(1) });
    const theirs = await seedContent({ companyId: stranger.company.id, ...archived });

    const refused = await owner.api.post("/v3/content/restore", { product_ids: [a.productId, theirs.productId] });
    expectNotFound(refused);
    expect(productIds(await owner.api.get("/v3/content"))).toEqual([active.productId]);

    const res = await owner.api.post("/v3/content/restore", {
      variation_ids: [a.variationId, active.variationId],
      product_ids: [b.productId, a.productId],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { restored_count: 2, product_ids: [a.productId, b.productId], message: expect.any(String) } });
    expect(productIds(await owner.api.get("/v3/content"))).toEqual([active.productId, b.productId, a.productId]);
    expect((await owner.api.post("/v3/content/restore", { product_ids: [a.productId] })).body.data).toEqual({
      restored_count: 0,
      product_ids: [],
      message: expect.any(String),
    });

    expectValidation(await owner.api.post("/v3/content/restore", {}), "product_ids");
    expectValidation(await owner.api.post("/v3/content/restore", { product_ids: [a.productId], all: true }), "all");
    expectValidation(await owner.api.post("/v3/content/restore"), "");
  });

  it("keeps archived items' images and ids: an archive and restore round trip loses nothing", async () => {
    const owner = await member();
    const item = await createItem(owner, { price: 5 });
    const before = (await owner.api.get(`/v3/content?product_id=${item.productId}`)).body.data[0];
    await owner.api.delete(`/v3/content?variation_id=${item.variationId}`);
    await owner.api.post("/v3/content/restore", { variation_ids: [item.variationId] });
    expect((await owner.api.get(`/v3/content?product_id=${item.productId}`)).body.data[0]).toEqual(before);
    const db = await getDb();
    expect(await db.product.count({ where: { id: item.productId } })).toBe(1);
  });
});
