/**
 * The buyer's agent tools at /api/app/mcp (MCP, Streamable HTTP; docs/decisions/071): a learning
 * manager's agent fills and follows the seats, a learner's agent reads their certificates, through
 * the same endpoints as /api/app/enrolments and /api/app/certificates, as the same people.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_AGENT_TOOLS } from "@/lib/app/agent-tools";
import { buyerEndpoints } from "@/lib/app/buyer";
import { appService } from "@/lib/app/service";
import { getDb } from "@/lib/db/client";
import { completedSeat, enrolmentsClient, soldCourse } from "../enrolment-factories";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { freshEmail, mailsTo } from "../invitation-helpers";
import { callTool as call, callToolOk as ok, connectMcp, type ToolResult } from "../mcp-client";
import { expectServiceError } from "../services";

let server: TestServer;
const connect = (key: string) => connectMcp(`${server.url}/api/app/mcp`, key);
beforeAll(async () => {
  server = await startTestServer();
  // The first acceptance and the first certificate make the server's first PDFs: once, outside the tests' clocks.
  await completedSeat(server);
}, 180_000);
afterAll(() => server.close());

/** A tool's refusal as the HTTP answer it stands for: the app's error shape, its status beside it. */
const asResponse = (result: ToolResult) => {
  const { status, ...body } = result.structuredContent as { status: number };
  return { status, body, headers: new Headers() };
};

