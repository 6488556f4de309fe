/**
 * The proposal endpoints the document does not show (contract.md): list, send, accept, reject,
 * withdraw, archive/unarchive, save as template, expiry; and that nothing a client can send to a
 * proposal endpoint answers 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  joinCompany,
  publicClient,
  readProposal,
  seedCompany,
  seedCompanyMember,
  seedContact,
  setProposalColumns,
  type CompanyMember,
} from "../proposals-factories";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) before the first test's clock starts.
  await seedCompanyMember(server);
});
afterAll(() => server.close());

const member = () => seedCompanyMember(server);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const action = (who: CompanyMember, uuid: string, name: string, body?: unknown) => who.api.post(`/v3/proposals/${uuid}/${name}`, body);
const list = async (who: CompanyMember, query = "") => {
  const res = await who.api.get(`/v3/proposals${query ? `?${query}` : ""}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((p: { uuid: string }) => p.uuid) as string[];
};
/** Sets created_at so that "newest first" never depends on the clock's resolution. */
const createdMinutesAgo = async (uuid: string, minutes: number) =>
  (await getDb()).proposal.update({ where: { id: uuid }, data: { createdAt: new Date(Date.now() - minutes * 60_000) } });

describe("[LIFECYCLE] GET /v3/proposals", () => {
  it("lists the caller's companies' proposals newest first, in {data: Proposal[]}, never another company's", async () => {
    const ann = await member();
    const bob = await member();
    const older = await createDraft(ann, { title_md: "Older" });
    const newer = await createDraft(ann, { title_md: "Newer" });
    await createdMinutesAgo(older, 10);
    await createdMinutesAgo(newer, 5);
    const foreign = await createDraft(bob, { title_md: "Bob's" });
    const res = await ann.api.get("/v3/proposals");
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: any) => p.uuid)).toEqual([newer, older]);
    expect(res.body.data[0]).toEqual(await readProposal(ann.api, newer));
    expect(await list(bob)).toEqual([foreign]);
  });

  it("filters by company_id (refused for a company not the caller's) and by series_uuid", async () => {
    const ann = await member();
    const other = await seedCompany(ann);
    const bob = await member();
    const mine = await createDraft(ann);
    const there = await createDraft({ api: ann.api, company: other });
    expect(await list(ann, `company_id=${other.id}`)).toEqual([there]);
    expect(await list(ann, `company_id=${ann.company.id}`)).toEqual([mine]);
    // A read: another company's proposals do not exist for the caller (contract.md, GET is 404).
    const foreign = await ann.api.get(`/v3/proposals?company_id=${bob.company.id}`);
    expect(foreign.status, JSON.stringify(foreign.body)).not.toBe(200);
    expect([401, 404]).toContain(foreign.status);

    const sent = await createSentProposal(ann);
    const next = (await ann.api.post(`/v3/proposals/${sent}`, { company_id: ann.company.id, language: "en" })).body.proposal.uuid;
    const series = (await readProposal(ann.api, sent)).series_uuid;
    expect((await list(ann, `series_uuid=${series}`)).sort()).toEqual([sent, next].sort());
  });

  it("filters by status as read: expired is an active proposal past its expiry, active excludes it", async () => {
    const ann = await member();
    const draft = await createDraft(ann);
    const active = await createSentProposal(ann);
    const expired = await createSentProposal(ann);
    await setProposalColumns(expired, { expiresAt: new Date(Date.now() - 60_000) });
    const accepted = await createSentProposal(ann);
    expect((await action(ann, accepted, "accept")).status).toBe(200);
    expect(await list(ann, "status=draft")).toEqual([draft]);
    expect(await list(ann, "status=active")).toEqual([active]);
    expect(await list(ann, "status=expired")).toEqual([expired]);
    expect(await list(ann, "status=accepted")).toEqual([accepted]);
    const res = await ann.api.get("/v3/proposals?status=expired");
    expect(res.body.data[0].status).toBe("expired");
    expectProposalsError(await ann.api.get("/v3/proposals?status=lost"), 400, "VALIDATION_ERROR");
  });

  it("hides archived proposals unless include_archived=true", async () => {
    const ann = await member();
    const kept = await createDraft(ann);
    const archived = await createDraft(ann);
    expect((await action(ann, archived, "archive")).status).toBe(200);
    expect(await list(ann)).toEqual([kept]);
    expect((await list(ann, "include_archived=true")).sort()).toEqual([kept, archived].sort());
  });

  it("searches q in the title and the recipient's name, email and company, case-insensitively", async () => {
    const ann = await member();
    const byTitle = await createDraft(ann, { title_md: "Solar PANELS for the roof" });
    const contact = await seedContact(ann.company.id, {
      firstName: "Zelda",
      lastName: "Quark",
      email: "zq@quarkco.example",
      companyName: "Quarkco",
    });
    const byRecipient = await createDraft(ann, { title_md: "Other", recipient: { id: contact.id } });
    await createDraft(ann, { title_md: "Unrelated" });
    expect(await list(ann, "q=solar%20panels")).toEqual([byTitle]);
    expect(await list(ann, "q=zelda")).toEqual([byRecipient]);
    expect(await list(ann, "q=QUARKCO")).toEqual([byRecipient]);
    expect(await list(ann, "q=zq%40quark")).toEqual([byRecipient]);
    expect(await list(ann, "q=nothing-matches-this")).toEqual([]);
  });
});

