/**
 * Reviewing a course together, suggested edits (issue 41, docs/decisions/060): a member or an
 * agent suggests a block's whole new content, of its type's shape; nothing changes until an
 * author accepts it, and accepting checks that the block has not changed since (409 `conflict`
 * with both contents, unless forced). Rejecting leaves the block as it is. The audit trail names
 * the agent that suggested and the person who accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signedInClient } from "../accounts";
import { anyIso, anyUuid, expectNotFound, expectRecent, expectStatus, expectValidation, NO_SUCH_ID } from "../expect";
import {
  type Api,
  authoringUrl,
  backdate,
  createBlock,
  createCourse,
  createLesson,
  createModule,
  createQuestionAndQuiz,
  minutesAgo,
  newUser,
  seedTeamWithProject,
  suggestChange,
  suggestKeyOf,
  textBlock,
  courseWithBlock,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  [server] = await Promise.all([startTestServer(), getDb()]);
});
afterAll(() => server.close());

/** A team (admin, author, learner) with a course whose lesson holds a text block, made ten minutes ago. */
async function reviewSetup() {
  const team = await seedTeamWithProject(server);
  const tree = await courseWithBlock(team.admin.api, team.projectId, "The first draft");
  // Last changed a while ago: an edit now gives the block a later updated_at, whatever the clock's resolution.
  const block = await backdate("blocks", tree.block);
  return { ...team, ...tree, block };
}

const readBlock = async (api: Api, id: string) => {
  const res = await api.get(`/blocks/${id}`);
  expectStatus(res, 200);
  return res.body;
};

const suggestionsOf = async (api: Api, courseId: string, query = "") => {
  const res = await api.get(`/courses/${courseId}/suggestions${query}`);
  expectStatus(res, 200);
  return res.body.suggestions as { id: string; [key: string]: any }[];
};

async function storedSuggestions(courseId: string) {
  const db = await getDb();
  return db.blockSuggestion.count({ where: { courseId } });
}

describe("[SUGGESTIONS] POST /blocks/{blockId}/suggestions", () => {
  it("keeps the suggested content beside the block's content and updated_at as they were, and changes nothing of the block", async () => {
    const s = await reviewSetup();
    const res = await s.author.api.post(`/blocks/${s.block.id}/suggestions`, {
      content: { body: "A clearer first draft" },
      note: "  Shorter sentences  ",
    });
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      course_id: s.course.id,
      lesson_id: s.lesson.id,
      block_id: s.block.id,
      block_type: "text",
      status: "open",
      content: { body: "A clearer first draft" },
      base_content: { body: "The first draft" },
      base_updated_at: s.block.updated_at,
      note: "Shorter sentences",
      author: { kind: "agent", name: "test key" },
      decided_at: null,
      decided_by: null,
      created_at: anyIso(),
    });
    expectRecent(res.body.created_at);
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(s.block);
    expect(await suggestionsOf(s.admin.api, s.course.id)).toEqual([res.body]);
  });

  it("takes content of each type's shape, and refuses other shapes, question and quiz blocks, and a missing content with 400, storing nothing", async () => {
    const s = await reviewSetup();
    const { question, quiz } = await createQuestionAndQuiz(s.admin.api, s.projectId);
    const glossary = await createBlock(s.admin.api, s.lesson.id, { type: "glossary", content: { title: "Terms", terms: [] } });
    const questionBlock = await createBlock(s.admin.api, s.lesson.id, {
      type: "question",
      question_id: question.id,
      question_role: "practice",
    });
    const quizBlock = await createBlock(s.admin.api, s.lesson.id, { type: "quiz", quiz_id: quiz.id });
    const refused: [string, unknown][] = [
      [s.block.id, { body: 42 }],
      [s.block.id, "just text"],
      [s.block.id, ["a list"]],
      [s.block.id, null],
      [glossary.id, { title: "Terms", terms: "not a list" }],
      [questionBlock.id, { prompt: "A new question" }],
      [quizBlock.id, { title: "Another quiz" }],
    ];
    for (const [blockId, content] of refused) {
      expectValidation(await s.author.api.post(`/blocks/${blockId}/suggestions`, { content }), "content");
    }
    expectValidation(await s.author.api.post(`/blocks/${s.block.id}/suggestions`, {}), "content");
    expectValidation(
      await s.author.api.post(`/blocks/${s.block.id}/suggestions`, { content: { body: "x" }, note: "n".repeat(10_001) }),
      "note",
    );
    expect(await storedSuggestions(s.course.id)).toBe(0);

    const terms = { title: "Terms", terms: [{ term: "Draft", definition: "Not yet published" }] };
    const ok = await suggestChange(s.author.api, glossary.id, { content: terms });
    expect(ok).toMatchObject({ block_type: "glossary", content: terms, base_content: { title: "Terms", terms: [] }, note: null });
    expect(await storedSuggestions(s.course.id)).toBe(1);
  });

  it("answers 404 for a block that does not exist, is not a uuid or is in the trash", async () => {
    const s = await reviewSetup();
    const trashed = await textBlock(s.admin.api, s.lesson.id, "Soon gone");
    expectStatus(await s.admin.api.delete(`/blocks/${trashed.id}`), 200);
    for (const id of [NO_SUCH_ID, "not-a-block", trashed.id]) {
      expectNotFound(await s.author.api.post(`/blocks/${id}/suggestions`, { content: { body: "New" } }));
    }
    expect(await storedSuggestions(s.course.id)).toBe(0);
  });
});

