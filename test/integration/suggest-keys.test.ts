/**
 * Suggest-only API keys (issue 41, docs/decisions/060): a key made with scope `suggest` reads as
 * its user does and may comment, reply, resolve and reopen threads and suggest block changes;
 * every other write answers 403 `forbidden_scope` before anything is read, through REST and the
 * agent tools alike, and in the proposals service in its own shape. The agent tools hold the
 * review tools an agent may use and none of those kept for people.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signedInClient } from "../accounts";
import { apiClient, type ApiResponse } from "../api-client";
import { expectNotFound, expectStatus, expectValidation } from "../expect";
import {
  addComment,
  authoringUrl,
  createReviewLink,
  seedTeamWithProject,
  suggestChange,
  suggestKeyOf,
  courseWithBlock,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { callTool, callToolOk, connectMcp } from "../mcp-client";
import { proposalsClient, seedCompanyMember } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  [server] = await Promise.all([startTestServer(), getDb()]);
});
afterAll(() => server.close());

/** A team (admin, author, learner) with a draft course, its block, an open thread and an open suggestion, and a review link; the author's suggest key. */
async function suggestSetup() {
  const team = await seedTeamWithProject(server);
  const api = team.admin.api;
  const { course, module: mod, lesson, block } = await courseWithBlock(api, team.projectId, "Original");
  const thread = await addComment(api, block.id, { body: "Open question" });
  const suggestion = await suggestChange(api, block.id, { content: { body: "Suggested by the admin" } });
  const link = await createReviewLink(api, course.id);
  const agent = await suggestKeyOf(server, team.author, "Reviewing agent");
  return { ...team, course, module: mod, lesson, block, thread, suggestion, link, agent };
}

type Setup = Awaited<ReturnType<typeof suggestSetup>>;

/** What the suggest key's refused writes could have changed, read with the admin's full key. */
async function ownerView(s: Setup) {
  const read = async (path: string) => {
    const res = await s.admin.api.get(path);
    expectStatus(res, 200);
    return res.body;
  };
  const db = await getDb();
  return {
    projects: await read("/projects"),
    project: await read(`/projects/${s.projectId}`),
    comments: await read(`/courses/${s.course.id}/comments`),
    suggestions: await read(`/courses/${s.course.id}/suggestions`),
    links: await read(`/courses/${s.course.id}/review-links`),
    authorsKeys: await db.apiKey.findMany({
      where: { userId: s.author.user.id },
      select: { id: true, revokedAt: true },
      orderBy: { id: "asc" },
    }),
  };
}

function expectForbiddenScope(res: ApiResponse, operation: string) {
  expect(res.status, `${operation}: ${JSON.stringify(res.body)}`).toBe(403);
  expect(res.body).toEqual({
    error: expect.stringMatching(/read, comment and suggest/),
    code: "forbidden_scope",
    details: { scope: "suggest", operation },
  });
}

describe("[SUGGEST KEYS] POST /api-keys with a scope", () => {
  it("makes a full key by default and a suggest key when asked; the answer and the list show each key's scope; another scope is 400", async () => {
    const s = await seedTeamWithProject(server);
    const browser = await signedInClient(authoringUrl(server), s.author.user);
    const full = await browser.post("/api-keys", { name: "Import script" });
    expectStatus(full, 201);
    expect(full.body.scope).toBe("full");
    const suggest = await browser.post("/api-keys", { name: "Review agent", scope: "suggest" });
    expectStatus(suggest, 201);
    expect(Object.keys(suggest.body).sort()).toEqual(["created_at", "id", "key", "key_prefix", "last_used_at", "name", "scope", "warning"]);
    expect(suggest.body.scope).toBe("suggest");
    expectStatus(await browser.post("/api-keys", { name: "Explicitly full", scope: "full" }), 201);
    for (const scope of ["admin", "", null, 1]) expectValidation(await browser.post("/api-keys", { name: "Odd", scope }), "scope");

    const list = await browser.get("/api-keys");
    expect(list.body.api_keys.map((k: { name: string; scope: string }) => [k.name, k.scope]).sort()).toEqual(
      [
        ["Explicitly full", "full"],
        ["Import script", "full"],
        ["Review agent", "suggest"],
        ["test key", "full"],
      ].sort(),
    );
    // The key made in the browser is held to its scope.
    const made = apiClient(authoringUrl(server), suggest.body.key);
    expectStatus(await made.get("/projects"), 200);
    expectForbiddenScope(await made.post("/projects", { name: "Not mine to make", workspace_id: s.workspace.id }), "create_project");
  });
});

