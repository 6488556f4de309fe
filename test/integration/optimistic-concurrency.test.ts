/**
 * Editing together without losing work (issue 13, item 7): updates accept `If-Match: <updated_at>`
 * and refuse a stale one with 409 `conflict` and the item as it is now, atomically with the write
 * (docs/decisions/011-optimistic-concurrency.md). Every endpoint that declares If-Match is covered
 * from the registry; the block update, the one the lesson editor autosaves through, in depth.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { authoringEndpoints } from "@/lib/authoring/endpoints";
import { apiClient, type ApiResponse } from "../api-client";
import { expectNotFound, expectStatus, expectValidation } from "../expect";
import {
  createCategory,
  createCourse,
  createFamily,
  createLesson,
  createModule,
  createQuestion,
  createQuiz,
  createTree,
  newUser,
  questionOfKind,
  seedTeamWithProject,
  textBlock,
  type Api,
  type Member,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { callTool, connectMcp } from "../mcp-client";
import { fillPath } from "../services";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const withIfMatch = (version: string) => ({ "if-match": version });

/** Two different bodies for every update that takes If-Match: the test fails here for a new one until it has them. */
const BODIES: Record<string, (n: number) => Record<string, unknown>> = {
  update_project: (n) => ({ name: `Project version ${n}` }),
  update_course: (n) => ({ title: `Course version ${n}` }),
  update_module: (n) => ({ title: `Module version ${n}` }),
  update_lesson: (n) => ({ title: `Lesson version ${n}` }),
  update_block: (n) => ({ content: { body: `Block version ${n}` } }),
  update_quiz: (n) => ({ title: `Quiz version ${n}` }),
  update_category: (n) => ({ name: `Category version ${n}` }),
  update_question_family: (n) => ({ description: `Family version ${n}` }),
  update_question: (n) => ({ prompt: `Question version ${n}?` }),
};

const versioned = authoringEndpoints.filter((e) => e.ifMatch);

/** The owner's items, one of each kind that can be updated, by path parameter. */
async function ownerItems(api: Api) {
  const tree = await createTree(api);
  const projectId = tree.project.id;
  const category = await createCategory(api, projectId);
  const family = await createFamily(api, projectId);
  const question = await createQuestion(api, projectId, questionOfKind(category.id));
  const quiz = await createQuiz(api, projectId, [question.id]);
  return {
    projectId,
    courseId: tree.course.id,
    moduleId: tree.module.id,
    lessonId: tree.lesson.id,
    blockId: tree.block.id,
    categoryId: category.id,
    familyId: family.id,
    questionId: question.id,
    quizId: quiz.id,
  } as Record<string, string>;
}