describe("[SUGGESTIONS] GET /courses/{courseId}/suggestions", () => {
  it("lists the course's suggestions oldest first, filtered by status and lesson; another course's never appear", async () => {
    const s = await reviewSetup();
    const secondLesson = await createLesson(s.admin.api, s.module.id, { title: "Second" });
    const secondBlock = await textBlock(s.admin.api, secondLesson.id, "Second");
    const otherCourse = await createCourse(s.admin.api, s.projectId, { title: "Other" });
    const otherLesson = await createLesson(s.admin.api, (await createModule(s.admin.api, otherCourse.id)).id);
    const otherBlock = await textBlock(s.admin.api, otherLesson.id, "Other");
    const a = await suggestChange(s.author.api, s.block.id, { content: { body: "a" } });
    const b = await suggestChange(s.author.api, secondBlock.id, { content: { body: "b" } });
    const c = await suggestChange(s.author.api, s.block.id, { content: { body: "c" } });
    const elsewhere = await suggestChange(s.author.api, otherBlock.id, { content: { body: "elsewhere" } });
    const db = await getDb();
    for (const [i, x] of [a, b, c, elsewhere].entries()) {
      await db.blockSuggestion.update({ where: { id: x.id }, data: { createdAt: minutesAgo(10 - i) } });
    }
    expectStatus(await s.admin.api.post(`/suggestions/${b.id}/reject`), 200);

    const ids = async (query = "") => (await suggestionsOf(s.admin.api, s.course.id, query)).map((x) => x.id);
    expect(await ids()).toEqual([a.id, b.id, c.id]);
    expect(await ids("?status=open")).toEqual([a.id, c.id]);
    expect(await ids("?status=rejected")).toEqual([b.id]);
    expect(await ids("?status=accepted")).toEqual([]);
    expect(await ids(`?lesson_id=${secondLesson.id}`)).toEqual([b.id]);
    expect(await ids("?limit=1&offset=1")).toEqual([b.id]);
    expect((await suggestionsOf(s.admin.api, otherCourse.id)).map((x) => x.id)).toEqual([elsewhere.id]);
    expectValidation(await s.admin.api.get(`/courses/${s.course.id}/suggestions?status=merged`), "status");
  });
});