describe("[SUGGEST KEYS] a suggest key over REST", () => {
  it("reads what its user reads, answered the same as with a full key", async () => {
    const s = await suggestSetup();
    for (const path of [
      `/projects/${s.projectId}`,
      `/courses/${s.course.id}`,
      `/blocks/${s.block.id}`,
      `/courses/${s.course.id}/comments`,
      `/courses/${s.course.id}/suggestions`,
      "/workspaces",
    ]) {
      const [withSuggestKey, withFullKey] = [await s.agent.api.get(path), await s.author.api.get(path)];
      expectStatus(withSuggestKey, 200);
      expect(withSuggestKey.body, path).toEqual(withFullKey.body);
    }
  });

  it("comments, replies, resolves and reopens threads and suggests changes, as the agent named by the key", async () => {
    const s = await suggestSetup();
    const thread = await addComment(s.agent.api, s.block.id, { body: "Consider a shorter sentence", quote: "Original" });
    expect(thread.author).toEqual({ kind: "agent", name: "Reviewing agent" });
    const reply = await s.agent.api.post(`/comments/${s.thread.id}/replies`, { body: "An answer" });
    expectStatus(reply, 201);
    expect(reply.body.author).toEqual({ kind: "agent", name: "Reviewing agent" });
    const resolved = await s.agent.api.patch(`/comments/${s.thread.id}`, { status: "resolved" });
    expectStatus(resolved, 200);
    expect(resolved.body).toMatchObject({ status: "resolved", resolved_by: "Reviewing agent" });
    expectStatus(await s.agent.api.patch(`/comments/${s.thread.id}`, { status: "open" }), 200);
    const suggestion = await suggestChange(s.agent.api, s.block.id, { content: { body: "Shorter" }, note: "Trimmed" });
    expect(suggestion).toMatchObject({ status: "open", author: { kind: "agent", name: "Reviewing agent" } });

    // The block is unchanged until a person accepts the suggestion.
    expect((await s.admin.api.get(`/blocks/${s.block.id}`)).body).toEqual(s.block);
    expectStatus(await s.admin.api.post(`/suggestions/${suggestion.id}/accept`), 200);
    expect((await s.admin.api.get(`/blocks/${s.block.id}`)).body.content).toEqual({ body: "Shorter" });
  });

  it("answers every other write 403 forbidden_scope, and nothing changes", async () => {
    const s = await suggestSetup();
    const before = await ownerView(s);
    const { api } = s.agent;
    const refused: [string, () => Promise<ApiResponse>][] = [
      ["update_block", () => api.patch(`/blocks/${s.block.id}`, { content: { body: "Overwritten" } })],
      ["delete_block", () => api.delete(`/blocks/${s.block.id}`)],
      ["create_block", () => api.post(`/lessons/${s.lesson.id}/blocks`, { type: "text", content: { body: "Added" } })],
      ["publish_course", () => api.post(`/courses/${s.course.id}/publish`)],
      ["publish_lesson", () => api.post(`/lessons/${s.lesson.id}/publish`)],
      ["update_course", () => api.patch(`/courses/${s.course.id}`, { title: "Renamed" })],
      ["accept_suggestion", () => api.post(`/suggestions/${s.suggestion.id}/accept`, { force: true })],
      ["reject_suggestion", () => api.post(`/suggestions/${s.suggestion.id}/reject`)],
      ["create_review_link", () => api.post(`/courses/${s.course.id}/review-links`, { allow_suggestions: true })],
      ["close_review_link", () => api.delete(`/review-links/${s.link.id}`)],
      ["create_project", () => api.post("/projects", { name: "New", workspace_id: s.workspace.id })],
      ["revoke_api_key", () => api.delete(`/api-keys/${s.author.apiKeyId}`)],
      ["create_api_key", () => api.post("/api-keys", { name: "Minted" })],
    ];
    for (const [operation, call] of refused) expectForbiddenScope(await call(), operation);
    expect(await ownerView(s)).toEqual(before);
    // The author's full key still works: the suggest key revoked nothing.
    expectStatus(await s.author.api.get("/api-keys"), 200);
    // Listing review links is a read, kept for those who write the course: the author may.
    expectStatus(await api.get(`/courses/${s.course.id}/review-links`), 200);
  });

  it("adds no access: a learner's suggest key still gets 404 on comments and suggestions, and a refused write is refused before its id is looked up", async () => {
    const s = await suggestSetup();
    const learners = await suggestKeyOf(server, s.learner);
    expectNotFound(await learners.api.post(`/blocks/${s.block.id}/comments`, { body: "Hi" }));
    expectNotFound(await learners.api.post(`/blocks/${s.block.id}/suggestions`, { content: { body: "Hi" } }));
    expectNotFound(await learners.api.get(`/courses/${s.course.id}/comments`));
    expectForbiddenScope(await learners.api.post(`/suggestions/${s.suggestion.id}/accept`), "accept_suggestion");
    expectForbiddenScope(await s.agent.api.patch("/blocks/not-a-block", { content: {} }), "update_block");
    const db = await getDb();
    expect(await db.commentThread.count({ where: { courseId: s.course.id } })).toBe(1);
  });

  it("is refused the app's writes too, and reads them", async () => {
    const s = await suggestSetup();
    const app = apiClient(`${server.url}/api`, s.agent.key);
    expectStatus(await app.get("/account/notifications"), 200);
    expectForbiddenScope(await app.put("/account/notifications", { comment_mention: false }), "update_notification_settings");
    expect((await app.get("/account/notifications")).body.comment_mention).toBe(true);
    expectForbiddenScope(await app.post("/workspaces", { name: "Agent's team" }), "create_workspace");
  });
});

