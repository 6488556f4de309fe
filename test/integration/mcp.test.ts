import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authoringEndpoints, NOT_AGENT_TOOLS } from "@/lib/authoring/endpoints";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { callTool as call, callToolOk as ok, connectMcp } from "../mcp-client";

let server: TestServer;
const connect = (key: string) => connectMcp(`${server.url}/api/authoring/mcp`, key);
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[MCP] agent tools", () => {
  it("lists one tool per endpoint except those kept for people, public ones and file downloads: 67, annotated", async () => {
    const client = await connect((await seedUser()).key);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(67);
    // A file upload (multipart) or a file download (produces) is no tool: an agent speaks JSON, and
    // gets a link to a download instead (export_course) and imports from a link (import_course). A
    // public endpoint (a review link's) is for people without a key: no tool either.
    const expected = authoringEndpoints
      .filter((e) => (e.bodyKind ?? "json") === "json" && !e.produces && !e.isPublic)
      .map((e) => e.operationId)
      .filter((id) => !NOT_AGENT_TOOLS.has(id));
    expect(tools.map((t) => t.name).sort()).toEqual(expected.sort());
    // Publishing, deciding suggestions, resolving threads and review links stay with people (decision 060).
    const kept = [
      ...["publish_course", "unpublish_course", "publish_lesson", "unpublish_lesson"],
      ...["accept_suggestion", "reject_suggestion", "update_comment", "create_review_link", "list_review_links", "close_review_link"],
      ...["get_review", "list_review_comments", "add_review_comment", "reply_review_comment", "suggest_review_change"],
    ];
    for (const name of kept) {
      expect(tools.some((t) => t.name === name)).toBe(false);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("list_courses")!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get("delete_course")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get("create_block")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    const createCourse = byName.get("create_course")!;
    expect(createCourse.description).toMatch(/1\.\.200/);
    expect(createCourse.inputSchema.required).toEqual(expect.arrayContaining(["projectId", "title"]));
    expect((createCourse.inputSchema.properties as any).title).toMatchObject({ type: "string", minLength: 1, maxLength: 200 });
    expect((createCourse.inputSchema.properties as any).dry_run.type).toBe("boolean");
    expect((byName.get("get_course")!.inputSchema.properties as any).dry_run).toBeUndefined();
    await client.close();
  });

  it("authors a whole course through tools, every block type included, and reads it back", async () => {
    const client = await connect((await seedUser()).key);
    const project = await ok(client, "create_project", { name: "Agent-built" });
    const course = await ok(client, "create_course", { projectId: project.id, title: "Course", description: "By an agent" });
    const mod = await ok(client, "create_module", { courseId: course.id, title: "Module" });
    const lesson = await ok(client, "create_lesson", { moduleId: mod.id, title: "Lesson" });
    const category = await ok(client, "create_category", { projectId: project.id, name: "Basics" });
    const question = await ok(client, "create_question", {
      projectId: project.id,
      category_id: category.id,
      prompt: "Is water wet?",
      question_type: "true_false",
      difficulty: 1,
      options: [
        { label: "Yes", is_correct: true },
        { label: "No", is_correct: false },
      ],
    });
    const quiz = await ok(client, "create_quiz", { projectId: project.id, title: "Check", question_ids: [question.id] });
    const blocks: Record<string, unknown>[] = [
      { type: "text", content: { body: "# Hello" } },
      { type: "example", content: { body: "For example…" } },
      { type: "scenario", content: { body: "You are…", reveal: "Then…" } },
      { type: "glossary", content: { title: "Terms", terms: [{ term: "MCP", definition: "Model Context Protocol" }] } },
      { type: "image", content: { source: { type: "svg", code: "<svg xmlns='http://www.w3.org/2000/svg'/>" }, alt: "A shape" } },
      { type: "video", content: { source: { type: "youtube", id: "dQw4w9WgXcQ", start: 30 }, title: "Video" } },
      { type: "diagram", content: { source: { type: "mermaid", code: "graph TD; A-->B" } } },
      { type: "interactive", content: { source: { type: "html", code: "<p>Hi</p>" }, height: 200 } },
      { type: "visual", content: { prompt: "A diagram of the water cycle", status: "pending" } },
      { type: "question", question_id: question.id, question_role: "practice" },
      { type: "quiz", quiz_id: quiz.id },
    ];
    for (const block of blocks) await ok(client, "create_block", { lessonId: lesson.id, ...block });

    const tree = await ok(client, "get_project", { projectId: project.id });
    const readBlocks = tree.courses[0].modules[0].lessons[0].blocks;
    expect(readBlocks.map((b: { type: string }) => b.type)).toEqual(blocks.map((b) => b.type));
    expect(readBlocks.map((b: { position: number }) => b.position)).toEqual(blocks.map((_, i) => i));
    expect(readBlocks[9].question.id).toBe(question.id);
    expect(readBlocks[10].quiz).toEqual({ id: quiz.id, title: "Check" });
    expect(readBlocks[5].content).toEqual(blocks[5].content);

    const page = await ok(client, "list_blocks", { lessonId: lesson.id, limit: 2, offset: 2 });
    expect(page).toMatchObject({ has_more: true, limit: 2, offset: 2 });
    expect(page.blocks.map((b: { type: string }) => b.type)).toEqual(["scenario", "glossary"]);
    await client.close();
  });

  it("answers a validation error as a tool error carrying the REST error body, and writes nothing", async () => {
    const { key, personalWorkspace } = await seedUser();
    const client = await connect(key);
    const result = await call(client, "create_project", { name: "", workspace_id: personalWorkspace.id });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 400, code: "validation_error", error: expect.any(String) });
    expect(result.structuredContent.details.issues[0].path).toBe("name");
    const missing = await call(client, "get_course", { courseId: "00000000-0000-4000-8000-000000000000" });
    expect(missing.structuredContent).toMatchObject({ status: 404, code: "not_found" });
    const projects = await ok(client, "list_projects");
    expect(projects.projects).toEqual([]);
    await client.close();
  });

  it("previews a write with dry_run without saving it, and previews the error too", async () => {
    const client = await connect((await seedUser()).key);
    const project = await ok(client, "create_project", { name: "Dry" });
    const preview = await ok(client, "create_course", { projectId: project.id, title: "Maybe", dry_run: true });
    expect(preview).toMatchObject({ dry_run: true, would_return: { title: "Maybe", position: 0, project_id: project.id } });
    expect((await ok(client, "list_courses", { projectId: project.id })).courses).toEqual([]);
    const bad = await call(client, "create_course", { projectId: project.id, title: "x".repeat(201), dry_run: true });
    expect(bad.structuredContent).toMatchObject({ status: 400, code: "validation_error" });
    const course = await ok(client, "create_course", { projectId: project.id, title: "Real" });
    const deletePreview = await ok(client, "delete_course", { courseId: course.id, dry_run: true });
    expect(deletePreview.would_return).toEqual({ success: true, id: course.id });
    expect((await ok(client, "get_course", { courseId: course.id })).title).toBe("Real");
    await client.close();
  });

  it("deletes and restores through the trash tools", async () => {
    const client = await connect((await seedUser()).key);
    const project = await ok(client, "create_project", { name: "Trash" });
    const course = await ok(client, "create_course", { projectId: project.id, title: "Gone" });
    const mod = await ok(client, "create_module", { courseId: course.id, title: "M" });
    await ok(client, "delete_course", { courseId: course.id });
    const trash = await ok(client, "list_trash", { projectId: project.id });
    expect(trash.items).toEqual([expect.objectContaining({ kind: "course", id: course.id, title: "Gone" })]);
    const restored = await ok(client, "restore_trash_item", { projectId: project.id, kind: "course", id: course.id });
    expect(restored).toEqual({ success: true, kind: "course", id: course.id, restored_count: 2 });
    expect((await ok(client, "get_module", { moduleId: mod.id })).title).toBe("M");
    await client.close();
  });

  it("records who changed what through the agent interface, and with which key", async () => {
    const { key, user, apiKeyId } = await seedUser();
    const client = await connect(key);
    const project = await ok(client, "create_project", { name: "Audited" });
    await ok(client, "update_project", { projectId: project.id, name: "Dry audited", dry_run: true });
    await apiClient(`${server.url}/api/authoring`, key).patch(`/projects/${project.id}`, { name: "Renamed over REST" });
    const db = await getDb();
    const events = await db.auditEvent.findMany({ where: { targetId: project.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.operation, e.via])).toEqual([
      ["create_project", "agent"],
      ["update_project", "api"],
    ]);
    expect(events[0]).toMatchObject({ actorUserId: user.id, apiKeyId, apiKeyPrefix: key.slice(0, 12) });

    // Authors read it as the item's history; strangers cannot.
    const history = await apiClient(`${server.url}/api`, key).get(`/history/${project.id}`);
    expect(history.status).toBe(200);
    expect(history.body.history.map((h: { operation: string; via: string }) => [h.operation, h.via])).toEqual([
      ["update_project", "api"],
      ["create_project", "agent"],
    ]);
    expect(history.body.history[1]).toMatchObject({ actor_name: user.name, api_key_name: "test key", api_key_prefix: key.slice(0, 12) });
    const stranger = await apiClient(`${server.url}/api`, (await seedUser()).key).get(`/history/${project.id}`);
    expect(stranger.status).toBe(404);
    await client.close();
  });

  it("answers 401 without a key, with an unknown key, and with another user's resources answers not_found", async () => {
    const res = await fetch(`${server.url}/api/authoring/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized" });
    await expect(connect(`cak_${"x".repeat(43)}`)).rejects.toThrow();

    const owner = await connect((await seedUser()).key);
    const project = await ok(owner, "create_project", { name: "Mine" });
    const stranger = await connect((await seedUser()).key);
    const result = await call(stranger, "get_project", { projectId: project.id });
    expect(result.structuredContent).toMatchObject({ status: 404, code: "not_found" });
    const del = await call(stranger, "delete_project", { projectId: project.id });
    expect(del.structuredContent).toMatchObject({ status: 404 });
    expect((await ok(owner, "get_project", { projectId: project.id })).name).toBe("Mine");
    await owner.close();
    await stranger.close();
  });
});