describe("[IF-MATCH] every update that declares If-Match", () => {
  it("is the PATCH of each course-authoring item with an updated_at, and nothing else", () => {
    expect(versioned.map((e) => e.operationId).sort()).toEqual(Object.keys(BODIES).sort());
    for (const endpoint of versioned) expect(endpoint.method).toBe("PATCH");
  });

  // One owner's items for the tests below: each test updates only the item its endpoint names.
  let owner: Member;
  let stranger: Member;
  let ids: Record<string, string>;
  beforeAll(async () => {
    [owner, stranger] = [await newUser(server), await newUser(server)];
    ids = await ownerItems(owner.api);
  });

  for (const endpoint of versioned) {
    const body = BODIES[endpoint.operationId];

    it(`${endpoint.operationId}: refuses a stale version with 409 conflict and the item now, writes nothing, and accepts the fresh one`, async () => {
      const path = fillPath(endpoint.path, ids);
      const before = (await owner.api.get(path)).body;

      const theirs = await owner.api.patch(path, body(1));
      expectStatus(theirs, 200);
      expect(theirs.body.updated_at > before.updated_at).toBe(true);

      const stale = await owner.api.patch(path, body(2), withIfMatch(before.updated_at));
      expectStatus(stale, 409);
      expect(stale.body).toEqual({ error: expect.any(String), code: "conflict", details: { current: theirs.body } });
      const after = await owner.api.get(path);
      expect(after.body.updated_at).toBe(theirs.body.updated_at);
      expect(after.body).toMatchObject(body(1));

      const fresh = await owner.api.patch(path, body(2), withIfMatch(theirs.body.updated_at));
      expectStatus(fresh, 200);
      expect(fresh.body).toMatchObject(body(2));
      expect(fresh.body.updated_at > theirs.body.updated_at).toBe(true);
    });

    it(`${endpoint.operationId}: answers another user's key with If-Match exactly as without, stale or fresh, and changes nothing`, async () => {
      const path = fillPath(endpoint.path, ids);
      const before = (await owner.api.get(path)).body;
      const without = await stranger.api.patch(path, body(9));
      const fresh = await stranger.api.patch(path, body(9), withIfMatch(before.updated_at));
      const stale = await stranger.api.patch(path, body(9), withIfMatch("2000-01-01T00:00:00.000Z"));
      for (const res of [without, fresh, stale]) expectNotFound(res);
      expect((await owner.api.get(path)).body).toEqual(before);
    });
  }
});

