/**
 * GET /v3/content of a whole library is kept per library version (docs/decisions/047): after every
 * kind of write to the library, the answer served (and served again from the cache) is byte for
 * byte the one built fresh from the database; a current ETag gets 304; a client of another
 * company reads nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonTextOf } from "@/lib/api/prebuilt";
import { getDb, onStatement } from "@/lib/db/client";
import { contentListJson } from "@/lib/proposals/content/content-json";
import { startTestServer, type TestServer } from "../http-server";
import { proposalsUrl, seedCompanyMember, seedContent, uploadPng, type CompanyMember } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await getDb();
});
afterAll(() => server.close());

/** The list as sent: status, ETag and the body's exact text. */
async function list(member: CompanyMember, query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${proposalsUrl(server)}/v3/content${query}`, { headers: { authorization: `Bearer ${member.key}`, ...headers } });
  return { status: res.status, etag: res.headers.get("etag"), text: await res.text() };
}

/** Statements seen while `readsRows` listens (one listener for the file: Prisma's cannot be removed). */
let seen: string[] | null = null;
beforeAll(async () => {
  await onStatement((e) => seen?.push(e.query));
});

/** Whether a request read the library's rows (the list's statement), or answered without them. */
async function readsRows(fn: () => Promise<unknown>): Promise<boolean> {
  seen = [];
  await fn();
  const statements = seen;
  seen = null;
  return statements.some((sql) => sql.includes("FROM products p JOIN variations v"));
}

const LISTS = [
  { query: "", includeArchived: false, includeSources: false },
  { query: "&include_archived=true", includeArchived: true, includeSources: false },
  { query: "&include_sources=true", includeArchived: false, includeSources: true },
  { query: "&include_archived=true&include_sources=true", includeArchived: true, includeSources: true },
];

/**
 * Each list of the company, asked twice (the second from the cache, without reading a row), equals
 * byte for byte the list built now from the database (./content-json.ts, what a cache miss builds),
 * and the ETag names the version. Answers the texts, so a caller can see that its write shows.
 */
async function expectCachedEqualsFresh(member: CompanyMember): Promise<string[]> {
  const db = await getDb();
  const texts = [];
  for (const { query, includeArchived, includeSources } of LISTS) {
    const url = `?company_id=${member.company.id}${query}`;
    const first = await list(member, url);
    expect(first.status, first.text).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    let again: Awaited<ReturnType<typeof list>> | undefined;
    expect(
      await readsRows(async () => {
        again = await list(member, url);
      }),
    ).toBe(false);
    const fresh = jsonTextOf(await contentListJson(db, { companyIds: [member.company.id], includeArchived, includeSources }));
    expect(first.text).toBe(fresh);
    expect(again!.text).toBe(fresh);
    expect(again!.etag).toBe(first.etag);
    texts.push(first.text);
  }
  return texts;
}

/** A company with two items, its lists already cached. */
async function libraryWithItems() {
  const ann = await seedCompanyMember(server);
  const first = await seedContent({ companyId: ann.company.id, title: { en: "First" }, price: 10 });
  await seedContent({ companyId: ann.company.id, title: { en: "Second", sv: "Andra" }, uniqueId: "ext-2" });
  const before = await expectCachedEqualsFresh(ann);
  return { ann, first, before };
}

/** A write (through the API or not), then every list cached equal to a fresh one; answers the lists. */
async function afterWrite(ann: CompanyMember, write: () => Promise<{ status: number; body?: unknown }>, expected: number) {
  const res = await write();
  expect(res.status, JSON.stringify(res.body)).toBe(expected);
  return expectCachedEqualsFresh(ann);
}

const ids = (text: string) => JSON.parse(text).data.map((item: { product_id: number }) => item.product_id);

describe("[CONTENT CACHE] the whole library's list, kept per library version", () => {
  it("after an item is created, answers byte for byte what a fresh read answers, with the new item", async () => {
    const { ann, before } = await libraryWithItems();
    const image = await uploadPng(ann);
    const after = await afterWrite(
      ann,
      () => ann.api.post("/v3/content", { company_id: ann.company.id, language: "en", title: "Created", images: [{ uuid: image }] }),
      201,
    );
    expect(after[0]).toContain('"Created"');
    expect(after[0]).not.toBe(before[0]);
  });

  it("after an item is updated (title, price, sources), answers what a fresh read answers, with the change", async () => {
    const { ann, first } = await libraryWithItems();
    const body = {
      product_id: first.productId,
      language: "de",
      title: "Erste",
      price: 12.5,
      sources: { integration: { uniqueId: "ext-1" } },
    };
    const after = await afterWrite(ann, () => ann.api.put("/v3/content", body), 200);
    expect(after[0]).toContain('"Erste"');
    expect(after[0]).toContain('"price":12.5');
    expect(after[2]).toContain('"ext-1"');
  });

  it("after one item and then all are archived, and one restored, answers what a fresh read answers each time", async () => {
    const { ann, first, before } = await libraryWithItems();
    let after = await afterWrite(ann, () => ann.api.delete(`/v3/content?product_id=${first.productId}`), 200);
    expect(ids(after[0])).not.toContain(first.productId);
    expect(ids(after[1])).toContain(first.productId);
    expect(after[1]).not.toBe(before[1]);
    after = await afterWrite(ann, () => ann.api.request("DELETE", "/v3/content?action=bulk", { product_ids: ids(before[0]) }), 200);
    expect(ids(after[0])).toEqual([]);
    after = await afterWrite(ann, () => ann.api.post("/v3/content/restore", { product_ids: [first.productId] }), 200);
    expect(ids(after[0])).toEqual([first.productId]);
  });

  it("after writes outside the API (a variation deleted, products changed by SQL), answers what a fresh read answers", async () => {
    const { ann, first } = await libraryWithItems();
    const db = await getDb();
    let after = await afterWrite(
      ann,
      async () => ({ status: await db.$executeRaw`DELETE FROM variations WHERE product_id = ${first.productId}` }),
      1,
    );
    expect(ids(after[1])).not.toContain(first.productId);
    after = await afterWrite(
      ann,
      async () => ({ status: await db.$executeRaw`UPDATE products SET unit = 'h' WHERE company_id = ${ann.company.id}` }),
      2,
    );
    expect(after[1]).toContain('"unit":"h"');
  });

  it("answers 304 to the current ETag and 200 with the new version to an old one", async () => {
    const ann = await seedCompanyMember(server);
    await seedContent({ companyId: ann.company.id, title: { en: "One" } });
    const query = `?company_id=${ann.company.id}`;
    const old = await list(ann, query);
    expect((await list(ann, query, { "if-none-match": old.etag! })).status).toBe(304);
    await seedContent({ companyId: ann.company.id, title: { en: "Two" } });
    const now = await list(ann, query, { "if-none-match": old.etag! });
    expect(now.status).toBe(200);
    expect(now.etag).not.toBe(old.etag);
    expect(JSON.parse(now.text).data).toHaveLength(2);
    expect((await list(ann, query, { "if-none-match": now.etag! })).status).toBe(304);
  });

  it("answers a cached list to a key in two statements, the membership and the version read together; a disabled member and an unknown company get 404", async () => {
    const ann = await seedCompanyMember(server);
    await seedContent({ companyId: ann.company.id, title: { en: "Ann's secret item" } });
    const query = `?company_id=${ann.company.id}`;
    const cached = await list(ann, query);
    await list(ann, query);
    // The key's last use is written at most once a minute: by now it has been.
    seen = [];
    const again = await list(ann, query);
    const statements = seen;
    seen = null;
    expect(again.status).toBe(200);
    expect(again.text).toBe(cached.text);
    // The key; the company's version with the caller's membership. No row of the library.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/content_version/);
    expect(statements[1]).toMatch(/company_members/);

    const colleague = await seedCompanyMember(server);
    const db = await getDb();
    await db.companyMember.create({ data: { companyId: ann.company.id, userId: colleague.user.id, disabled: true } });
    for (const headers of [{}, { "if-none-match": cached.etag! }] as Record<string, string>[]) {
      const refused = await list(colleague, query, headers);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.text)).toEqual({ error: { code: "NOT_FOUND", message: "Company not found" } });
    }
    await db.companyMember.update({
      where: { companyId_userId: { companyId: ann.company.id, userId: colleague.user.id } },
      data: { disabled: false },
    });
    expect((await list(colleague, query)).text).toBe(cached.text);
    const unknown = await list(ann, "?company_id=2147483000");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe((await list(colleague, "?company_id=2147483000")).text);
  });

  it("gives another company's key nothing of a cached list: 404 with company_id, even with its ETag, and only its own items without", async () => {
    const ann = await seedCompanyMember(server);
    const bob = await seedCompanyMember(server);
    await seedContent({ companyId: ann.company.id, title: { en: "Ann's secret item" } });
    await seedContent({ companyId: bob.company.id, title: { en: "Bob's item" } });
    const query = `?company_id=${ann.company.id}`;
    const cached = await list(ann, query);
    await list(ann, query);
    for (const flags of LISTS) {
      const res = await list(bob, `${query}${flags.query}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("secret");
    }
    const conditional = await list(bob, query, { "if-none-match": cached.etag! });
    expect(conditional.status).toBe(404);
    const own = await list(bob, "");
    expect(own.status).toBe(200);
    expect(own.text).not.toContain("secret");
    expect(JSON.parse(own.text).data.map((item: { title: { en: string } }) => item.title.en)).toEqual(["Bob's item"]);
  });
});
