/** GET /v3/companies (proposals-service.md, Companies): the companies the caller is a member of. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { addCompanyMember, createCompany } from "@/lib/proposals/companies/companies";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const proposals = (key?: string) => apiClient(`${server.url}/api/proposals`, key);

describe("[COMPANIES] GET /v3/companies", () => {
  it("lists the companies the token's user belongs to, every field of the document, timestamps in UNIX seconds", async () => {
    const db = await getDb();
    const ann = await seedUser();
    const bob = await seedUser();
    const acme = await createCompany(db, {
      name: "Acme",
      ownerUserId: ann.user.id,
      currency: "sek",
      taxMode: "simplified",
      discountDecimals: 1,
    });
    const globex = await createCompany(db, { name: "Globex", ownerUserId: bob.user.id });
    await addCompanyMember(db, { companyId: globex.id, userId: ann.user.id });
    await createCompany(db, { name: "Initech", ownerUserId: bob.user.id });

    const res = await proposals(ann.key).get("/v3/companies");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: acme.id,
          created_at: Math.floor(acme.createdAt.getTime() / 1000),
          name: "Acme",
          currency: "SEK",
          tax_mode: "simplified",
          discount_decimals: 1,
          registration_number: "",
          website_url: "",
          logo_url: null,
          inbox_token: null,
        },
        expect.objectContaining({ id: globex.id, name: "Globex", currency: "EUR", tax_mode: "standard", discount_decimals: 0 }),
      ],
    });
    expect(Math.abs(res.body.data[0].created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it("leaves out a company where the member is disabled, and answers an empty list to a user of none", async () => {
    const db = await getDb();
    const ann = await seedUser();
    const company = await createCompany(db, { name: "Acme", ownerUserId: ann.user.id });
    await db.companyMember.update({
      where: { companyId_userId: { companyId: company.id, userId: ann.user.id } },
      data: { disabled: true },
    });
    expect((await proposals(ann.key).get("/v3/companies")).body).toEqual({ data: [] });
  });

  it("answers 401 in the proposals error shape without a key, with a malformed header and with an unknown key", async () => {
    for (const res of [
      await proposals().get("/v3/companies"),
      await proposals().get("/v3/companies", { authorization: "Basic abc" }),
      await proposals("cak_" + "x".repeat(43)).get("/v3/companies"),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    }
  });

  it("accepts the same API keys as the course-authoring service", async () => {
    const ann = await seedUser();
    expect((await apiClient(`${server.url}/api/authoring`, ann.key).get("/workspaces")).status).toBe(200);
    expect((await proposals(ann.key).get("/v3/companies")).status).toBe(200);
  });
});

describe("[COMPANIES] POST /v3/companies (beyond the document)", () => {
  it("creates a company whose first member is the caller, with the defaults, and lists it", async () => {
    const ann = await seedUser();
    const res = await proposals(ann.key).post("/v3/companies", { name: "  Ann's studio  " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.any(Number),
        created_at: expect.any(Number),
        name: "Ann's studio",
        currency: "EUR",
        tax_mode: "standard",
        discount_decimals: 0,
        registration_number: "",
        website_url: "",
        logo_url: null,
        inbox_token: null,
      },
    });
    expect((await proposals(ann.key).get("/v3/companies")).body.data).toEqual([res.body.data]);
  });

  it("takes currency (any case), tax_mode and discount_decimals, and the company is nobody else's", async () => {
    const ann = await seedUser();
    const bob = await seedUser();
    const res = await proposals(ann.key).post("/v3/companies", { name: "Acme", currency: "sek", tax_mode: "none", discount_decimals: 2 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Acme", currency: "SEK", tax_mode: "none", discount_decimals: 2 });
    expect((await proposals(bob.key).get("/v3/companies")).body).toEqual({ data: [] });
    // The new member can use it at once: a contact of the new company.
    const contact = await proposals(ann.key).post("/v3/contacts", { company_id: res.body.data.id, first_name: "Robin" });
    expect(contact.status).toBe(201);
  });

  it("refuses an empty name, a bad currency and unknown fields with 400 and the issues", async () => {
    const ann = await seedUser();
    for (const [body, path] of [
      [{ name: "   " }, "name"],
      [{ name: "Acme", currency: "euro" }, "currency"],
      [{ name: "Acme", tax_mode: "tax-free" }, "tax_mode"],
      [{ name: "Acme", owner: "someone" }, ""],
    ] as const) {
      const res = await proposals(ann.key).post("/v3/companies", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      if (path) expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await proposals(ann.key).get("/v3/companies")).body).toEqual({ data: [] });
  });

  it("answers 401 without a key", async () => {
    const res = await proposals().post("/v3/companies", { name: "Acme" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
  });
});