describe("[LIFECYCLE] send", () => {
  it("turns a draft with a recipient into active, with status_changed_at and expires_at in UNIX seconds; an empty body is fine", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id);
    const uuid = await createDraft(ann, { recipient: { id: contact.id } });
    const res = await action(ann, uuid, "send");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ uuid, status: "active", expires_at: null });
    expect(Math.abs(res.body.data.status_changed_at - nowSeconds())).toBeLessThan(60);
    const withExpiry = await createDraft(ann, { recipient: { id: contact.id } });
    const expiresAt = nowSeconds() + 86_400;
    const sent = await action(ann, withExpiry, "send", { expires_at: expiresAt });
    expect(sent.body.data).toMatchObject({ status: "active", expires_at: expiresAt });
  });

  it("replaces the series' earlier active proposal", async () => {
    const ann = await member();
    const v1 = await createSentProposal(ann);
    const v2 = (await ann.api.post(`/v3/proposals/${v1}`, { company_id: ann.company.id, language: "en" })).body.proposal.uuid;
    const other = await createSentProposal(ann);
    expect((await action(ann, v2, "send")).status).toBe(200);
    expect((await readProposal(ann.api, v1)).status).toBe("replaced");
    expect((await readProposal(ann.api, v2)).status).toBe("active");
    expect((await readProposal(ann.api, other)).status).toBe("active");
  });

  it("refuses an expires_at in the past with 400, leaving it a draft", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id);
    const uuid = await createDraft(ann, { recipient: { id: contact.id } });
    const past = await action(ann, uuid, "send", { expires_at: nowSeconds() - 60 });
    expectProposalsError(past, 400, "VALIDATION_ERROR");
    expect(issuePaths(past)).toEqual(["expires_at"]);
    expect((await readProposal(ann.api, uuid)).status).toBe("draft");
  });

  it("sends a draft without a recipient as a link to share (contract.md: send takes only {expires_at?})", async () => {
    const ann = await member();
    const lonely = await createDraft(ann);
    const res = await action(ann, lonely, "send");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ uuid: lonely, status: "active", recipient_id: null, url: `/p/${lonely}` });
    expect(await list(ann, "status=active")).toContain(lonely);
  });

  it("refuses an expires_at at or after 2100 (year 10000, 1e13) with 400 naming it, sending nothing; just before 2100 is fine", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id);
    const uuid = await createDraft(ann, { recipient: { id: contact.id } });
    for (const expiresAt of [253402300800, 1e13, 4102444800, -1, 1.5]) {
      const res = await action(ann, uuid, "send", { expires_at: expiresAt });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), String(expiresAt)).toEqual(["expires_at"]);
    }
    expect((await readProposal(ann.api, uuid)).status).toBe("draft");
    expect(await list(ann)).toContain(uuid);
    const sent = await action(ann, uuid, "send", { expires_at: 4102444799 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "active", expires_at: 4102444799 });
    expect((await readProposal(ann.api, uuid)).expires_at).toBe(4102444799);
  });

  it("a stored expiry JavaScript cannot read (year 10000, written before inputs were bounded) reads as none: the list, the proposal and the customer's accept all answer", async () => {
    const ann = await member();
    const colleague = await member();
    await joinCompany(colleague, ann.company.id);
    const broken = await createSentProposal(ann, { title_md: "Far future" });
    const fine = await createSentProposal(ann, { title_md: "Fine" });
    const db = await getDb();
    await db.$executeRaw`UPDATE proposals SET expires_at = '10000-01-01T00:00:00Z' WHERE id = ${broken}::uuid`;
    for (const who of [ann, colleague]) {
      const res = await who.api.get(`/v3/proposals?company_id=${ann.company.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.map((p: { uuid: string }) => p.uuid).sort()).toEqual([broken, fine].sort());
    }
    expect(await readProposal(ann.api, broken)).toMatchObject({ status: "active", expires_at: null });
    const accepted = await publicClient(server).post(`/proposals/${broken}/accept`, { name: "Rita Recipient", consent: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: "accepted", expires_at: null });
  });

  it("answers 409 NOT_EDITABLE to sending twice, and to sending a template", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    expectProposalsError(await action(ann, uuid, "send"), 409, "NOT_EDITABLE");
    const template = (await action(ann, await createDraft(ann), "template")).body.proposal.uuid;
    expectProposalsError(await action(ann, template, "send"), 409, "NOT_EDITABLE");
  });

  it("refuses unknown keys and a non-numeric expires_at", async () => {
    const ann = await member();
    const contact = await seedContact(ann.company.id);
    const uuid = await createDraft(ann, { recipient: { id: contact.id } });
    expect(issuePaths(await action(ann, uuid, "send", { expires_at: nowSeconds() + 60, notify: true }))).toEqual(["notify"]);
    expectProposalsError(await action(ann, uuid, "send", { expires_at: "tomorrow" }), 400, "VALIDATION_ERROR");
    expect((await readProposal(ann.api, uuid)).status).toBe("draft");
  });
});

describe("[LIFECYCLE] accept, reject, withdraw", () => {
  it("accepts and rejects an active proposal, and answers 409 from any other status", async () => {
    const ann = await member();
    const a = await createSentProposal(ann);
    const accepted = await action(ann, a, "accept");
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.status).toBe("accepted");
    const r = await createSentProposal(ann);
    expect((await action(ann, r, "reject")).body.data.status).toBe("rejected");
    const draft = await createDraft(ann);
    const expired = await createSentProposal(ann);
    await setProposalColumns(expired, { expiresAt: new Date(Date.now() - 1000) });
    for (const [uuid, name] of [
      [a, "accept"],
      [a, "reject"],
      [r, "accept"],
      [draft, "accept"],
      [draft, "reject"],
      [expired, "accept"],
      [expired, "reject"],
    ]) {
      expectProposalsError(await action(ann, uuid, name), 409, "NOT_EDITABLE");
    }
    expect((await readProposal(ann.api, a)).status).toBe("accepted");
    expect((await readProposal(ann.api, expired)).status).toBe("expired");
  });

  it("withdraws an active or expired proposal; a draft, an accepted or a withdrawn one answers 409", async () => {
    const ann = await member();
    const active = await createSentProposal(ann);
    expect((await action(ann, active, "withdraw")).body.data.status).toBe("withdrawn");
    const expired = await createSentProposal(ann);
    await setProposalColumns(expired, { expiresAt: new Date(Date.now() - 1000) });
    expect((await action(ann, expired, "withdraw")).body.data.status).toBe("withdrawn");
    const accepted = await createSentProposal(ann);
    await action(ann, accepted, "accept");
    for (const uuid of [await createDraft(ann), accepted, active])
      expectProposalsError(await action(ann, uuid, "withdraw"), 409, "NOT_EDITABLE");
  });

  it("answers 401 to another company's user on every action, changing nothing", async () => {
    const ann = await member();
    const bob = await member();
    const uuid = await createSentProposal(ann);
    const before = await readProposal(ann.api, uuid);
    for (const name of ["send", "accept", "reject", "withdraw", "archive", "unarchive", "template"]) {
      expectProposalsError(await action(bob, uuid, name), 401, "UNAUTHORIZED");
    }
    expect(await readProposal(ann.api, uuid)).toEqual(before);
  });
});

describe("[LIFECYCLE] archive, unarchive, template", () => {
  it("sets and clears archived_at in UNIX seconds, whatever the status", async () => {
    const ann = await member();
    for (const uuid of [await createDraft(ann), await createSentProposal(ann)]) {
      const archived = await action(ann, uuid, "archive");
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      expect(Math.abs(archived.body.data.archived_at - nowSeconds())).toBeLessThan(60);
      expect(Number.isInteger(archived.body.data.archived_at)).toBe(true);
      const restored = await action(ann, uuid, "unarchive");
      expect(restored.body.data.archived_at).toBeNull();
    }
  });

  it("saves a copy as a new template in its own series, without the recipient: 201 {proposal: {uuid, url}}", async () => {
    const ann = await member();
    const source = await createSentProposal(ann, { title_md: "Reusable", description_md: "Body", data: { k: 1 } });
    const res = await action(ann, source, "template");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ proposal: { uuid: expect.stringMatching(UUID_RE), url: expect.any(String) } });
    const template = await readProposal(ann.api, res.body.proposal.uuid);
    const original = await readProposal(ann.api, source);
    expect(template).toMatchObject({
      status: "template",
      version: 1,
      title_md: "Reusable",
      description_md: "Body",
      data: { k: 1 },
      recipient_is_set: false,
      recipient_id: null,
    });
    expect(template.series_uuid).not.toBe(original.series_uuid);
    expect(original.status).toBe("active");
  });
});

describe("[LIFECYCLE] expiry", () => {
  it("reads an active proposal whose expires_at has passed as expired, in GET and in the list", async () => {
    const ann = await member();
    const uuid = await createSentProposal(ann);
    await setProposalColumns(uuid, { expiresAt: new Date(Date.now() - 1000) });
    expect((await readProposal(ann.api, uuid)).status).toBe("expired");
    expect((await ann.api.get("/v3/proposals")).body.data.find((p: any) => p.uuid === uuid).status).toBe("expired");
  });
});

// ---- No 500 for anything a client can send -----------------------------------------------------

describe("[PROPOSALS] nothing a client sends answers 500", () => {
  const ID_PATHS = ["", "/data", "/send", "/accept", "/reject", "/withdraw", "/archive", "/unarchive", "/template"];

  it("answers 404 NOT_FOUND for ids that are not uuids on every proposal path", async () => {
    const ann = await member();
    for (const id of ["1", "-1", "99999999999999999999", "not-a-uuid", "%00", "00000000-0000-4000-8000-00000000000g"]) {
      for (const suffix of ID_PATHS) {
        const path = `/v3/proposals/${encodeURIComponent(id)}${suffix}`;
        const responses = [
          await ann.api.get(path),
          await ann.api.post(path, {}),
          await ann.api.patch(path, { company_id: 1, title_md: "x" }),
        ];
        for (const res of responses.filter((r) => r.status !== 405)) {
          expectProposalsError(res, 404, "NOT_FOUND");
        }
      }
    }
  });

  it("answers 400 VALIDATION_ERROR with issues for bodies that are not JSON, on every endpoint with a body", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const sent = await createSentProposal(ann);
    const calls = [
      () => ann.api.post("/v3/proposals", "{not json"),
      () => ann.api.patch(`/v3/proposals/${uuid}`, "{not json"),
      () => ann.api.post(`/v3/proposals/${sent}`, "{not json"),
      () => ann.api.patch(`/v3/proposals/${uuid}/data`, "{not json"),
      () => ann.api.post(`/v3/proposals/${uuid}/send`, "{not json"),
    ];
    for (const call of calls) {
      const res = await call();
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(res.body.error.issues?.length, JSON.stringify(res.body)).toBeGreaterThan(0);
    }
  });

  it("answers 400 for empty bodies where a body is required, and for JSON that is not an object", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const sent = await createSentProposal(ann);
    for (const body of ["", "null", "[]", "42", '"text"']) {
      for (const res of [
        await ann.api.post("/v3/proposals", body, { "content-type": "application/json" }),
        await ann.api.patch(`/v3/proposals/${uuid}`, body, { "content-type": "application/json" }),
        await ann.api.post(`/v3/proposals/${sent}`, body, { "content-type": "application/json" }),
        await ann.api.patch(`/v3/proposals/${uuid}/data`, body, { "content-type": "application/json" }),
      ]) {
        expectProposalsError(res, 400, "VALIDATION_ERROR");
      }
    }
    expect((await readProposal(ann.api, uuid)).status).toBe("draft");
  });

  it("answers 400 for numbers out of range and wrong types, naming the field", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const cases: [Record<string, unknown>, string][] = [
      [{ company_id: 1e20, language: "en" }, "company_id"],
      [{ company_id: 2 ** 31, language: "en" }, "company_id"],
      [{ company_id: -1, language: "en" }, "company_id"],
      [{ company_id: 1.5, language: "en" }, "company_id"],
      [{ company_id: "1", language: "en" }, "company_id"],
      [{ company_id: ann.company.id, language: "en", recipient: { id: 2 ** 40 } }, "recipient.id"],
      [{ company_id: ann.company.id, language: "en", blocks: [{ content_id: 1e300 }] }, "blocks.0.content_id"],
      [{ company_id: ann.company.id, language: "en", blocks: [{ content_id: 2 ** 31 }] }, "blocks.0.content_id"],
      [{ company_id: ann.company.id, language: "en", blocks: "none" }, "blocks"],
      [{ company_id: ann.company.id, language: "en", tracking: { created_from_rfp: 2 ** 31 } }, "tracking.created_from_rfp"],
      [{ company_id: ann.company.id, language: "en", tracking: { created_from_template: "nope" } }, "tracking.created_from_template"],
      [{ company_id: ann.company.id, language: "en", attachments: [{ id: -3 }] }, "attachments.0.id"],
      [{ company_id: ann.company.id, language: "en", data: [] }, "data"],
      [{ company_id: ann.company.id, language: "en", title_md: "x".repeat(10_000) }, "title_md"],
      [{ company_id: ann.company.id, language: "en", background_image: { id: "a", uuid: "b" } }, "background_image.id"],
    ];
    for (const [body, path] of cases) {
      const res = await ann.api.post("/v3/proposals", body);
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), JSON.stringify(body).slice(0, 200)).toContain(path);
    }
    for (const [body, path] of [
      [{ company_id: 1e20, title_md: "x" }, "company_id"],
      [{ company_id: ann.company.id, recipient: { id: 2 ** 31 } }, "recipient.id"],
      [{ company_id: ann.company.id, discount_decimals: 1.5 }, "discount_decimals"],
      [{ company_id: ann.company.id, blocks: [{ content_id: 1, quantity: 1e308 * 10 }] }, "blocks.0.quantity"],
    ] as [Record<string, unknown>, string][]) {
      const res = await ann.api.patch(`/v3/proposals/${uuid}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(issuePaths(res)).toContain(path);
    }
    const send = await ann.api.post(`/v3/proposals/${uuid}/send`, { expires_at: 1e20 });
    expect(send.status, JSON.stringify(send.body)).toBe(400);
    for (const query of ["company_id=abc", "company_id=1e99", "company_id=-1", "series_uuid=nope", "include_archived=maybe"]) {
      const res = await ann.api.get(`/v3/proposals?${query}`);
      expectProposalsError(res, 400, "VALIDATION_ERROR");
    }
  });

  it("answers below 500 to data holding a NUL character in a key or a value", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const res = await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: { "\u0000key": "v", note: "a\u0000b" } });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
    const created = await ann.api.post("/v3/proposals", { company_id: ann.company.id, language: "en", data: { note: "a\u0000b" } });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBeLessThan(500);
  });

  it("answers below 500 to a title, description or recipient name holding a NUL character", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    for (const body of [
      { title_md: "nul \u0000 byte" },
      { description_md: "nul \u0000 byte" },
      { recipient: { first_name: "a\u0000b" } },
    ]) {
      const res = await ann.api.patch(`/v3/proposals/${uuid}`, { company_id: ann.company.id, ...body });
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
    }
  });

  it("answers below 500 to deeply nested data", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    let nested: Record<string, unknown> = { leaf: "deep" };
    for (let i = 0; i < 200; i += 1) nested = { n: nested };
    const res = await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: { nested } });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
  });

  it("answers below 500 to a lone UTF-16 surrogate in data or a title", async () => {
    const ann = await member();
    const uuid = await createDraft(ann);
    const data = await ann.api.patch(`/v3/proposals/${uuid}/data`, { data: { note: "lone \ud800 surrogate" } });
    expect(data.status, JSON.stringify(data.body).slice(0, 300)).toBeLessThan(500);
    const title = await ann.api.patch(`/v3/proposals/${uuid}`, { company_id: ann.company.id, title_md: "lone \ud800 surrogate" });
    expect(title.status, JSON.stringify(title.body).slice(0, 300)).toBeLessThan(500);
  });

  it("answers 400 to more than 500 blocks", async () => {
    const ann = await member();
    const many = await ann.api.post("/v3/proposals", {
      company_id: ann.company.id,
      language: "en",
      blocks: Array.from({ length: 501 }, () => ({ type: "video-block", video_url: "https://v.example/x", title: "v" })),
    });
    expectProposalsError(many, 400, "VALIDATION_ERROR");
    expect(issuePaths(many)).toEqual(["blocks"]);
  });
});