describe("[IF-MATCH] a block's update, as the lesson editor sends it", () => {
  async function block() {
    const owner = await newUser(server);
    const tree = await createTree(owner.api);
    return { api: owner.api, key: owner.key, block: tree.block, path: `/blocks/${tree.block.id}` };
  }

  it("without If-Match updates as before, whatever changed meanwhile", async () => {
    const { api, path } = await block();
    expectStatus(await api.patch(path, { content: { body: "First" } }), 200);
    const res = await api.patch(path, { content: { body: "Second" } });
    expectStatus(res, 200);
    expect(res.body.content).toEqual({ body: "Second" });
  });

  it("accepts the version as GET answers it, quoted as an entity tag, in another time zone, or *", async () => {
    const { api, path } = await block();
    let version: string = (await api.get(path)).body.updated_at;
    const shifted = (iso: string) => new Date(new Date(iso).getTime() + 2 * 3_600_000).toISOString().replace("Z", "+02:00");
    for (const [n, header] of [
      [1, (v: string) => v],
      [2, (v: string) => `"${v}"`],
      [3, shifted],
      [4, () => "*"],
    ] as const) {
      const res = await api.patch(path, { content: { body: `Edit ${n}` } }, withIfMatch(header(version)));
      expectStatus(res, 200);
      expect(res.body.content).toEqual({ body: `Edit ${n}` });
      version = res.body.updated_at;
    }
  });

  it("never hands out one version twice: a version used at once after it was made is stale the second time", async () => {
    const { api, path, block: created } = await block();
    const first = await api.patch(path, { content: { body: "Right after creation" } }, withIfMatch(created.updated_at));
    expectStatus(first, 200);
    expect(first.body.updated_at > created.updated_at).toBe(true);
    const again = await api.patch(path, { content: { body: "Over it" } }, withIfMatch(created.updated_at));
    expectStatus(again, 409);
    expect(again.body.details.current.content).toEqual({ body: "Right after creation" });
  });

  it("answers a malformed If-Match with 400 naming the header, and writes nothing", async () => {
    const { api, path, block: created } = await block();
    for (const value of ["yesterday", "1732300000000", `W/"${created.updated_at}"`, "2026-13-45T00:00:00Z", `${created.updated_at}, *`]) {
      const res = await api.patch(path, { content: { body: "Never" } }, withIfMatch(value));
      expectValidation(res, ["If-Match"]);
    }
    expect((await api.get(path)).body).toEqual(created);
  });

  it("of two saves sent at once with the same If-Match, exactly one is written; the other gets the winner", async () => {
    const { api, path } = await block();
    for (let round = 0; round < 4; round++) {
      const version: string = (await api.get(path)).body.updated_at;
      const results = await Promise.all(
        ["Tab A", "Tab B", "Tab C"].map((who) => api.patch(path, { content: { body: `${who}, round ${round}` } }, withIfMatch(version))),
      );
      const won = results.filter((r) => r.status === 200);
      const lost = results.filter((r) => r.status !== 200);
      expect(won, JSON.stringify(results.map((r) => r.status))).toHaveLength(1);
      for (const res of lost) expect(res.body).toEqual({ error: expect.any(String), code: "conflict", details: { current: won[0].body } });
      expect((await api.get(path)).body).toEqual(won[0].body);
    }
  });

  it("answers a learner of the workspace with If-Match exactly as without", async () => {
    const team = await seedTeamWithProject(server);
    const course = await createCourse(team.admin.api, team.projectId);
    const lesson = await createLesson(team.admin.api, (await createModule(team.admin.api, course.id)).id);
    const created = await textBlock(team.admin.api, lesson.id, "The admin's");
    const path = `/blocks/${created.id}`;
    const body = { content: { body: "The learner's" } };
    const without: ApiResponse = await team.learner.api.patch(path, body);
    for (const version of [created.updated_at, "2000-01-01T00:00:00.000Z"]) {
      const res = await team.learner.api.patch(path, body, withIfMatch(version));
      expect({ status: res.status, body: res.body }).toEqual({ status: without.status, body: without.body });
    }
    expect(without.status).toBeGreaterThanOrEqual(400);
    expect((await team.admin.api.get(path)).body).toEqual(created);
  });

  it("takes if_match from agents too: a stale one is refused with the block now, a fresh one saves", async () => {
    const { api, key, path, block: created } = await block();
    const theirs = (await api.patch(path, { content: { body: "Theirs" } })).body;
    const agent = await connectMcp(`${server.url}/api/authoring/mcp`, key);
    try {
      const stale = await callTool(agent, "update_block", {
        blockId: created.id,
        content: { body: "Agent" },
        if_match: created.updated_at,
      });
      expect(stale.isError).toBe(true);
      expect(stale.structuredContent).toMatchObject({ status: 409, code: "conflict", details: { current: theirs } });
      expect((await api.get(path)).body).toEqual(theirs);
      const fresh = await callTool(agent, "update_block", { blockId: created.id, content: { body: "Agent" }, if_match: theirs.updated_at });
      expect(fresh.isError).toBeFalsy();
      expect(fresh.structuredContent).toMatchObject({ content: { body: "Agent" } });
    } finally {
      await agent.close();
    }
  });
});

describe("[IF-MATCH] the OpenAPI document", () => {
  it("declares the If-Match header and the 409 with the item now on exactly the updates that take it", async () => {
    const doc = (await apiClient(server.url).get("/api/authoring/openapi.json")).body;
    const byOperation = new Map<string, { endpoint: AnyEndpoint; operation: any }>(
      authoringEndpoints.map((e) => [e.operationId, { endpoint: e, operation: doc.paths[e.path][e.method.toLowerCase()] }]),
    );
    for (const [id, { endpoint, operation }] of byOperation) {
      const header = (operation.parameters ?? []).find((p: any) => p.in === "header" && p.name === "If-Match");
      if (!endpoint.ifMatch) {
        expect(header, id).toBeUndefined();
        continue;
      }
      expect(header, id).toMatchObject({ required: false, schema: { type: "string" } });
      expect(operation.responses["409"]["x-error-codes"], id).toEqual(["conflict"]);
      const schema = operation.responses["409"].content["application/json"].schema;
      expect(schema.allOf[0]).toEqual({ $ref: "#/components/schemas/Error" });
      expect(schema.allOf[1].properties.details.properties.current, id).toMatchObject(
        operation.responses["200"].content["application/json"].schema,
      );
    }
  });
});
