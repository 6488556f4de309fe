/** The proposals service's agent tools at /api/proposals/mcp (MCP, Streamable HTTP), derived from its endpoint registry. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { NOT_AGENT_TOOLS } from "@/lib/proposals/agent-tools";
import { createCompany } from "@/lib/proposals/companies/companies";
import { createContact } from "@/lib/proposals/contacts/contacts";
import { proposalsEndpoints } from "@/lib/proposals/endpoints";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { callTool as call, callToolOk as ok, connectMcp } from "../mcp-client";

let server: TestServer;
const connect = (key: string) => connectMcp(`${server.url}/api/proposals/mcp`, key);
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A user with a company and an MCP client speaking with their key. */
async function agentOf(companyName = "Acme") {
  const user = await seedUser();
  const company = await createCompany(await getDb(), { name: companyName, ownerUserId: user.user.id });
  return { ...user, company, client: await connect(user.key) };
}

describe("[PROPOSALS-MCP] agent tools", () => {
  it("lists one tool per registered endpoint except sending, accepting, rejecting, withdrawing, uploads and files (the PDF), annotated", async () => {
    const { client } = await agentOf();
    const { tools } = await client.listTools();
    const expected = proposalsEndpoints
      .filter((e) => !NOT_AGENT_TOOLS.has(e.operationId) && (e.bodyKind ?? "json") === "json" && !e.produces)
      .map((e) => e.operationId);
    expect(expected).not.toContain("get_proposal_pdf");
    expect(tools.map((t) => t.name).sort()).toEqual(expected.sort());
    for (const name of NOT_AGENT_TOOLS) expect(tools.some((t) => t.name === name)).toBe(false);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["list_companies", "list_contacts", "create_contact", "list_rfps"]));

    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const tool of tools) {
      const endpoint = proposalsEndpoints.find((e) => e.operationId === tool.name)!;
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: endpoint.method === "GET",
        destructiveHint: endpoint.method === "DELETE",
        openWorldHint: false,
      });
      // Every write can be previewed; a read has nothing to preview.
      expect((tool.inputSchema.properties as any)?.dry_run?.type, tool.name).toBe(endpoint.method === "GET" ? undefined : "boolean");
    }
    const createContactTool = byName.get("create_contact")!;
    expect(createContactTool.inputSchema.required).toEqual(["company_id"]);
    expect((createContactTool.inputSchema.properties as any).first_name).toMatchObject({ type: "string", maxLength: 200 });
    expect(byName.get("update_contact")!.inputSchema.required).toEqual(["contactId"]);
    await client.close();
  });

  it("introduces itself with instructions for drafting a proposal from a CRM note", async () => {
    const { client } = await agentOf();
    const instructions = client.getInstructions() ?? "";
    for (const step of [
      "list_companies",
      "list_contacts",
      "create_contact",
      "list_content",
      "create_proposal",
      "dry_run",
      "get_proposal",
    ]) {
      expect(instructions).toContain(step);
    }
    expect(client.getServerVersion()?.name).toBe("coursewright-proposals");
    await client.close();
  });

  it("answers 401 in the proposals error shape without a key, and with an unknown key", async () => {
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    for (const authorization of [undefined, `Bearer cak_${"x".repeat(43)}`]) {
      const res = await fetch(`${server.url}/api/proposals/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(init),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(await res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    }
  });

  it("previews create_contact with dry_run and writes nothing, then creates it for real", async () => {
    const { client, company } = await agentOf();
    const preview = await ok(client, "create_contact", {
      company_id: company.id,
      first_name: "Robin",
      email: "Robin@Client.example",
      dry_run: true,
    });
    expect(preview).toEqual({
      dry_run: true,
      would_return: {
        data: expect.objectContaining({ company_id: company.id, first_name: "Robin", email: "robin@client.example", is_archived: false }),
      },
    });
    expect(await ok(client, "list_contacts", { company_id: company.id, include_archived: true })).toEqual({ data: [] });
    expect(
      await (await getDb()).auditEvent.count({ where: { operation: "create_contact", targetId: String(preview.would_return.data.id) } }),
    ).toBe(0);

    const created = await ok(client, "create_contact", { company_id: company.id, first_name: "Robin" });
    expect((await ok(client, "list_contacts", { q: "robin" })).data).toEqual([created.data]);
    const archivePreview = await ok(client, "archive_contact", { contactId: created.data.id, dry_run: true });
    expect(archivePreview.would_return.data.is_archived).toBe(true);
    expect((await ok(client, "list_contacts", {})).data.map((c: { id: number }) => c.id)).toEqual([created.data.id]);
    await client.close();
  });

  it("answers a refusal as a tool error carrying the status and the proposals error body, a dry run included", async () => {
    const { client, company } = await agentOf();
    const bad = await call(client, "create_contact", { company_id: company.id, email: "nope", nickname: "R", dry_run: true });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toEqual({
      status: 400,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.any(String),
        issues: expect.arrayContaining([
          expect.objectContaining({ path: "email" }),
          { path: "nickname", message: expect.stringContaining("nickname") },
        ]),
      },
    });
    const unknownTool = await call(client, "send_proposal", { uuid: "00000000-0000-4000-8000-000000000000" });
    expect(unknownTool.structuredContent).toMatchObject({ status: 404, error: { code: "NOT_FOUND" } });
    await client.close();
  });

  it("answers another company's contact as NOT_FOUND, and leaves it as it was", async () => {
    const ann = await agentOf();
    const bob = await agentOf("Globex");
    const bobs = await createContact(await getDb(), { companyId: bob.company.id, firstName: "Secret" });
    for (const [name, args] of [
      ["update_contact", { contactId: bobs.id, first_name: "Taken over" }],
      ["archive_contact", { contactId: bobs.id }],
      ["list_contacts", { company_id: bob.company.id }],
      ["create_contact", { company_id: bob.company.id, first_name: "Intruder" }],
    ] as const) {
      const res = await call(ann.client, name, args);
      expect(res.structuredContent, name).toEqual({ status: 404, error: { code: "NOT_FOUND", message: expect.any(String) } });
    }
    expect((await ok(bob.client, "list_contacts", { include_archived: true })).data).toEqual([
      expect.objectContaining({ id: bobs.id, first_name: "Secret", is_archived: false }),
    ]);
    await ann.client.close();
    await bob.client.close();
  });

  it("drafts a proposal from a CRM note and revises it: create previewed with dry_run (nothing saved), create, update, get", async () => {
    const db = await getDb();
    const { client, company } = await agentOf();
    // The library holds one product with a price (set-up, not what this test is about).
    const product = await db.product.create({
      data: { companyId: company.id, title: { en: "Onboarding workshop" }, price: 1000, taxRate: 25, variation: { create: {} } },
      include: { variation: true },
    });
    const variationId = product.variation!.id;

    // "Robin at Client Corp wants two onboarding workshops" -> find the company, the recipient, the content.
    const companies = await ok(client, "list_companies");
    expect(companies.data.map((c: { id: number }) => c.id)).toEqual([company.id]);
    expect((await ok(client, "list_contacts", { q: "robin" })).data).toEqual([]);
    const robin = (await ok(client, "create_contact", { company_id: company.id, first_name: "Robin", company_name: "Client Corp" })).data;
    const content = await ok(client, "list_content", { company_id: company.id });
    expect(content.data.map((c: { variation_id: number }) => c.variation_id)).toEqual([variationId]);

    const draft = {
      company_id: company.id,
      language: "en",
      title_md: "Onboarding for [the client](data:text/plain,client)",
      description_md: "# Proposal\nTwo *workshops*.",
      data: { client: "Client Corp" },
      recipient: { id: robin.id },
      blocks: [{ content_id: variationId }],
    };
    const preview = await ok(client, "create_proposal", { ...draft, dry_run: true });
    expect(preview).toEqual({ dry_run: true, would_return: { proposal: { uuid: expect.any(String), url: expect.any(String) } } });
    expect((await ok(client, "list_proposals", { company_id: company.id, include_archived: true })).data).toEqual([]);
    const previewed = await call(client, "get_proposal", { uuid: preview.would_return.proposal.uuid });
    expect(previewed.structuredContent).toMatchObject({ status: 404, error: { code: "NOT_FOUND" } });

    const created = await ok(client, "create_proposal", draft);
    const uuid = created.proposal.uuid;
    expect(created.proposal.url).toContain(uuid);
    const first = (await ok(client, "get_proposal", { uuid })).data;
    expect(first).toMatchObject({
      uuid,
      status: "draft",
      version: 1,
      title: "Onboarding for Client Corp",
      recipient_id: robin.id,
      company_id: company.id,
    });
    expect(first.blocks).toEqual([expect.objectContaining({ content_id: variationId, type: "product-block" })]);

    // Revise: two workshops, a new title; echo the block's uuid so it stays the same block.
    const blockUuid = first.blocks[0].uuid;
    const revisePreview = await ok(client, "update_proposal", {
      uuid,
      company_id: company.id,
      title_md: "Onboarding, revised",
      blocks: [{ uuid: blockUuid, content_id: variationId, quantity: 2 }],
      dry_run: true,
    });
    expect(revisePreview.would_return.data.title).toBe("Onboarding, revised");
    expect((await ok(client, "get_proposal", { uuid })).data.title).toBe("Onboarding for Client Corp");
    const revised = await ok(client, "update_proposal", {
      uuid,
      company_id: company.id,
      title_md: "Onboarding, revised",
      blocks: [{ uuid: blockUuid, content_id: variationId, quantity: 2 }],
    });
    expect(revised.data).toMatchObject({ uuid, status: "draft", title: "Onboarding, revised" });
    const read = (await ok(client, "get_proposal", { uuid })).data;
    expect(read).toEqual(revised.data);
    expect(read.blocks).toEqual([expect.objectContaining({ uuid: blockUuid, content_id: variationId, quantity: 2 })]);
    expect(read.value_without_tax).toBe(2 * first.value_without_tax);
    await client.close();
  });
});
