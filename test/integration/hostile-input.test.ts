/**
 * Input PostgreSQL cannot store or a recursive reader cannot walk: NUL characters, unpaired
 * surrogates, absurd nesting. Each is a 400 naming where it is, on both services, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createCompany } from "@/lib/proposals/companies/companies";
import { apiClient } from "../api-client";
import { createTree, newUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const deeplyNested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

describe("[HOSTILE INPUT] course authoring", () => {
  it("answers 400 naming the field to a NUL character or an unpaired surrogate, and stores nothing", async () => {
    const { api } = await newUser(server);
    const { course, lesson } = await createTree(api);
    for (const title of ["nul \u0000 byte", "broken \ud800 pair"]) {
      const res = await api.patch(`/courses/${course.id}`, { title });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: "validation_error", details: { issues: [{ path: "title", message: expect.any(String) }] } });
    }
    const block = await api.post(`/lessons/${lesson.id}/blocks`, { type: "text", content: { ["k\u0000"]: "v" } });
    expect(block.status).toBe(400);
    expect((await api.get(`/courses/${course.id}`)).body.title).toBe(course.title);
  });

  it("answers 400 to block content nested 3,000 levels deep instead of overflowing the stack", async () => {
    const { api } = await newUser(server);
    const { lesson } = await createTree(api);
    const res = await api.post(`/lessons/${lesson.id}/blocks`, `{"type":"text","content":${deeplyNested(3000)}}`);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect((await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks).toHaveLength(1);
  });

  it("answers 400 naming the field to a number JSON reads as infinity (1e309), and stores nothing", async () => {
    const { api } = await newUser(server);
    const { lesson } = await createTree(api);
    const res = await api.post(`/lessons/${lesson.id}/blocks`, '{"type":"text","content":{"markdown":"x","size":1e309}}');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "content.size", message: expect.stringMatching(/finite/) }] },
    });
    expect((await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks).toHaveLength(1);
  });

  it("answers 400 to a NUL character in a query string", async () => {
    const { api } = await newUser(server);
    const { project } = await createTree(api);
    const res = await api.get(`/projects/${project.id}/courses?limit=%00`);
    expect(res.status).toBe(400);
  });
});

describe("[HOSTILE INPUT] proposals", () => {
  it("answers 400 VALIDATION_ERROR with issues to NUL characters in a body and in a search, and to deep nesting in data", async () => {
    const owner = await newUser(server);
    const company = await createCompany(await getDb(), { name: "Acme", ownerUserId: owner.user.id });
    const api = apiClient(`${server.url}/api/proposals`, owner.key);
    const create = await api.post("/v3/proposals", { company_id: company.id, language: "en", title_md: "a\u0000b" });
    expect(create.status).toBe(400);
    expect(create.body).toEqual({
      error: { code: "VALIDATION_ERROR", message: expect.any(String), issues: [{ path: "title_md", message: expect.any(String) }] },
    });
    const search = await api.get(`/v3/proposals?q=%00`);
    expect(search.status).toBe(400);
    const deep = await api.post("/v3/proposals", `{"company_id":${company.id},"language":"en","data":${deeplyNested(500)}}`);
    expect(deep.status).toBe(400);
    expect((await api.get(`/v3/proposals?company_id=${company.id}`)).body.data).toEqual([]);
  });

  it("answers 400 naming the key to data {big: 1e309}, which would otherwise be stored as null and so delete the key", async () => {
    const owner = await newUser(server);
    const company = await createCompany(await getDb(), { name: "Acme", ownerUserId: owner.user.id });
    const api = apiClient(`${server.url}/api/proposals`, owner.key);
    const created = await api.post("/v3/proposals", { company_id: company.id, language: "en", data: { big: 7 } });
    expect(created.status).toBe(201);
    const uuid = created.body.proposal.uuid;
    const res = await api.patch(`/v3/proposals/${uuid}/data`, '{"data":{"big":1e309}}');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      issues: [{ path: "data.big", message: expect.stringMatching(/finite/) }],
    });
    expect((await api.get(`/v3/proposals/${uuid}`)).body.data.data).toEqual({ big: 7 });
    const create = await api.post("/v3/proposals", `{"company_id":${company.id},"language":"en","data":{"n":-1e400}}`);
    expect(create.status).toBe(400);
  });
});
