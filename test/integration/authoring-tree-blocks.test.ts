/**
 * Content blocks: the eleven types, content stored as given, question and quiz references, and
 * moving a block to another lesson (course-authoring-service.md, Block and Blocks; contract.md,
 * Blocks, Trash and the BlockUpdate.lesson_id extension). Positions and pagination:
 * authoring-tree-positions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyIso, anyUuid, expectContiguous, expectNotFound, expectRecent, expectStatus, expectValidation, NO_SUCH_ID } from "../expect";
import {
  type Api,
  backdate,
  createBlock,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createQuestionAndQuiz,
  newUser,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function lessonIn(api: Api) {
  const project = await createProject(api);
  const course = await createCourse(api, project.id);
  const mod = await createModule(api, course.id);
  const lesson = await createLesson(api, mod.id);
  return { project, course, module: mod, lesson };
}

/** A block as the API answers it, with the given fields over the defaults of a plain block. */
const blockShape = (lessonId: string, fields: Record<string, unknown>) => ({
  id: anyUuid(),
  lesson_id: lessonId,
  content: null,
  question_role: null,
  question_id: null,
  question: null,
  quiz_id: null,
  quiz: null,
  created_at: anyIso(),
  updated_at: anyIso(),
  ...fields,
});

const CONTENT_BY_TYPE: [string, unknown][] = [
  ["text", { body: "# Welcome\n\nSome *markdown*." }],
  ["image", { source: { type: "url", url: "https://example.org/cat.png" }, alt: "A cat", caption: "Our cat" }],
  ["image", { source: { type: "svg", code: "<svg xmlns='http://www.w3.org/2000/svg'/>" }, alt: "Empty", caption: "" }],
  ["diagram", { source: { type: "mermaid", code: "graph TD; A-->B" }, caption: "Flow" }],
  ["video", { source: { type: "youtube", id: "dQw4w9WgXcQ", start: 42 }, title: "Talk", caption: "At 0:42" }],
  ["video", { source: { type: "url", url: "https://example.org/talk.mp4" }, title: "Talk", caption: "" }],
  ["example", { body: "For example: `2 + 2 = 4`" }],
  ["scenario", { body: "The alarm rings. What do you do?", reveal: "Leave by the nearest exit." }],
  ["glossary", { title: "Terms", terms: [{ term: "PPE", definition: "Personal protective equipment" }] }],
  ["interactive", { source: { type: "html", code: "<button>Click</button>" }, title: "Try it", caption: "A button", height: 320 }],
  ["visual", { prompt: "A diagram of the evacuation route", status: "pending" }],
];

