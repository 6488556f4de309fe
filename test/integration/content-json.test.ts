/**
 * GET /v3/content answers a whole library as JSON built by PostgreSQL (lib/proposals/content/
 * content-json.ts). Here it is held side by side with the object path (Prisma rows, the DTO
 * function, the response schema) on awkward rows: decimals, archived items, sources, metadata,
 * non-ASCII titles, several companies, external ids; and through HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonTextOf, JsonText } from "@/lib/api/prebuilt";
import { getDb } from "@/lib/db/client";
import { listContentBody } from "@/lib/proposals/content/content";
import { ContentList, ContentListQuery } from "@/lib/proposals/content/schemas";
import { callerOf } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { listContent } from "../oracles/content-list";
import {
  joinCompany,
  minutesAgo,
  seedCompany,
  seedCompanyMember,
  seedContent,
  type CompanyMember,
  type ContentSeed,
} from "../proposals-factories";

let server: TestServer;
let owner: CompanyMember;
let otherCompanyId: number;
beforeAll(async () => {
  server = await startTestServer();
  await getDb();
  owner = await seedCompanyMember(server);
  otherCompanyId = (await seedCompany(owner)).id;
  const db = await getDb();
  const seeds: Omit<ContentSeed, "companyId">[] = [
    { title: { en: "Consulting day", de: "Beratungstag" }, price: 1250.5, uniqueId: "SKU-1", oracleCode: "Ora-ÄB" },
    { title: { en: 'Ünïcødé ☃ "quoted" \\ back\nslash' }, description: { en: "Line one\nLine two" }, price: 0.0001 },
    { title: { fi: "Työpäivä" }, price: 9999999999.9999, archivedAt: minutesAgo(5) },
    { title: { en: "No price" }, price: null },
    { title: { en: "Whole" }, price: 10 },
    { title: { en: "Same second A" }, createdAt: new Date("2026-01-01T00:00:00.900Z") },
    { title: { en: "Same second B" }, createdAt: new Date("2026-01-01T00:00:00.100Z") },
  ];
  for (const [i, seed] of seeds.entries()) await seedContent({ companyId: i % 2 ? owner.company.id : otherCompanyId, ...seed });
  // Columns the seed helper does not set: a tax rate, a unit, integration fields, odd sources.
  await db.$executeRawUnsafe(
    `UPDATE products SET tax_rate = 25.5, unit = 'päivä', integration_id = 7, integration_metadata = '{"batch": [1, 2.5, null], "ok": true}'::jsonb
     WHERE company_id = $1 AND title->>'en' = 'Consulting day'`,
    otherCompanyId,
  );
  await db.$executeRawUnsafe(`UPDATE products SET sources = '[1,2]'::jsonb, title = '"not an object"'::jsonb WHERE title->>'en' = 'Whole'`);
  await db.$executeRawUnsafe(`UPDATE products SET integration_metadata = 'null'::jsonb WHERE title->>'en' = 'No price'`);
});
afterAll(() => server.close());

async function bothPaths(query: Record<string, string>) {
  const db = await getDb();
  const parsed = ContentListQuery.parse(query);
  const objects = JSON.parse(JSON.stringify(ContentList.parse({ data: await listContent(db, callerOf(owner), parsed) })));
  const built = await listContentBody(db, callerOf(owner), parsed);
  expect(built).toBeInstanceOf(JsonText);
  return { objects, text: jsonTextOf(built as JsonText) };
}

describe("[CONTENT JSON] the database-built list equals the object path", () => {
  const queries: Record<string, string>[] = [
    {},
    { include_archived: "true" },
    { include_sources: "true" },
    { include_archived: "true", include_sources: "true" },
    { company_id: "OWN" },
    { company_id: "OTHER", external_id: "SKU-1" },
    { company_id: "OTHER", external_id: "ora-äb" },
    { company_id: "OTHER", external_id: "nothing" },
  ];
  for (const query of queries) {
    it(`field for field, in the same order: ${JSON.stringify(query)}`, async () => {
      const q: Record<string, string> = { ...query };
      if (q.company_id === "OWN") q.company_id = String(owner.company.id);
      if (q.company_id === "OTHER") q.company_id = String(otherCompanyId);
      const { objects, text } = await bothPaths(q);
      const json = JSON.parse(text);
      expect(json).toEqual(objects);
      // Key order too, item by item (clients read JSON, but a diff should show nothing).
      for (const [i, item] of json.data.entries()) expect(Object.keys(item)).toEqual(Object.keys(objects.data[i]));
      expect(json.data.length).toBe(objects.data.length);
    });
  }

  it("has the items it should: both companies, newest first, archived only when asked", async () => {
    const { objects } = await bothPaths({ include_archived: "true" });
    expect(objects.data.length).toBeGreaterThanOrEqual(7);
    const titles = objects.data.map((item: { title: Record<string, string> }) => Object.values(item.title)[0]);
    expect(titles.indexOf("Same second A")).toBeLessThan(titles.indexOf("Same second B"));
  });

  it("is what GET /v3/content answers over HTTP, and what a member of neither company gets is an empty list", async () => {
    const res = await owner.api.get("/v3/content?include_sources=true");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const { objects } = await bothPaths({ include_sources: "true" });
    expect(res.body).toEqual(objects);

    const stranger = await seedCompanyMember(server);
    const none = await stranger.api.get("/v3/content");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [] });
    const refused = await stranger.api.get(`/v3/content?company_id=${otherCompanyId}`);
    expect(refused.status).toBe(404);
    // A member who joins sees the other company's items too.
    await joinCompany(stranger, otherCompanyId);
    expect((await stranger.api.get(`/v3/content?company_id=${otherCompanyId}`)).body.data.length).toBeGreaterThan(0);
  });
});
