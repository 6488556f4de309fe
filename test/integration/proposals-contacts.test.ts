/**
 * Contacts (GET/POST /v3/contacts of contract.md, plus PATCH, archive and unarchive for the editor)
 * and GET /v3/rfps: the people and requests a proposal names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { addCompanyMember, createCompany } from "@/lib/proposals/companies/companies";
import { archiveContact, createContact } from "@/lib/proposals/contacts/contacts";
import { createRfp } from "@/lib/proposals/rfps/rfps";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const proposals = (key?: string) => apiClient(`${server.url}/api/proposals`, key);

/** A user with a company of their own and a client speaking with their key. */
async function seller(companyName = "Acme") {
  const db = await getDb();
  const user = await seedUser();
  const company = await createCompany(db, { name: companyName, ownerUserId: user.user.id });
  return { ...user, company, api: proposals(user.key) };
}

const now = () => Math.floor(Date.now() / 1000);

describe("[CONTACTS] POST /v3/contacts", () => {
  it("creates a contact of the caller's company: 201, every field, email lower case, timestamps in UNIX seconds", async () => {
    const ann = await seller();
    const res = await ann.api.post("/v3/contacts", {
      company_id: ann.company.id,
      first_name: " Robin ",
      last_name: "Client",
      email: "Robin@Client.example",
      phone: "+46 70 123 45 67",
      company_name: "Client Corp",
      sources: { integration: { id: 7, contactId: "crm-42", metadata: { owner: "ann" } } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.any(Number),
        company_id: ann.company.id,
        first_name: "Robin",
        last_name: "Client",
        email: "robin@client.example",
        phone: "+46 70 123 45 67",
        company_name: "Client Corp",
        sources: { integration: { id: 7, contactId: "crm-42", metadata: { owner: "ann" } } },
        is_archived: false,
        archived_at: null,
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      },
    });
    expect(Math.abs(res.body.data.created_at - now())).toBeLessThan(60);
    const list = await ann.api.get(`/v3/contacts?company_id=${ann.company.id}`);
    expect(list.body.data).toEqual([res.body.data]);
  });

  it("makes a contact from company_id alone, every other field empty", async () => {
    const ann = await seller();
    const res = await ann.api.post("/v3/contacts", { company_id: ann.company.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ first_name: "", last_name: "", email: "", phone: "", company_name: "", sources: {} });
  });

  it("refuses unknown keys, a bad email, overlong fields and a missing company_id, one issue each, and writes nothing", async () => {
    const ann = await seller();
    const res = await ann.api.post("/v3/contacts", {
      first_name: "x".repeat(201),
      email: "not an email",
      title: "CEO",
      sources: { crm: "x" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ["company_id", "email", "first_name", "sources.crm", "title"].sort(),
    );
    expect(res.body.error.issues.find((i: { path: string }) => i.path === "title").message).toMatch(/title/);
    for (const body of [{ company_id: "1" }, { company_id: 0 }, { company_id: 2 ** 31 }, "not json"]) {
      const bad = await ann.api.post("/v3/contacts", body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await ann.api.get("/v3/contacts")).body).toEqual({ data: [] });
  });

  it("answers 404 NOT_FOUND for a company the caller is not a member of, or is disabled in, and for one that does not exist", async () => {
    const db = await getDb();
    const ann = await seller();
    const bob = await seller("Globex");
    await addCompanyMember(db, { companyId: bob.company.id, userId: ann.user.id });
    await db.companyMember.update({
      where: { companyId_userId: { companyId: bob.company.id, userId: ann.user.id } },
      data: { disabled: true },
    });
    for (const companyId of [bob.company.id, 2147483647]) {
      const res = await ann.api.post("/v3/contacts", { company_id: companyId, first_name: "Intruder" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    }
    expect((await bob.api.get("/v3/contacts")).body.data).toEqual([]);
  });

  it("answers 401 UNAUTHORIZED without a key", async () => {
    const res = await proposals().post("/v3/contacts", { company_id: 1 });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
  });
});

describe("[CONTACTS] GET /v3/contacts", () => {
  it("lists all the caller's companies' active contacts by default, one company's with company_id, archived ones on request", async () => {
    const db = await getDb();
    const ann = await seller();
    const second = await createCompany(db, { name: "Acme Nordic", ownerUserId: ann.user.id });
    const stranger = await seller("Initech");
    const a = await createContact(db, { companyId: ann.company.id, firstName: "Alma" });
    const b = await createContact(db, { companyId: second.id, firstName: "Bert" });
    const archived = await createContact(db, { companyId: ann.company.id, firstName: "Cleo" });
    await archiveContact(db, archived.id);
    await createContact(db, { companyId: stranger.company.id, firstName: "Dora" });

    const ids = async (query: string) => (await ann.api.get(`/v3/contacts${query}`)).body.data.map((c: { id: number }) => c.id);
    expect(await ids("")).toEqual([a.id, b.id]);
    expect(await ids(`?company_id=${second.id}`)).toEqual([b.id]);
    expect(await ids(`?company_id=${ann.company.id}&include_archived=true`)).toEqual([a.id, archived.id]);
    expect(await ids("?include_archived=false")).toEqual([a.id, b.id]);
    const all = (await ann.api.get("/v3/contacts?include_archived=1")).body.data;
    expect(all.find((c: { id: number }) => c.id === archived.id)).toMatchObject({ is_archived: true, archived_at: expect.any(Number) });
  });

  it("searches first and last name, email and company name case-insensitively, every word in some field", async () => {
    const db = await getDb();
    const ann = await seller();
    const robin = await createContact(db, {
      companyId: ann.company.id,
      firstName: "Robin",
      lastName: "Client",
      email: "robin@client.example",
      companyName: "Client Corp",
    });
    const sam = await createContact(db, {
      companyId: ann.company.id,
      firstName: "Sam",
      lastName: "Robinson",
      email: "sam@other.example",
      companyName: "Other AB",
    });
    const kim = await createContact(db, { companyId: ann.company.id, firstName: "Kim", email: "kim@corp.example", companyName: "Third" });
    const ids = async (q: string) =>
      (await ann.api.get(`/v3/contacts?q=${encodeURIComponent(q)}`)).body.data.map((c: { id: number }) => c.id);
    expect(await ids("ROBIN")).toEqual([robin.id, sam.id]);
    expect(await ids("robin client")).toEqual([robin.id]);
    expect(await ids("corp")).toEqual([robin.id, kim.id]);
    expect(await ids("other.example")).toEqual([sam.id]);
    expect(await ids("nobody")).toEqual([]);
    expect(await ids("  ")).toEqual([robin.id, sam.id, kim.id]);
    expect(await ids("100%_")).toEqual([]);
  });

  it("refuses a company_id of another company (404) and malformed query values (400)", async () => {
    const ann = await seller();
    const bob = await seller("Globex");
    const res = await ann.api.get(`/v3/contacts?company_id=${bob.company.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    for (const query of ["company_id=abc", "company_id=0", "company_id=99999999999", "include_archived=yes", `q=${"x".repeat(201)}`]) {
      const bad = await ann.api.get(`/v3/contacts?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("[CONTACTS] PATCH /v3/contacts/{contactId}, archive and unarchive", () => {
  it("changes the fields sent and leaves the others; an empty email clears it", async () => {
    const db = await getDb();
    const ann = await seller();
    const contact = await createContact(db, {
      companyId: ann.company.id,
      firstName: "Robin",
      lastName: "Client",
      email: "robin@client.example",
      phone: "1",
    });
    const res = await ann.api.patch(`/v3/contacts/${contact.id}`, { last_name: "Customer", email: "" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: contact.id, first_name: "Robin", last_name: "Customer", email: "", phone: "1" });
    const again = await ann.api.patch(`/v3/contacts/${contact.id}`, {
      email: "New@Client.example",
      sources: { integration: { contactId: "c-9" } },
    });
    expect(again.body.data).toMatchObject({ email: "new@client.example", sources: { integration: { contactId: "c-9" } } });
  });

  it("refuses an empty body, unknown keys and bad values with 400, leaving the contact as it was", async () => {
    const db = await getDb();
    const ann = await seller();
    const contact = await createContact(db, { companyId: ann.company.id, firstName: "Robin" });
    const before = (await ann.api.get("/v3/contacts")).body;
    for (const body of [{}, { company_id: ann.company.id }, { first_name: "Rob", email: "nope" }, { phone: 5 }]) {
      const res = await ann.api.patch(`/v3/contacts/${contact.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await ann.api.get("/v3/contacts")).body).toEqual(before);
  });

  it("archives and unarchives: hidden from the default list, archived_at kept on a second archive, writes nothing when refused", async () => {
    const db = await getDb();
    const ann = await seller();
    const contact = await createContact(db, { companyId: ann.company.id, firstName: "Robin" });
    const archived = await ann.api.post(`/v3/contacts/${contact.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({ id: contact.id, is_archived: true, archived_at: expect.any(Number) });
    await db.contact.update({ where: { id: contact.id }, data: { archivedAt: new Date("2020-01-01T00:00:00Z") } });
    const twice = await ann.api.post(`/v3/contacts/${contact.id}/archive`, {});
    expect(twice.body.data.archived_at).toBe(Date.UTC(2020, 0, 1) / 1000);
    expect((await ann.api.get("/v3/contacts")).body.data).toEqual([]);
    const back = await ann.api.post(`/v3/contacts/${contact.id}/unarchive`);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ is_archived: false, archived_at: null });
    expect((await ann.api.get("/v3/contacts")).body.data.map((c: { id: number }) => c.id)).toEqual([contact.id]);
  });

  it("answers another company's contact, an unknown id and a malformed id with 404 NOT_FOUND, before reading the body", async () => {
    const db = await getDb();
    const ann = await seller();
    const bob = await seller("Globex");
    const bobs = await createContact(db, { companyId: bob.company.id, firstName: "Secret" });
    for (const path of [`/v3/contacts/${bobs.id}`, "/v3/contacts/2147483647", "/v3/contacts/abc", "/v3/contacts/-1"]) {
      const res = await ann.api.patch(path, { first_name: "x".repeat(500) });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    }
    for (const action of ["archive", "unarchive"]) {
      const res = await ann.api.post(`/v3/contacts/${bobs.id}/${action}`);
      expect(res.status).toBe(404);
    }
    expect((await bob.api.get("/v3/contacts")).body.data).toEqual([
      expect.objectContaining({ id: bobs.id, first_name: "Secret", is_archived: false }),
    ]);
  });
});

describe("[RFPS] GET /v3/rfps", () => {
  it("lists the caller's companies' RFPs newest first, one company's with company_id, and 404 for another company", async () => {
    const db = await getDb();
    const ann = await seller();
    const bob = await seller("Globex");
    const first = await createRfp(db, { companyId: ann.company.id, title: "Onboarding" });
    const second = await createRfp(db, { companyId: ann.company.id, title: "Renewal" });
    await db.rfp.update({ where: { id: first.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    await createRfp(db, { companyId: bob.company.id, title: "Bob's secret" });

    const res = await ann.api.get("/v3/rfps");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { id: second.id, company_id: ann.company.id, title: "Renewal", created_at: expect.any(Number) },
        { id: first.id, company_id: ann.company.id, title: "Onboarding", created_at: expect.any(Number) },
      ],
    });
    expect((await ann.api.get(`/v3/rfps?company_id=${ann.company.id}`)).body).toEqual(res.body);
    const refused = await ann.api.get(`/v3/rfps?company_id=${bob.company.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    expect((await ann.api.get("/v3/rfps?company_id=x")).status).toBe(400);
  });
});