describe("[SUGGEST KEYS] the agent tools", () => {
  const REVIEW_TOOLS = ["list_comments", "add_comment", "reply_to_comment", "suggest_block_change", "list_suggestions"];
  const PEOPLES = [
    "accept_suggestion",
    "reject_suggestion",
    "update_comment",
    "publish_course",
    "unpublish_course",
    "publish_lesson",
    "unpublish_lesson",
    "create_review_link",
    "list_review_links",
    "close_review_link",
    "get_review",
    "list_review_comments",
    "add_review_comment",
    "reply_review_comment",
    "suggest_review_change",
  ];

  it("hold the five review tools and none of those kept for people or for review links", async () => {
    const s = await suggestSetup();
    for (const key of [s.author.key, s.agent.key]) {
      const client = await connectMcp(`${server.url}/api/authoring/mcp`, key);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(REVIEW_TOOLS));
      expect(names.filter((n) => PEOPLES.includes(n))).toEqual([]);
      await client.close();
    }
  });

  it("a suggest key's tools comment and suggest; update_block and other writes are tool errors with forbidden_scope, and nothing changes", async () => {
    const s = await suggestSetup();
    const before = await ownerView(s);
    const client = await connectMcp(`${server.url}/api/authoring/mcp`, s.agent.key);
    const refusals: [string, Record<string, unknown>][] = [
      ["update_block", { blockId: s.block.id, content: { body: "Overwritten" } }],
      ["update_block", { blockId: s.block.id, content: { body: "Previewed" }, dry_run: true }],
      ["delete_block", { blockId: s.block.id }],
      ["create_block", { lessonId: s.lesson.id, type: "text", content: { body: "Added" } }],
      ["update_course", { courseId: s.course.id, title: "Renamed" }],
    ];
    for (const [name, args] of refusals) {
      const result = await callTool(client, name, args);
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent).toEqual({
        status: 403,
        error: expect.any(String),
        code: "forbidden_scope",
        details: { scope: "suggest", operation: name },
      });
    }
    expect(await ownerView(s)).toEqual(before);

    const thread = await callToolOk(client, "add_comment", { blockId: s.block.id, body: "From the agent's tools" });
    expect(thread.author).toEqual({ kind: "agent", name: "Reviewing agent" });
    await callToolOk(client, "reply_to_comment", { commentId: thread.id, body: "And a reply" });
    const suggestion = await callToolOk(client, "suggest_block_change", { blockId: s.block.id, content: { body: "Agent's version" } });
    expect(suggestion.status).toBe("open");
    const listed = await callToolOk(client, "list_comments", { courseId: s.course.id, status: "open" });
    expect(listed.comments.map((t: { id: string }) => t.id).sort()).toEqual([s.thread.id, thread.id].sort());
    expect((await callToolOk(client, "list_suggestions", { courseId: s.course.id })).suggestions).toHaveLength(2);
    // A suggestion through a tool changes no block either.
    expect((await s.admin.api.get(`/blocks/${s.block.id}`)).body).toEqual(s.block);
    // And the audit trail says the agent's tools made it, with the key.
    const db = await getDb();
    const event = await db.auditEvent.findFirstOrThrow({ where: { operation: "suggest_block_change", targetId: suggestion.id } });
    expect(event).toMatchObject({ actorUserId: s.author.user.id, via: "agent", apiKeyId: s.agent.apiKeyId });
    await client.close();
  });
});

describe("[SUGGEST KEYS] the proposals service", () => {
  it("reads with a suggest key and answers its writes 403 FORBIDDEN_SCOPE in the service's shape, writing nothing", async () => {
    const member = await seedCompanyMember(server);
    const agent = await suggestKeyOf(server, member);
    const proposals = proposalsClient(server, agent.key);
    const companies = await proposals.get("/v3/companies");
    expectStatus(companies, 200);
    expect(JSON.stringify(companies.body)).toContain(member.company.name);
    const refused: ApiResponse[] = [
      await proposals.post("/v3/companies", { name: "Agent's company" }),
      await proposals.post("/v3/contacts", { company_id: member.company.id, first_name: "Agent's contact" }),
    ];
    for (const res of refused) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body).toEqual({ error: { code: "FORBIDDEN_SCOPE", message: expect.any(String) } });
    }
    const db = await getDb();
    expect(await db.companyMember.count({ where: { userId: member.user.id } })).toBe(1);
    expect(await db.contact.count({ where: { companyId: member.company.id } })).toBe(0);
  });
});