describe("[BLOCKS] POST /lessons/{lessonId}/blocks", () => {
  it("answers the block exactly as the lesson's block list reads it, with its question, options and quiz", async () => {
    // The insert answers JSON its one statement built; the list goes through rows and DTOs.
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const { question, quiz } = await createQuestionAndQuiz(api, project.id);
    const made = [
      await createBlock(api, lesson.id, { type: "text", content: { body: "Ünïcödé \u2028 </script>", n: 1.5, list: [null, true] } }),
      await createBlock(api, lesson.id, { type: "question", question_id: question.id, question_role: "checkpoint", position: 0 }),
      await createBlock(api, lesson.id, { type: "quiz", quiz_id: quiz.id, position: 1 }),
      await createBlock(api, lesson.id, { type: "image", content: null }),
    ];
    expect(made.map((b) => b.position)).toEqual([0, 0, 1, 3]);
    const { blocks } = (await api.get(`/lessons/${lesson.id}/blocks`)).body;
    expect(blocks.map((b: { id: string }) => b.id)).toEqual([made[1], made[2], made[0], made[3]].map((b) => b.id));
    // Positions are those of the list now; everything else is what the insert answered.
    for (const b of made) expect({ ...b, position: 0 }).toEqual({ ...blocks.find((x: { id: string }) => x.id === b.id), position: 0 });
    expect(made[1].question.options.some((o: { is_correct?: boolean }) => o.is_correct === true)).toBe(true);
  });

  it("creates a block of each content type, storing its content exactly as given", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const created = [];
    for (const [position, [type, content]] of CONTENT_BY_TYPE.entries()) {
      const res = await api.post(`/lessons/${lesson.id}/blocks`, { type, content });
      expectStatus(res, 201);
      expect(res.body).toEqual(blockShape(lesson.id, { type, position, content }));
      expectRecent(res.body.created_at);
      created.push(res.body);
    }
    const list = await api.get(`/lessons/${lesson.id}/blocks`);
    expectStatus(list, 200);
    expect(list.body).toEqual({ blocks: created, has_more: false, limit: 500, offset: 0 });
    for (const block of created) expect((await api.get(`/blocks/${block.id}`)).body).toEqual(block);
  });

  it("creates a question block and a quiz block that show their question and quiz, with no content", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const { question, quiz } = await createQuestionAndQuiz(api, project.id);
    const q = await api.post(`/lessons/${lesson.id}/blocks`, { type: "question", question_id: question.id, question_role: "checkpoint" });
    expectStatus(q, 201);
    expect(q.body).toEqual(
      blockShape(lesson.id, { type: "question", position: 0, question_id: question.id, question_role: "checkpoint", question }),
    );
    expect(q.body.question.options).toEqual([
      { id: anyUuid(), label: "True", sort_order: expect.any(Number), is_correct: true },
      { id: anyUuid(), label: "False", sort_order: expect.any(Number), is_correct: false },
    ]);
    const z = await api.post(`/lessons/${lesson.id}/blocks`, { type: "quiz", quiz_id: quiz.id });
    expectStatus(z, 201);
    expect(z.body).toEqual(
      blockShape(lesson.id, { type: "quiz", position: 1, quiz_id: quiz.id, quiz: { id: quiz.id, title: quiz.title } }),
    );
    for (const role of ["practice", "assessment", "review"]) {
      const res = await api.post(`/lessons/${lesson.id}/blocks`, { type: "question", question_id: question.id, question_role: role });
      expectStatus(res, 201);
      expect(res.body.question_role).toBe(role);
    }
    expect((await api.get(`/blocks/${q.body.id}`)).body).toEqual(q.body);
  });

  it("stores content of any shape as given and never answers 400 because of it", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const odd: [string, unknown][] = [
      ["text", { unexpected: [1, { deep: true }], body: 42 }],
      ["image", "just a string"],
      ["video", [1, 2, 3]],
      ["diagram", 7],
      ["glossary", { terms: "not a list" }],
      ["interactive", { source: { type: "flash", code: null } }],
      ["visual", {}],
      ["scenario", true],
      ["text", { nested: { deeper: { deepest: ["ü", "✓", ""] } } }],
    ];
    for (const [type, content] of odd) {
      const res = await api.post(`/lessons/${lesson.id}/blocks`, { type, content });
      expectStatus(res, 201);
      expect(res.body.content).toEqual(content);
      expect((await api.get(`/blocks/${res.body.id}`)).body.content).toEqual(content);
    }
    const none = await api.post(`/lessons/${lesson.id}/blocks`, { type: "example" });
    expectStatus(none, 201);
    expect(none.body.content).toBeNull();
  });

  it("accepts content up to 200,000 bytes of JSON and 500 glossary terms; beyond either answers 400 naming content and the limit", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    // {"body":"…"} is 11 bytes around the text; "é" is 2 bytes in UTF-8.
    const atLimit = { body: "é".repeat(50_000) + "x".repeat(200_000 - 11 - 100_000) };
    const ok = await api.post(`/lessons/${lesson.id}/blocks`, { type: "text", content: atLimit });
    expectStatus(ok, 201);
    expect(ok.body.content).toEqual(atLimit);
    const terms = (n: number) => ({ title: "Words", terms: Array.from({ length: n }, (_, i) => ({ term: `t${i}`, definition: "d" })) });
    const glossary = await api.post(`/lessons/${lesson.id}/blocks`, { type: "glossary", content: terms(500) });
    expectStatus(glossary, 201);

    const overSize = { body: atLimit.body + "x" };
    const tooBig = await api.post(`/lessons/${lesson.id}/blocks`, { type: "text", content: overSize });
    expectValidation(tooBig, "content");
    expect(tooBig.body.details.issues[0].message).toMatch(/200000 bytes/);
    expectValidation(await api.patch(`/blocks/${ok.body.id}`, { content: overSize }), "content");
    const tooMany = await api.post(`/lessons/${lesson.id}/blocks`, { type: "glossary", content: terms(501) });
    expectValidation(tooMany, "content.terms");
    expect(tooMany.body.details.issues[0].message).toMatch(/500 glossary terms/);
    expectValidation(await api.patch(`/blocks/${glossary.body.id}`, { content: terms(501) }), "content.terms");

    const blocks = (await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks;
    expect(blocks.map((b: { id: string }) => b.id)).toEqual([ok.body.id, glossary.body.id]);
    expect(blocks[1].content.terms).toHaveLength(500);
  });

  it("refuses a question block without question_id or question_role, and a quiz block without quiz_id", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const { question } = await createQuestionAndQuiz(api, project.id);
    const path = `/lessons/${lesson.id}/blocks`;
    expectValidation(await api.post(path, { type: "question" }), ["question_id", "question_role"]);
    expectValidation(await api.post(path, { type: "question", question_id: question.id }), ["question_role"]);
    expectValidation(await api.post(path, { type: "question", question_role: "practice" }), ["question_id"]);
    expectValidation(await api.post(path, { type: "question", question_id: question.id, question_role: "exam" }), ["question_role"]);
    expectValidation(await api.post(path, { type: "question", question_id: "q-1", question_role: "practice" }), ["question_id"]);
    expectValidation(await api.post(path, { type: "quiz" }), ["quiz_id"]);
    expectValidation(await api.post(path, { type: "quiz", quiz_id: "quiz-1" }), ["quiz_id"]);
    expect((await api.get(path)).body.blocks).toEqual([]);
  });

  it("refuses question_id and question_role on blocks that are not questions, and quiz_id on blocks that are not quizzes", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const { question, quiz } = await createQuestionAndQuiz(api, project.id);
    const path = `/lessons/${lesson.id}/blocks`;
    expectValidation(await api.post(path, { type: "text", question_id: question.id }), ["question_id"]);
    expectValidation(await api.post(path, { type: "text", question_role: "practice" }), ["question_role"]);
    expectValidation(await api.post(path, { type: "image", quiz_id: quiz.id }), ["quiz_id"]);
    expectValidation(await api.post(path, { type: "question", question_id: question.id, question_role: "review", quiz_id: quiz.id }), [
      "quiz_id",
    ]);
    expectValidation(await api.post(path, { type: "quiz", quiz_id: quiz.id, question_id: question.id }), ["question_id"]);
    expectValidation(await api.post(path, { type: "quiz", quiz_id: quiz.id, question_role: "practice" }), ["question_role"]);
    expect((await api.get(path)).body.blocks).toEqual([]);
  });

  it("refuses an unknown or missing type", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const path = `/lessons/${lesson.id}/blocks`;
    expectValidation(await api.post(path, { type: "audio", content: {} }), ["type"]);
    expectValidation(await api.post(path, { content: { body: "no type" } }), ["type"]);
    const invalid = await api.post(path, "{type:'text'}", { "content-type": "application/json" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("invalid_json");
    expect((await api.get(path)).body.blocks).toEqual([]);
  });

  it("refuses a question or quiz of another project, of another user, in the trash, or unknown", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const otherProject = await createProject(api, { name: "Other" });
    const elsewhere = await createQuestionAndQuiz(api, otherProject.id, "Elsewhere");
    const stranger = await newUser(server);
    const theirs = await createQuestionAndQuiz(stranger.api, (await createProject(stranger.api)).id, "Theirs");
    const trashed = await createQuestionAndQuiz(api, project.id, "Trashed");
    expectStatus(await api.delete(`/questions/${trashed.question.id}`), 200);
    expectStatus(await api.delete(`/quizzes/${trashed.quiz.id}`), 200);
    const path = `/lessons/${lesson.id}/blocks`;
    for (const questionId of [elsewhere.question.id, theirs.question.id, trashed.question.id, NO_SUCH_ID]) {
      expectValidation(await api.post(path, { type: "question", question_id: questionId, question_role: "practice" }), ["question_id"]);
    }
    for (const quizId of [elsewhere.quiz.id, theirs.quiz.id, trashed.quiz.id, NO_SUCH_ID]) {
      expectValidation(await api.post(path, { type: "quiz", quiz_id: quizId }), ["quiz_id"]);
    }
    expect((await api.get(path)).body.blocks).toEqual([]);
  });

  it("answers 404 for an unknown, malformed or deleted lesson", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    expectNotFound(await api.post(`/lessons/${NO_SUCH_ID}/blocks`, { type: "text" }));
    expectNotFound(await api.post("/lessons/nope/blocks", { type: "text" }));
    await api.delete(`/lessons/${lesson.id}`);
    expectNotFound(await api.post(`/lessons/${lesson.id}/blocks`, { type: "text" }));
  });
});