describe("[APP-MCP] the buyer's agent tools", () => {
  it("lists the enrolment and certificate endpoints but files, revoking and adding managers, annotated", async () => {
    const client = await connect((await seedUser()).key);
    const { tools } = await client.listTools();
    const expected = buyerEndpoints
      .filter((e) => !NOT_AGENT_TOOLS.has(e.operationId) && (e.bodyKind ?? "json") === "json" && !e.produces && !e.isPublic)
      .map((e) => e.operationId);
    expect(tools.map((t) => t.name).sort()).toEqual(expected.sort());
    expect(expected.sort()).toEqual([
      "get_enrolment",
      "invite_learners",
      "list_enrolment_learners",
      "list_my_certificates",
      "list_my_enrolments",
      "remove_enrolment_learner",
    ]);
    for (const kept of ["revoke_certificate", "add_enrolment_manager", "get_certificate_pdf", "get_certificate_credential"]) {
      expect(
        tools.some((t) => t.name === kept),
        kept,
      ).toBe(false);
    }
    for (const tool of tools) {
      const endpoint = buyerEndpoints.find((e) => e.operationId === tool.name)!;
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: endpoint.method === "GET",
        destructiveHint: endpoint.method === "DELETE",
        idempotentHint: endpoint.method !== "POST",
        openWorldHint: false,
      });
      expect((tool.inputSchema.properties as any)?.dry_run?.type, tool.name).toBe(endpoint.method === "GET" ? undefined : "boolean");
    }
    const invite = tools.find((t) => t.name === "invite_learners")!;
    expect(invite.inputSchema.required).toEqual(["enrolmentId", "emails"]);
    expect((invite.inputSchema.properties as any).emails).toMatchObject({ type: "array", minItems: 1, maxItems: 500 });
    // A tool answers JSON: the learners' CSV is for HTTP clients.
    expect((tools.find((t) => t.name === "list_enrolment_learners")!.inputSchema.properties as any).format).toBeUndefined();
    await client.close();
  });

  it("introduces itself with the order a manager's agent works in, and what stays with people", async () => {
    const client = await connect((await seedUser()).key);
    const instructions = client.getInstructions() ?? "";
    const order = ["list_my_enrolments", "invite_learners", "list_enrolment_learners", "remove_enrolment_learner", "list_my_certificates"];
    expect(order.map((step) => instructions.indexOf(step)).every((at, i, all) => at >= 0 && (i === 0 || at > all[i - 1]))).toBe(true);
    expect(instructions).toContain("dry_run");
    expect(instructions).toMatch(/revoking certificates are done by people/);
    expect(client.getServerVersion()?.name).toBe("coursewright-seats");
    await client.close();
  });

  it("takes only a key, in the app's error shape, and only POST", async () => {
    const res = await fetch(`${server.url}/api/app/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expectServiceError(appService, { status: res.status, body: await res.json(), headers: res.headers }, "unauthorized");
    for (const method of ["GET", "DELETE"]) {
      const refused = await fetch(`${server.url}/api/app/mcp`, { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get("allow")).toBe("POST");
    }
  });
});

describe("[APP-MCP] a learning manager's agent", () => {
  it("previews an invitation, invites learners, follows them and frees a seat, recorded as an agent's", async () => {
    const sold = await soldCourse(server, { seats: 2 });
    const id = sold.enrolment!.id;
    const client = await connect(sold.manager.key);
    const mine = await ok(client, "list_my_enrolments");
    expect(mine.data).toEqual([
      expect.objectContaining({ id, seats: 2, seats_used: 0, course: { id: sold.course.id, title: "Safety basics" } }),
    ]);

    const [ann, bo, cy] = [freshEmail("ann"), freshEmail("bo"), freshEmail("cy")];
    const preview = await ok(client, "invite_learners", { enrolmentId: id, emails: [ann, bo], dry_run: true });
    expect(preview).toEqual({ dry_run: true, would_return: { data: { invited: [{ email: ann }, { email: bo }], already: [] } } });
    expect((await ok(client, "list_enrolment_learners", { enrolmentId: id })).data).toEqual([]);
    expect(await mailsTo(ann)).toEqual([]);

    expect(await ok(client, "invite_learners", { enrolmentId: id, emails: [ann, bo] })).toEqual({
      data: { invited: [{ email: ann }, { email: bo }], already: [] },
    });
    expect((await mailsTo(ann)).map((m) => m.kind)).toEqual(["course_invitation"]);
    const learners = (await ok(client, "list_enrolment_learners", { enrolmentId: id })).data;
    expect(learners.map((l: { email: string; status: string }) => [l.email, l.status])).toEqual([
      [ann, "invited"],
      [bo, "invited"],
    ]);
    // The same enrolment over HTTP says the same.
    expect((await sold.manager.app.get(`/enrolments/${id}/learners`)).body.data).toEqual(learners);

    // Past the seats: the REST refusal, as a tool error, and nobody invited.
    const over = await call(client, "invite_learners", { enrolmentId: id, emails: [cy] });
    expect(over.isError).toBe(true);
    expectServiceError(appService, asResponse(over), "seats_exhausted", "invite_learners", { seats: 2, seats_left: 0, requested: 1 });
    expect(await mailsTo(cy)).toEqual([]);

    const freed = await ok(client, "remove_enrolment_learner", { enrolmentId: id, email: bo });
    expect(freed.data).toMatchObject({ id, seats_used: 1 });
    expect((await ok(client, "get_enrolment", { enrolmentId: id })).data).toMatchObject({ seats: 2, seats_used: 1 });

    const events = await (
      await getDb()
    ).auditEvent.findMany({
      where: { targetId: id, actorUserId: sold.manager.user.id },
      orderBy: { createdAt: "asc" },
      select: { operation: true, via: true },
    });
    expect(events).toEqual([
      { operation: "invite_learners", via: "agent" },
      { operation: "remove_enrolment_learner", via: "agent" },
    ]);
    await client.close();
  });

  it("answers another user's key, and the seller's, not_found on the same enrolment, and changes nothing", async () => {
    const sold = await soldCourse(server, { seats: 2 });
    const id = sold.enrolment!.id;
    for (const key of [(await seedUser()).key, sold.owner.key]) {
      const client = await connect(key);
      expect((await ok(client, "list_my_enrolments")).data).toEqual([]);
      for (const [name, args] of [
        ["get_enrolment", { enrolmentId: id }],
        ["list_enrolment_learners", { enrolmentId: id }],
        ["invite_learners", { enrolmentId: id, emails: [freshEmail()] }],
        ["invite_learners", { enrolmentId: id, emails: [freshEmail()], dry_run: true }],
        ["remove_enrolment_learner", { enrolmentId: id, email: freshEmail() }],
      ] as const) {
        const result = await call(client, name, args);
        expect(result.isError, name).toBe(true);
        expectServiceError(appService, asResponse(result), "not_found", name);
      }
      await client.close();
    }
    expect(await (await getDb()).enrolmentLearner.count({ where: { enrolmentId: id } })).toBe(0);
    expect((await sold.manager.app.get(`/enrolments/${id}`)).body.data).toMatchObject({ seats_used: 0 });
  });
});

describe("[APP-MCP] a learner's agent", () => {
  it("lists the learner's certificate, the one the manager sees; nobody revokes one through the tools", async () => {
    const done = await completedSeat(server);
    const learnerAgent = await connect(done.learner.key);
    const mine = await ok(learnerAgent, "list_my_certificates");
    expect(mine.data).toEqual([
      expect.objectContaining({
        course: { id: done.course.id, title: "Safety basics" },
        learner: { name: "Lou Learner", email: done.learner.user.email },
        revoked_at: null,
      }),
    ]);
    const [certificate] = mine.data;
    // Over HTTP, the same list.
    expect((await enrolmentsClient(server, done.learner.key).get("/certificates")).body.data).toEqual(mine.data);

    const managerAgent = await connect(done.manager.key);
    const rows = (await ok(managerAgent, "list_enrolment_learners", { enrolmentId: done.enrolment!.id })).data;
    expect(rows).toEqual([expect.objectContaining({ status: "completed", certificate: expect.objectContaining({ id: certificate.id }) })]);
    // The manager holds no certificate of their own.
    expect((await ok(managerAgent, "list_my_certificates")).data).toEqual([]);

    // Revoking is the workspace admin's, in the app: their agent finds no such tool.
    const adminAgent = await connect(done.admin.key);
    const revoke = await call(adminAgent, "revoke_certificate", { certificateId: certificate.id, reason: "Asked by an agent" });
    expect(revoke.isError).toBe(true);
    expectServiceError(appService, asResponse(revoke), "not_found", "revoke_certificate");
    expect((await (await getDb()).certificate.findUniqueOrThrow({ where: { id: certificate.id } })).revokedAt).toBeNull();
    for (const client of [learnerAgent, managerAgent, adminAgent]) await client.close();
  });
});