describe("[SUGGESTIONS] POST /suggestions/{suggestionId}/accept", () => {
  it("replaces the block's content with the suggestion's and answers the block; the suggestion is accepted, by whom and when", async () => {
    const s = await reviewSetup();
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Accepted words" } });
    const adminInBrowser = await signedInClient(authoringUrl(server), s.admin.user);
    const res = await adminInBrowser.post(`/suggestions/${suggestion.id}/accept`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...s.block, content: { body: "Accepted words" }, updated_at: anyIso() });
    expectRecent(res.body.updated_at);
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(res.body);
    const [decided] = await suggestionsOf(s.admin.api, s.course.id);
    expect(decided).toEqual({ ...suggestion, status: "accepted", decided_at: anyIso(), decided_by: s.admin.user.name });
    expectRecent(decided.decided_at);
  });

  it("accepting or rejecting a suggestion already accepted answers 409 not_editable and changes nothing", async () => {
    const s = await reviewSetup();
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Once" } });
    expectStatus(await s.admin.api.post(`/suggestions/${suggestion.id}/accept`, {}), 200);
    const block = await readBlock(s.admin.api, s.block.id);
    for (const path of ["accept", "reject"]) {
      const again = await s.admin.api.post(`/suggestions/${suggestion.id}/${path}`, { force: path === "accept" ? true : undefined });
      expectStatus(again, 409);
      expect(again.body).toMatchObject({ code: "not_editable", error: expect.any(String) });
    }
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(block);
    expect((await suggestionsOf(s.admin.api, s.course.id))[0].status).toBe("accepted");
  });

  it("answers 409 conflict with the block now, the suggestion and the base when the block changed since, changing nothing; force applies it", async () => {
    const s = await reviewSetup();
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Suggested words" } });
    const edited = await s.admin.api.patch(`/blocks/${s.block.id}`, { content: { body: "Edited meanwhile" } });
    expectStatus(edited, 200);

    const res = await s.admin.api.post(`/suggestions/${suggestion.id}/accept`);
    expectStatus(res, 409);
    expect(res.body).toEqual({
      error: expect.any(String),
      code: "conflict",
      details: { current: edited.body, suggested: { body: "Suggested words" }, base: { body: "The first draft" } },
    });
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(edited.body);
    expect((await suggestionsOf(s.admin.api, s.course.id))[0]).toMatchObject({ status: "open", decided_at: null, decided_by: null });
    // {force: false} is no force.
    expectStatus(await s.admin.api.post(`/suggestions/${suggestion.id}/accept`, { force: false }), 409);

    const forced = await s.admin.api.post(`/suggestions/${suggestion.id}/accept`, { force: true });
    expectStatus(forced, 200);
    expect(forced.body.content).toEqual({ body: "Suggested words" });
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(forced.body);
    expect((await suggestionsOf(s.admin.api, s.course.id))[0].status).toBe("accepted");
  });

  it("a second suggestion made before the first was accepted meets the block changed by it: 409 conflict", async () => {
    const s = await reviewSetup();
    const first = await suggestChange(s.author.api, s.block.id, { content: { body: "First" } });
    const second = await suggestChange(s.admin.api, s.block.id, { content: { body: "Second" } });
    expectStatus(await s.admin.api.post(`/suggestions/${first.id}/accept`), 200);
    const res = await s.admin.api.post(`/suggestions/${second.id}/accept`);
    expectStatus(res, 409);
    expect(res.body.code).toBe("conflict");
    expect(res.body.details.current.content).toEqual({ body: "First" });
    expect((await readBlock(s.admin.api, s.block.id)).content).toEqual({ body: "First" });
  });

  it("two people accepting the same suggestion at once: one applies it, the other answers 409 not_editable", async () => {
    const s = await reviewSetup();
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Once only" } });
    const answers = await Promise.all([s.admin.api, s.author.api].map((api) => api.post(`/suggestions/${suggestion.id}/accept`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe("not_editable");
    const db = await getDb();
    expect(await db.auditEvent.count({ where: { operation: "accept_suggestion", targetId: s.block.id } })).toBe(1);
    expect((await readBlock(s.admin.api, s.block.id)).content).toEqual({ body: "Once only" });
  });

  it("two suggestions for one block accepted at once: one applies, the other meets the change with 409 conflict", async () => {
    const s = await reviewSetup();
    const first = await suggestChange(s.author.api, s.block.id, { content: { body: "First" } });
    const second = await suggestChange(s.author.api, s.block.id, { content: { body: "Second" } });
    const answers = await Promise.all([first, second].map((x) => s.admin.api.post(`/suggestions/${x.id}/accept`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [won, lost] = answers[0].status === 200 ? [first, second] : [second, first];
    expect(answers.find((r) => r.status === 409)!.body).toMatchObject({ code: "conflict", details: { current: { content: won.content } } });
    expect((await readBlock(s.admin.api, s.block.id)).content).toEqual(won.content);
    const statuses = Object.fromEntries((await suggestionsOf(s.admin.api, s.course.id)).map((x) => [x.id, x.status]));
    expect(statuses).toEqual({ [won.id]: "accepted", [lost.id]: "open" });
  });

  it("answers 409 not_editable for a suggestion whose block is in the trash, and 404 for one that does not exist", async () => {
    const s = await reviewSetup();
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Too late" } });
    expectStatus(await s.admin.api.delete(`/blocks/${s.block.id}`), 200);
    const res = await s.admin.api.post(`/suggestions/${suggestion.id}/accept`, { force: true });
    expectStatus(res, 409);
    expect(res.body.code).toBe("not_editable");
    expect((await suggestionsOf(s.admin.api, s.course.id))[0].status).toBe("open");
    expectNotFound(await s.admin.api.post(`/suggestions/${NO_SUCH_ID}/accept`));
    expectNotFound(await s.admin.api.post(`/suggestions/${NO_SUCH_ID}/reject`));
    expectNotFound(await s.admin.api.post("/suggestions/nope/accept"));
  });
});

describe("[SUGGESTIONS] POST /suggestions/{suggestionId}/reject", () => {
  it("marks the suggestion rejected by whom and when and leaves the block as it is; it can be accepted no more", async () => {
    const s = await reviewSetup();
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Not this" } });
    const res = await s.author.api.post(`/suggestions/${suggestion.id}/reject`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...suggestion, status: "rejected", decided_at: anyIso(), decided_by: s.author.user.name });
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(s.block);
    const accept = await s.admin.api.post(`/suggestions/${suggestion.id}/accept`, { force: true });
    expectStatus(accept, 409);
    expect(accept.body.code).toBe("not_editable");
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(s.block);
    expect(await suggestionsOf(s.admin.api, s.course.id)).toEqual([res.body]);
  });
});

describe("[SUGGESTIONS] who may suggest and decide", () => {
  it("a learner gets 404 on every suggestion endpoint, even on a published course they read, and nothing changes", async () => {
    const s = await reviewSetup();
    expectStatus(await s.admin.api.post(`/courses/${s.course.id}/publish`), 200);
    const block = await readBlock(s.learner.api, s.block.id);
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Open" } });
    expectNotFound(await s.learner.api.post(`/blocks/${s.block.id}/suggestions`, { content: { body: "Mine" } }));
    expectNotFound(await s.learner.api.get(`/courses/${s.course.id}/suggestions`));
    expectNotFound(await s.learner.api.post(`/suggestions/${suggestion.id}/accept`, { force: true }));
    expectNotFound(await s.learner.api.post(`/suggestions/${suggestion.id}/reject`));
    expect(await readBlock(s.learner.api, s.block.id)).toEqual(block);
    expect(await suggestionsOf(s.admin.api, s.course.id)).toEqual([suggestion]);
  });

  it("a user of another workspace gets 404 on every suggestion endpoint, and nothing changes", async () => {
    const s = await reviewSetup();
    const stranger = await newUser(server);
    const suggestion = await suggestChange(s.author.api, s.block.id, { content: { body: "Open" } });
    expectNotFound(await stranger.api.post(`/blocks/${s.block.id}/suggestions`, { content: { body: "Mine" } }));
    expectNotFound(await stranger.api.get(`/courses/${s.course.id}/suggestions`));
    expectNotFound(await stranger.api.post(`/suggestions/${suggestion.id}/accept`, { force: true }));
    expectNotFound(await stranger.api.post(`/suggestions/${suggestion.id}/reject`));
    expect(await readBlock(s.admin.api, s.block.id)).toEqual(s.block);
    expect(await suggestionsOf(s.admin.api, s.course.id)).toEqual([suggestion]);
  });
});

describe("[SUGGESTIONS] the audit trail", () => {
  it("records the agent's suggestion with its key, and the acceptance with the person who accepted it in the browser", async () => {
    const s = await reviewSetup();
    const agent = await suggestKeyOf(server, s.author, "Copy-editing agent");
    const suggestion = await suggestChange(agent.api, s.block.id, { content: { body: "Agent's words" } });
    expect(suggestion.author).toEqual({ kind: "agent", name: "Copy-editing agent" });
    const adminInBrowser = await signedInClient(authoringUrl(server), s.admin.user);
    expectStatus(await adminInBrowser.post(`/suggestions/${suggestion.id}/accept`), 200);

    const db = await getDb();
    const events = await db.auditEvent.findMany({
      where: { operation: { in: ["suggest_block_change", "accept_suggestion"] }, actorUserId: { in: [s.author.user.id, s.admin.user.id] } },
      orderBy: { createdAt: "asc" },
    });
    expect(
      events.map((e) => ({ operation: e.operation, actor: e.actorUserId, via: e.via, key: e.apiKeyId, keyName: e.apiKeyName })),
    ).toEqual([
      { operation: "suggest_block_change", actor: s.author.user.id, via: "api", key: agent.apiKeyId, keyName: "Copy-editing agent" },
      { operation: "accept_suggestion", actor: s.admin.user.id, via: "browser", key: null, keyName: null },
    ]);
    // The suggestion names what it suggested; the acceptance names the block it changed.
    expect(events.map((e) => e.targetId)).toEqual([suggestion.id, s.block.id]);
    expect((await readBlock(s.admin.api, s.block.id)).content).toEqual({ body: "Agent's words" });
  });
});