describe("[BLOCKS] GET /lessons/{lessonId}/blocks and /blocks/{blockId}", () => {
  it("a block whose question or quiz is in the trash reads with question: null and quiz: null", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const { question, quiz } = await createQuestionAndQuiz(api, project.id);
    const q = await createBlock(api, lesson.id, { type: "question", question_id: question.id, question_role: "practice" });
    const z = await createBlock(api, lesson.id, { type: "quiz", quiz_id: quiz.id });
    await api.delete(`/questions/${question.id}`);
    await api.delete(`/quizzes/${quiz.id}`);
    expect((await api.get(`/blocks/${q.id}`)).body.question).toBeNull();
    expect((await api.get(`/blocks/${z.id}`)).body.quiz).toBeNull();
    const list = (await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks;
    expect(list.map((b: { question: unknown; quiz: unknown }) => [b.question, b.quiz])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it("answers 404 for an unknown, malformed or deleted block or lesson", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const block = await createBlock(api, lesson.id);
    expectNotFound(await api.get(`/blocks/${NO_SUCH_ID}`));
    expectNotFound(await api.get("/blocks/b"));
    expectNotFound(await api.get(`/lessons/${NO_SUCH_ID}/blocks`));
    expectNotFound(await api.get("/lessons/b/blocks"));
    await api.delete(`/blocks/${block.id}`);
    expectNotFound(await api.get(`/blocks/${block.id}`));
  });
});

describe("[BLOCKS] PATCH /blocks/{blockId}", () => {
  it("answers a move within the lesson (the editor's drag) exactly as the lesson's block list reads the block, question, options and quiz included", async () => {
    // A move alone answers JSON its one statement built; the list goes through rows and DTOs.
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const { question, quiz } = await createQuestionAndQuiz(api, project.id);
    const text = await createBlock(api, lesson.id, {
      type: "text",
      content: { body: "Ünïcödé \u2028 </script>", n: 1.5, list: [null, true] },
    });
    const asked = await createBlock(api, lesson.id, { type: "question", question_id: question.id, question_role: "checkpoint" });
    const quizBlock = await createBlock(api, lesson.id, { type: "quiz", quiz_id: quiz.id });
    const image = await createBlock(api, lesson.id, { type: "image", content: null });
    const moved = [];
    for (const [block, position] of [
      [image, 0],
      [asked, 3],
      [quizBlock, 1],
      [text, 2],
    ] as const) {
      const res = await api.patch(`/blocks/${block.id}`, { position });
      expectStatus(res, 200);
      expect(res.body.position).toBe(position);
      moved.push(res.body);
    }
    const { blocks } = (await api.get(`/lessons/${lesson.id}/blocks`)).body;
    expect(blocks.map((b: { id: string }) => b.id)).toEqual([image, quizBlock, text, asked].map((b) => b.id));
    // Positions are those of the list now (later moves shift earlier ones); the rest is what each move answered.
    for (const b of moved) expect({ ...b, position: 0 }).toEqual({ ...blocks.find((x: { id: string }) => x.id === b.id), position: 0 });
    expect(moved[1].question.options.some((o: { is_correct?: boolean }) => o.is_correct === true)).toBe(true);
    expect(moved[2].quiz).toEqual({ id: quiz.id, title: quiz.title });
  });

  it("replaces the content as given, keeping type and created_at and advancing updated_at", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const made = await createBlock(api, lesson.id, { type: "glossary", content: { title: "Old", terms: [] } });
    const block = await backdate("blocks", made);
    const content = { whatever: ["shape", 1] };
    const res = await api.patch(`/blocks/${block.id}`, { content });
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...block, content, updated_at: anyIso() });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(block.updated_at).getTime());
    expect((await api.get(`/blocks/${block.id}`)).body).toEqual(res.body);
  });

  it("changes a question block's question and role, and a quiz block's quiz", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const first = await createQuestionAndQuiz(api, project.id, "First");
    const second = await createQuestionAndQuiz(api, project.id, "Second");
    const q = await createBlock(api, lesson.id, { type: "question", question_id: first.question.id, question_role: "practice" });
    const z = await createBlock(api, lesson.id, { type: "quiz", quiz_id: first.quiz.id });
    const changed = await api.patch(`/blocks/${q.id}`, { question_id: second.question.id, question_role: "assessment" });
    expectStatus(changed, 200);
    expect(changed.body).toEqual({
      ...q,
      question_id: second.question.id,
      question_role: "assessment",
      question: second.question,
      updated_at: anyIso(),
    });
    const role = await api.patch(`/blocks/${q.id}`, { question_role: "review" });
    expect(role.body).toMatchObject({ question_id: second.question.id, question_role: "review" });
    const quiz = await api.patch(`/blocks/${z.id}`, { quiz_id: second.quiz.id });
    expectStatus(quiz, 200);
    expect(quiz.body).toEqual({
      ...z,
      quiz_id: second.quiz.id,
      quiz: { id: second.quiz.id, title: second.quiz.title },
      updated_at: anyIso(),
    });
  });

  it("answers 400 to a PATCH that names a type, even the block's own, and changes nothing", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const block = await createBlock(api, lesson.id, { type: "text", content: { body: "keep" } });
    expectValidation(await api.patch(`/blocks/${block.id}`, { type: "image" }));
    expectValidation(await api.patch(`/blocks/${block.id}`, { type: "text" }));
    expectValidation(await api.patch(`/blocks/${block.id}`, { type: "image", content: { body: "changed" } }), ["type"]);
    expect((await api.get(`/blocks/${block.id}`)).body).toEqual(block);
  });

  it("refuses an empty body and a body of unknown fields only", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const block = await createBlock(api, lesson.id);
    expectValidation(await api.patch(`/blocks/${block.id}`, {}));
    expectValidation(await api.patch(`/blocks/${block.id}`, { body: "not a block field", title: "x" }));
    expectValidation(await api.patch(`/blocks/${block.id}`, { lesson_id: "lesson-2" }), ["lesson_id"]);
    expect((await api.get(`/blocks/${block.id}`)).body).toEqual(block);
  });

  it("refuses question and quiz fields on blocks of other types, and references outside the project", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const mine = await createQuestionAndQuiz(api, project.id, "Mine");
    const other = await createQuestionAndQuiz(api, (await createProject(api, { name: "Other" })).id, "Other");
    const text = await createBlock(api, lesson.id);
    const q = await createBlock(api, lesson.id, { type: "question", question_id: mine.question.id, question_role: "practice" });
    const z = await createBlock(api, lesson.id, { type: "quiz", quiz_id: mine.quiz.id });
    expectValidation(await api.patch(`/blocks/${text.id}`, { question_id: mine.question.id }), ["question_id"]);
    expectValidation(await api.patch(`/blocks/${text.id}`, { question_role: "review" }), ["question_role"]);
    expectValidation(await api.patch(`/blocks/${text.id}`, { quiz_id: mine.quiz.id }), ["quiz_id"]);
    expectValidation(await api.patch(`/blocks/${q.id}`, { quiz_id: mine.quiz.id }), ["quiz_id"]);
    expectValidation(await api.patch(`/blocks/${z.id}`, { question_id: mine.question.id }), ["question_id"]);
    expectValidation(await api.patch(`/blocks/${q.id}`, { question_role: "final" }), ["question_role"]);
    expectValidation(await api.patch(`/blocks/${q.id}`, { question_id: other.question.id }), ["question_id"]);
    expectValidation(await api.patch(`/blocks/${q.id}`, { question_id: NO_SUCH_ID }), ["question_id"]);
    expectValidation(await api.patch(`/blocks/${z.id}`, { quiz_id: other.quiz.id }), ["quiz_id"]);
    expectValidation(await api.patch(`/blocks/${z.id}`, { quiz_id: NO_SUCH_ID }), ["quiz_id"]);
    expect((await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks).toEqual([text, q, z]);
  });

  it("moving a block to a lesson of another module in the course inserts it there and keeps both lessons contiguous", async () => {
    const { api } = await newUser(server);
    const { course, lesson: from } = await lessonIn(api);
    const otherModule = await createModule(api, course.id);
    const to = await createLesson(api, otherModule.id);
    const a = await createBlock(api, from.id, { type: "text", content: { body: "A" } });
    const moving = await createBlock(api, from.id, { type: "text", content: { body: "Moving" } });
    const c = await createBlock(api, from.id, { type: "text", content: { body: "C" } });
    const x = await createBlock(api, to.id, { type: "text", content: { body: "X" } });
    const y = await createBlock(api, to.id, { type: "text", content: { body: "Y" } });

    const res = await api.patch(`/blocks/${moving.id}`, { lesson_id: to.id, position: 1 });
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...moving, lesson_id: to.id, position: 1, updated_at: anyIso() });
    const inFrom = (await api.get(`/lessons/${from.id}/blocks`)).body.blocks;
    const inTo = (await api.get(`/lessons/${to.id}/blocks`)).body.blocks;
    expect(inFrom.map((b: { id: string }) => b.id)).toEqual([a.id, c.id]);
    expect(inTo.map((b: { id: string }) => b.id)).toEqual([x.id, moving.id, y.id]);
    expectContiguous(inFrom);
    expectContiguous(inTo);

    const back = await api.patch(`/blocks/${moving.id}`, { lesson_id: from.id });
    expect(back.body).toMatchObject({ lesson_id: from.id, position: 2 });
    const far = await api.patch(`/blocks/${x.id}`, { lesson_id: from.id, position: 32767 });
    expect(far.body).toMatchObject({ lesson_id: from.id, position: 3 });
    expectContiguous((await api.get(`/lessons/${to.id}/blocks`)).body.blocks);
  });

  it("refuses to move a block to a lesson of another course, a deleted lesson or an unknown one", async () => {
    const { api } = await newUser(server);
    const { project, module, lesson } = await lessonIn(api);
    const otherCourse = await createCourse(api, project.id);
    const foreign = await createLesson(api, await createModule(api, otherCourse.id).then((m) => m.id));
    const deleted = await createLesson(api, module.id);
    await api.delete(`/lessons/${deleted.id}`);
    const block = await createBlock(api, lesson.id);
    for (const lessonId of [foreign.id, deleted.id, NO_SUCH_ID]) {
      expectValidation(await api.patch(`/blocks/${block.id}`, { lesson_id: lessonId }), ["lesson_id"]);
    }
    expect((await api.get(`/blocks/${block.id}`)).body).toEqual(block);
    expect((await api.get(`/lessons/${foreign.id}/blocks`)).body.blocks).toEqual([]);
  });

  it("answers 404 for an unknown, malformed or deleted block", async () => {
    const { api } = await newUser(server);
    const { lesson } = await lessonIn(api);
    const block = await createBlock(api, lesson.id);
    expectNotFound(await api.patch(`/blocks/${NO_SUCH_ID}`, { content: {} }));
    expectNotFound(await api.patch("/blocks/b", { content: {} }));
    await api.delete(`/blocks/${block.id}`);
    expectNotFound(await api.patch(`/blocks/${block.id}`, { content: {} }));
  });
});

describe("[BLOCKS] DELETE /blocks/{blockId}", () => {
  it("hides the block and leaves its question and quiz alone", async () => {
    const { api } = await newUser(server);
    const { project, lesson } = await lessonIn(api);
    const { question, quiz } = await createQuestionAndQuiz(api, project.id);
    const block = await createBlock(api, lesson.id, { type: "question", question_id: question.id, question_role: "practice" });
    const res = await api.delete(`/blocks/${block.id}`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ success: true, id: block.id });
    expectNotFound(await api.get(`/blocks/${block.id}`));
    expect((await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks).toEqual([]);
    expectStatus(await api.get(`/questions/${question.id}`), 200);
    expectStatus(await api.get(`/quizzes/${quiz.id}`), 200);
    expectNotFound(await api.delete(`/blocks/${block.id}`));
  });

  it("answers 404 for an unknown or malformed block", async () => {
    const { api } = await newUser(server);
    expectNotFound(await api.delete(`/blocks/${NO_SUCH_ID}`));
    expectNotFound(await api.delete("/blocks/abc"));
  });
});

describe("[BLOCKS] concurrent moves between lessons", () => {
  it("concurrent moves and deletes of blocks between two lessons keep both lessons at 0..n-1", async () => {
    const { api } = await newUser(server);
    const { module, lesson: a } = await lessonIn(api);
    const b = await createLesson(api, module.id);
    const inA = [];
    const inB = [];
    for (let i = 0; i < 4; i++) inA.push(await createBlock(api, a.id, { type: "text", content: { body: `A${i}` } }));
    for (let i = 0; i < 4; i++) inB.push(await createBlock(api, b.id, { type: "text", content: { body: `B${i}` } }));
    const travellers = [inA[1], inB[2]];
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        api.patch(
          `/blocks/${travellers[i % 2].id}`,
          i % 3 === 2 ? { position: i % 4 } : { lesson_id: i % 4 < 2 ? b.id : a.id, position: i % 3 },
        ),
      ),
      api.delete(`/blocks/${inA[3].id}`),
      api.delete(`/blocks/${inB[0].id}`),
    ]);
    for (const res of results) expectStatus(res, 200);
    const blocksA = (await api.get(`/lessons/${a.id}/blocks`)).body.blocks;
    const blocksB = (await api.get(`/lessons/${b.id}/blocks`)).body.blocks;
    expectContiguous(blocksA);
    expectContiguous(blocksB);
    const all = [...blocksA, ...blocksB].map((x: { id: string }) => x.id).sort();
    expect(all).toEqual([inA[0], inA[1], inA[2], inB[1], inB[2], inB[3]].map((x) => x.id).sort());
  });
});
