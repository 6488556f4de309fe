/**
 * The trash and deleted projects over HTTP (course-authoring-service.md, Trash; contract.md, Trash,
 * Roles and Positions).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNotFound, expectValidation, ISO_RE, NO_SUCH_ID, walkIds } from "../expect";
import {
  type Api,
  authoringClient,
  correctOptionIds,
  createBlock,
  createCategory,
  createCourse,
  createFamily,
  createLesson,
  createModule,
  createProject,
  createQuestionOfKind,
  createQuiz,
  deletedInOrder,
  newUserWithProject,
  quizAttempts,
  seedTeamWithProject,
  textBlock,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Option = { id: string; label: string; sort_order: number; is_correct: boolean };
type Question = { id: string; question_type: string; options: Option[]; [key: string]: unknown };

const client = (key?: string) => authoringClient(server, key);
/** A new user with a project in their personal workspace. */
const owner = () => newUserWithProject(server, "Quiz project");
/** A team workspace with an admin (who made the project), an author and a learner. */
const team = () => seedTeamWithProject(server);

/** A tree read without the timestamps a write may move. */
function withoutUpdatedAt(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUpdatedAt);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "updated_at")
        .map(([k, v]) => [k, withoutUpdatedAt(v)]),
    );
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
/** A course with two modules: "Basics" (lessons A with 2 blocks, B with 1) and "Advanced" (lesson C with 1). */
async function courseTree(api: Api, projectId: string, title = "Intro course") {
  const course = await createCourse(api, projectId, { title });
  const basics = await createModule(api, course.id, { title: "Basics" });
  const advanced = await createModule(api, course.id, { title: "Advanced" });
  const lessonA = await createLesson(api, basics.id, { title: "Lesson A" });
  const lessonB = await createLesson(api, basics.id, { title: "Lesson B" });
  const lessonC = await createLesson(api, advanced.id, { title: "Lesson C" });
  const blocks = [
    await textBlock(api, lessonA.id, "First words"),
    await textBlock(api, lessonA.id, "More words"),
    await textBlock(api, lessonB.id, "B words"),
    await textBlock(api, lessonC.id, "C words"),
  ];
  return { course, basics, advanced, lessonA, lessonB, lessonC, blocks };
}

const trashOf = async (api: Api, projectId: string) => {
  const res = await api.get(`/projects/${projectId}/trash`);
  expect(res.status).toBe(200);
  return res.body.items as {
    kind: string;
    id: string;
    title: string;
    context: string | null;
    deleted_at: string;
    deleted_by_name: string | null;
  }[];
};

const restore = (api: Api, projectId: string, kind: string, id: string) => api.post(`/projects/${projectId}/trash/restore`, { kind, id });

describe("[TRASH] GET /projects/{projectId}/trash", () => {
  it("[TRASH] lists what DELETE was called on, newest first, with title, context and deleted_by_name, not the descendants swept along", async () => {
    const { api, projectId, user } = await owner();
    const tree = await courseTree(api, projectId);
    const category = await createCategory(api, projectId, "Geometry");
    const family = await createFamily(api, projectId, "Angle variants");
    const question = await createQuestionOfKind(api, projectId, category.id, "single", { prompt: "How many degrees in a right angle?" });
    const quiz = await createQuiz(api, projectId, [], "Angles quiz");
    const otherCategory = await createCategory(api, projectId, "Doomed category");
    await createQuestionOfKind(api, projectId, otherCategory.id);

    const order: [string, string][] = [
      ["block", `/blocks/${tree.blocks[0].id}`],
      ["lesson", `/lessons/${tree.lessonB.id}`],
      ["module", `/modules/${tree.advanced.id}`],
      ["question", `/questions/${question.id}`],
      ["quiz", `/quizzes/${quiz.id}`],
      ["question_family", `/question-families/${family.id}`],
      ["category", `/categories/${otherCategory.id}`],
      ["course", `/courses/${tree.course.id}`],
    ];
    for (const [, path] of order) expect((await api.delete(path)).status).toBe(200);
    await deletedInOrder(order.map(([, path]) => path.slice(path.lastIndexOf("/") + 1)));

    const res = await api.get(`/projects/${projectId}/trash`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["has_more", "items", "limit", "offset"]);
    expect(res.body).toMatchObject({ has_more: false, limit: 500, offset: 0 });
    const items = res.body.items;
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(["context", "deleted_at", "deleted_by_name", "id", "kind", "title"]);
      expect(item.deleted_at).toMatch(ISO_RE);
      expect(item.deleted_by_name).toBe(user.name);
    }
    const times = items.map((i: { deleted_at: string }) => new Date(i.deleted_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items.map((i: { kind: string; title: string; context: string | null }) => [i.kind, i.title, i.context])).toEqual([
      ["course", "Intro course", null],
      ["category", "Doomed category", null],
      ["question_family", "Angle variants", null],
      ["quiz", "Angles quiz", null],
      ["question", "How many degrees in a right angle?", "Geometry"],
      ["module", "Advanced", "Intro course"],
      ["lesson", "Lesson B", "Intro course › Basics"],
      ["block", expect.stringContaining("First words"), "Intro course › Basics › Lesson A"],
    ]);
    expect(items.map((i: { id: string }) => i.id)).toEqual([
      tree.course.id,
      otherCategory.id,
      family.id,
      quiz.id,
      question.id,
      tree.advanced.id,
      tree.lessonB.id,
      tree.blocks[0].id,
    ]);
  });

  it("[TRASH] limit=1 walks every trash item exactly once, newest first", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const q = await createQuestionOfKind(api, projectId, category.id);
      await api.delete(`/questions/${q.id}`);
      ids.unshift(q.id);
    }
    await deletedInOrder([...ids].reverse());
    expect(await walkIds(api, `/projects/${projectId}/trash`, "items")).toEqual(ids);
    expectValidation(await api.get(`/projects/${projectId}/trash?limit=0`), "limit");
    expectValidation(await api.get(`/projects/${projectId}/trash?offset=-1`), "offset");
  });

  it("[TRASH] an unknown or malformed project answers 404, a missing key 401", async () => {
    const { api, projectId } = await owner();
    expectNotFound(await api.get(`/projects/${NO_SUCH_ID}/trash`));
    expectNotFound(await api.get(`/projects/not-a-uuid/trash`));
    expect((await client().get(`/projects/${projectId}/trash`)).status).toBe(401);
    expect((await client().post(`/projects/${projectId}/trash/restore`, { kind: "quiz", id: NO_SUCH_ID })).status).toBe(401);
  });
});

describe("[TRASH] POST /projects/{projectId}/trash/restore", () => {
  it("[TRASH] restoring a course brings back its modules, lessons and blocks with restored_count", async () => {
    const { api, projectId } = await owner();
    const tree = await courseTree(api, projectId);
    const before = (await api.get(`/courses/${tree.course.id}`)).body;
    expect((await api.delete(`/courses/${tree.course.id}`)).body).toEqual({ success: true, id: tree.course.id });
    expect((await api.get(`/courses/${tree.course.id}`)).status).toBe(404);
    expect((await api.get(`/lessons/${tree.lessonA.id}`)).status).toBe(404);
    expect((await api.get(`/blocks/${tree.blocks[3].id}`)).status).toBe(404);
    expect((await api.get(`/projects/${projectId}`)).body.courses).toEqual([]);

    const res = await restore(api, projectId, "course", tree.course.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 1 course + 2 modules + 3 lessons + 4 blocks
    expect(res.body).toEqual({ success: true, kind: "course", id: tree.course.id, restored_count: 10 });
    const after = (await api.get(`/courses/${tree.course.id}`)).body;
    expect(withoutUpdatedAt(after)).toEqual(withoutUpdatedAt(before));
    expect(await trashOf(api, projectId)).toEqual([]);
    expectNotFound(await restore(api, projectId, "course", tree.course.id));
  });

  it("[TRASH] parallel restores of one item: one answers 200 with the real count, the others what a repeat gets (404)", async () => {
    const { api, projectId } = await owner();
    const tree = await courseTree(api, projectId);
    expect((await api.delete(`/courses/${tree.course.id}`)).status).toBe(200);

    const results = await Promise.all(Array.from({ length: 10 }, () => restore(api, projectId, "course", tree.course.id)));
    const won = results.filter((r) => r.status === 200);
    expect(won.map((r) => r.body)).toEqual([{ success: true, kind: "course", id: tree.course.id, restored_count: 10 }]);
    const repeat = await restore(api, projectId, "course", tree.course.id);
    expectNotFound(repeat);
    for (const lost of results.filter((r) => r.status !== 200)) {
      expect({ status: lost.status, body: lost.body }).toEqual({ status: repeat.status, body: repeat.body });
    }
    expect((await api.get(`/projects/${projectId}`)).body.courses.map((c: { id: string }) => c.id)).toEqual([tree.course.id]);
    expect(await trashOf(api, projectId)).toEqual([]);
  });

  it("[TRASH] a lesson deleted before its course stays in the trash when the course is restored, and cannot be restored first", async () => {
    const { api, projectId } = await owner();
    const tree = await courseTree(api, projectId);
    expect((await api.delete(`/lessons/${tree.lessonA.id}`)).status).toBe(200);
    expect((await api.delete(`/courses/${tree.course.id}`)).status).toBe(200);
    await deletedInOrder([tree.lessonA.id, tree.course.id]);
    expect((await trashOf(api, projectId)).map((i) => [i.kind, i.id])).toEqual([
      ["course", tree.course.id],
      ["lesson", tree.lessonA.id],
    ]);

    const early = await restore(api, projectId, "lesson", tree.lessonA.id);
    expect(early.status, JSON.stringify(early.body)).toBe(400);
    expect(early.body).toEqual({
      error: expect.any(String),
      code: "parent_in_trash",
      // The lesson's parent is its module, which went to the trash with the course: restore that.
      details: { kind: "module", id: tree.basics.id, trash_item: { kind: "course", id: tree.course.id } },
    });

    const res = await restore(api, projectId, "course", tree.course.id);
    expect(res.status).toBe(200);
    // 1 course + 2 modules + 2 lessons (B, C) + 2 blocks: lesson A and its 2 blocks stay deleted.
    expect(res.body.restored_count).toBe(7);
    const course = (await api.get(`/courses/${tree.course.id}`)).body;
    expect(course.modules[0].lessons.map((l: { id: string; position: number }) => [l.id, l.position])).toEqual([[tree.lessonB.id, 0]]);
    expect((await trashOf(api, projectId)).map((i) => [i.kind, i.id])).toEqual([["lesson", tree.lessonA.id]]);
    expectNotFound(await api.get(`/lessons/${tree.lessonA.id}`));

    const late = await restore(api, projectId, "lesson", tree.lessonA.id);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ success: true, kind: "lesson", id: tree.lessonA.id, restored_count: 3 });
    const lessons = (await api.get(`/modules/${tree.basics.id}/lessons`)).body.lessons;
    expect(lessons.map((l: { id: string; position: number }) => [l.id, l.position])).toEqual([
      [tree.lessonA.id, 0],
      [tree.lessonB.id, 1],
    ]);
    expect((await api.get(`/lessons/${tree.lessonA.id}/blocks`)).body.blocks).toHaveLength(2);
  });

  it("[TRASH] a module swept away with its course is not a trash item: restoring it names the course as parent_in_trash", async () => {
    const { api, projectId } = await owner();
    const tree = await courseTree(api, projectId);
    await api.delete(`/courses/${tree.course.id}`);
    const res = await restore(api, projectId, "module", tree.basics.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("parent_in_trash");
    expect(res.body.details).toEqual({ kind: "course", id: tree.course.id, trash_item: { kind: "course", id: tree.course.id } });
    expect((await restore(api, projectId, "course", tree.course.id)).status).toBe(200);
    expectNotFound(await restore(api, projectId, "module", tree.basics.id));
  });

  it("[TRASH] a restored item returns to its old position, shifting its siblings", async () => {
    const { api, projectId } = await owner();
    const courses = [
      await createCourse(api, projectId, { title: "C0" }),
      await createCourse(api, projectId, { title: "C1" }),
      await createCourse(api, projectId, { title: "C2" }),
    ];
    await api.delete(`/courses/${courses[1].id}`);
    const positions = async () =>
      (await api.get(`/projects/${projectId}/courses`)).body.courses.map((c: { title: string; position: number }) => [c.title, c.position]);
    expect(await positions()).toEqual([
      ["C0", 0],
      ["C2", 1],
    ]);
    expect((await restore(api, projectId, "course", courses[1].id)).status).toBe(200);
    expect(await positions()).toEqual([
      ["C0", 0],
      ["C1", 1],
      ["C2", 2],
    ]);
  });

  it("[TRASH] a restored item whose old position is past the end goes to the end", async () => {
    const { api, projectId } = await owner();
    const course = await createCourse(api, projectId);
    const mod = await createModule(api, course.id);
    const lesson = await createLesson(api, mod.id);
    const b0 = await textBlock(api, lesson.id, "zero");
    const b1 = await textBlock(api, lesson.id, "one");
    const b2 = await textBlock(api, lesson.id, "two");
    await api.delete(`/blocks/${b2.id}`);
    await api.delete(`/blocks/${b0.id}`);
    const positions = async () =>
      (await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks.map((b: { id: string; position: number }) => [b.id, b.position]);
    expect(await positions()).toEqual([[b1.id, 0]]);
    expect((await restore(api, projectId, "block", b2.id)).body).toEqual({ success: true, kind: "block", id: b2.id, restored_count: 1 });
    expect(await positions()).toEqual([
      [b1.id, 0],
      [b2.id, 1],
    ]);
    expect((await restore(api, projectId, "block", b0.id)).status).toBe(200);
    expect(await positions()).toEqual([
      [b0.id, 0],
      [b1.id, 1],
      [b2.id, 2],
    ]);
  });

  it("[TRASH] a block whose question or quiz is in the trash reads question: null / quiz: null, and shows it again after restore", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const question = await createQuestionOfKind(api, projectId, category.id);
    const quiz = await createQuiz(api, projectId, [question.id], "Linked quiz");
    const course = await createCourse(api, projectId);
    const mod = await createModule(api, course.id);
    const lesson = await createLesson(api, mod.id);
    const qBlock = await createBlock(api, lesson.id, { type: "question", question_id: question.id, question_role: "practice" });
    const zBlock = await createBlock(api, lesson.id, { type: "quiz", quiz_id: quiz.id });
    expect(qBlock.question).toEqual(question);
    expect(zBlock.quiz).toEqual({ id: quiz.id, title: "Linked quiz" });

    await api.delete(`/questions/${question.id}`);
    await api.delete(`/quizzes/${quiz.id}`);
    const blocks = (await api.get(`/lessons/${lesson.id}/blocks`)).body.blocks;
    expect(blocks.map((b: { question: unknown; quiz: unknown }) => [b.question, b.quiz])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect((await api.get(`/blocks/${qBlock.id}`)).body.question).toBeNull();
    expect((await api.get(`/blocks/${zBlock.id}`)).body.quiz).toBeNull();
    const tree = (await api.get(`/courses/${course.id}`)).body.modules[0].lessons[0].blocks;
    expect(tree.map((b: { question: unknown; quiz: unknown }) => [b.question, b.quiz])).toEqual([
      [null, null],
      [null, null],
    ]);

    expect((await restore(api, projectId, "question", question.id)).body).toEqual({
      success: true,
      kind: "question",
      id: question.id,
      restored_count: 1,
    });
    expect((await restore(api, projectId, "quiz", quiz.id)).body).toEqual({ success: true, kind: "quiz", id: quiz.id, restored_count: 1 });
    expect((await api.get(`/blocks/${qBlock.id}`)).body.question).toEqual(question);
    expect((await api.get(`/blocks/${zBlock.id}`)).body.quiz).toEqual({ id: quiz.id, title: "Linked quiz" });
    expect((await api.get(`/quizzes/${quiz.id}`)).body.questions).toEqual([question]);
  });

  it("[TRASH] deleting a category sends its questions to the trash with it; restoring it brings back exactly those", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId, "Algebra");
    const early = await createQuestionOfKind(api, projectId, category.id, "single", { prompt: "Deleted on its own" });
    const q1 = await createQuestionOfKind(api, projectId, category.id);
    const q2 = await createQuestionOfKind(api, projectId, category.id, "multiple");
    const course = await createCourse(api, projectId);
    const lesson = await createLesson(api, (await createModule(api, course.id)).id);
    const block = await createBlock(api, lesson.id, { type: "question", question_id: q1.id, question_role: "review" });

    await api.delete(`/questions/${early.id}`);
    expect((await api.delete(`/categories/${category.id}`)).status).toBe(200);
    await deletedInOrder([early.id, category.id]);
    expect((await trashOf(api, projectId)).map((i) => [i.kind, i.id])).toEqual([
      ["category", category.id],
      ["question", early.id],
    ]);
    expectNotFound(await api.get(`/questions/${q1.id}`));
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toEqual([]);
    expect((await api.get(`/blocks/${block.id}`)).body.question).toBeNull();

    const tooEarly = await restore(api, projectId, "question", early.id);
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body).toEqual({
      error: expect.any(String),
      code: "parent_in_trash",
      details: { kind: "category", id: category.id, trash_item: { kind: "category", id: category.id } },
    });

    const res = await restore(api, projectId, "category", category.id);
    expect(res.body).toEqual({ success: true, kind: "category", id: category.id, restored_count: 3 });
    expect((await api.get(`/questions/${q1.id}`)).body).toEqual(q1);
    expect((await api.get(`/questions/${q2.id}`)).body).toEqual(q2);
    expect((await api.get(`/blocks/${block.id}`)).body.question).toEqual(q1);
    expectNotFound(await api.get(`/questions/${early.id}`));
    expect((await trashOf(api, projectId)).map((i) => i.id)).toEqual([early.id]);
    expect((await restore(api, projectId, "question", early.id)).status).toBe(200);
    expect((await api.get(`/questions/${early.id}`)).body).toEqual(early);
  });

  it("[TRASH] deleting a question family sends its questions to the trash with it; restoring it brings them back", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const family = await createFamily(api, projectId);
    const v1 = await createQuestionOfKind(api, projectId, category.id, "single", { question_family_id: family.id });
    const v2 = await createQuestionOfKind(api, projectId, category.id, "true_false", { question_family_id: family.id });
    const loose = await createQuestionOfKind(api, projectId, category.id);

    await api.delete(`/question-families/${family.id}`);
    expect((await trashOf(api, projectId)).map((i) => [i.kind, i.id, i.title])).toEqual([["question_family", family.id, "Variants"]]);
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions.map((q: Question) => q.id)).toEqual([loose.id]);
    const swept = await restore(api, projectId, "question", v1.id);
    expect(swept.status).toBe(400);
    expect(swept.body.code).toBe("parent_in_trash");
    expect(swept.body.details).toEqual({ kind: "question_family", id: family.id, trash_item: { kind: "question_family", id: family.id } });

    const res = await restore(api, projectId, "question_family", family.id);
    expect(res.body).toEqual({ success: true, kind: "question_family", id: family.id, restored_count: 3 });
    const back = await api.get(`/question-families/${family.id}`);
    expect(back.body.question_count).toBe(2);
    expect(back.body.questions.map((q: Question) => q.id).sort()).toEqual([v1.id, v2.id].sort());
    expect((await api.get(`/questions/${v2.id}`)).body).toEqual(v2);
  });

  it("[TRASH] restoring a category whose name has since been taken answers 400 conflict and leaves it in the trash", async () => {
    const { api, projectId } = await owner();
    const first = await createCategory(api, projectId, "Algebra");
    await api.delete(`/categories/${first.id}`);
    await createCategory(api, projectId, "ALGEBRA");
    const res = await restore(api, projectId, "category", first.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("conflict");
    expect((await trashOf(api, projectId)).map((i) => i.id)).toEqual([first.id]);
    expectNotFound(await api.get(`/categories/${first.id}`));
  });

  it("[TRASH] restoring an unknown item, one not deleted, one of another project or under the wrong kind answers 404", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const live = await createQuestionOfKind(api, projectId, category.id);
    const otherProject = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    const foreign = await createQuiz(api, otherProject, []);
    await api.delete(`/quizzes/${foreign.id}`);
    const gone = await createQuiz(api, projectId, []);
    await api.delete(`/quizzes/${gone.id}`);

    expectNotFound(await restore(api, projectId, "quiz", NO_SUCH_ID));
    expectNotFound(await restore(api, projectId, "question", live.id));
    expectNotFound(await restore(api, projectId, "quiz", foreign.id));
    expectNotFound(await restore(api, projectId, "question", gone.id));
    expectNotFound(await restore(api, NO_SUCH_ID, "quiz", gone.id));
    expect((await trashOf(api, otherProject)).map((i) => i.id)).toEqual([foreign.id]);
    expect((await trashOf(api, projectId)).map((i) => i.id)).toEqual([gone.id]);
  });

  it("[TRASH] a restore body with an unknown kind, a bad id or missing fields answers 400", async () => {
    const { api, projectId } = await owner();
    const gone = await createQuiz(api, projectId, []);
    await api.delete(`/quizzes/${gone.id}`);
    const post = (body: unknown) => api.post(`/projects/${projectId}/trash/restore`, body);
    expectValidation(await post({ kind: "project", id: gone.id }), "kind");
    expectValidation(await post({ kind: "Quiz", id: gone.id }), "kind");
    expectValidation(await post({ id: gone.id }), "kind");
    expectValidation(await post({ kind: "quiz", id: "nope" }), "id");
    expectValidation(await post({ kind: "quiz" }), "id");
    const empty = await api.post(`/projects/${projectId}/trash/restore`);
    expect(empty.status).toBe(400);
    const notJson = await post("{kind");
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe("invalid_json");
    expect((await trashOf(api, projectId)).map((i) => i.id)).toEqual([gone.id]);
  });
});

describe("[TRASH] roles", () => {
  it("[TRASH] an author lists the trash and restores content in a team project", async () => {
    const { projectId, admin, author } = await team();
    const quiz = await createQuiz(admin.api, projectId, [], "Team quiz");
    await admin.api.delete(`/quizzes/${quiz.id}`);
    const items = await trashOf(author.api, projectId);
    expect(items.map((i) => [i.kind, i.id, i.deleted_by_name])).toEqual([["quiz", quiz.id, admin.user.name]]);
    const res = await restore(author.api, projectId, "quiz", quiz.id);
    expect(res.status).toBe(200);
    expect((await admin.api.get(`/quizzes/${quiz.id}`)).status).toBe(200);
  });

  it("[TRASH] a learner gets 404 for the trash and for restoring, and nothing is restored", async () => {
    const { projectId, admin, learner } = await team();
    const course = await createCourse(admin.api, projectId);
    await admin.api.post(`/courses/${course.id}/publish`);
    await admin.api.delete(`/courses/${course.id}`);
    expectNotFound(await learner.api.get(`/projects/${projectId}/trash`));
    expectNotFound(await restore(learner.api, projectId, "course", course.id));
    expect((await trashOf(admin.api, projectId)).map((i) => i.id)).toEqual([course.id]);
    expect((await admin.api.get(`/courses/${course.id}`)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
describe("[DELETED PROJECTS] GET /projects/deleted and POST /projects/{projectId}/restore", () => {
  it("[DELETED PROJECTS] deleted projects are listed newest first with workspace and deleted_by_name", async () => {
    const { api, user, personalWorkspace, projectId } = await owner();
    const second = (await createProject(api, { name: "Second project", workspace_id: personalWorkspace.id })).id;
    await createProject(api, { name: "Kept project", workspace_id: personalWorkspace.id });
    expect((await api.delete(`/projects/${projectId}`)).body).toEqual({ success: true, id: projectId });
    expect((await api.delete(`/projects/${second}`)).status).toBe(200);
    await deletedInOrder([projectId, second]);

    const res = await api.get("/projects/deleted");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["projects"]);
    const workspace = { id: personalWorkspace.id, name: personalWorkspace.name, kind: "personal" };
    expect(res.body.projects).toEqual([
      { id: second, name: "Second project", workspace, deleted_at: expect.stringMatching(ISO_RE), deleted_by_name: user.name },
      { id: projectId, name: "Quiz project", workspace, deleted_at: expect.stringMatching(ISO_RE), deleted_by_name: user.name },
    ]);
    expect(new Date(res.body.projects[0].deleted_at).getTime()).toBeGreaterThan(new Date(res.body.projects[1].deleted_at).getTime());
    const live = (await api.get("/projects")).body.projects.map((p: { name: string }) => p.name);
    expect(live).toEqual(["Kept project"]);
  });

  it("[DELETED PROJECTS] restoring a project brings back everything deleted with it; earlier deletions stay in its trash", async () => {
    const { api, projectId } = await owner();
    const tree = await courseTree(api, projectId);
    const category = await createCategory(api, projectId);
    const family = await createFamily(api, projectId);
    const question = await createQuestionOfKind(api, projectId, category.id, "single", { question_family_id: family.id });
    const quiz = await createQuiz(api, projectId, [question.id]);
    await api.delete(`/lessons/${tree.lessonC.id}`);
    const before = {
      project: (await api.get(`/projects/${projectId}`)).body,
      questions: (await api.get(`/projects/${projectId}/questions`)).body,
      categories: (await api.get(`/projects/${projectId}/categories`)).body,
      families: (await api.get(`/projects/${projectId}/question-families`)).body,
      quiz: (await api.get(`/quizzes/${quiz.id}`)).body,
      trash: await trashOf(api, projectId),
    };

    expect((await api.delete(`/projects/${projectId}`)).status).toBe(200);
    expectNotFound(await api.get(`/projects/${projectId}`));
    expectNotFound(await api.get(`/quizzes/${quiz.id}`));
    expectNotFound(await api.get(`/questions/${question.id}`));
    expectNotFound(await api.get(`/courses/${tree.course.id}`));
    expectNotFound(await api.get(`/projects/${projectId}/trash`));

    const res = await api.post(`/projects/${projectId}/restore`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["courses", "created_at", "description", "id", "name", "updated_at", "workspace"]);
    expect(res.body).toMatchObject({
      id: projectId,
      name: "Quiz project",
      workspace: before.project.workspace,
      created_at: before.project.created_at,
    });

    expect(withoutUpdatedAt((await api.get(`/projects/${projectId}`)).body)).toEqual(withoutUpdatedAt(before.project));
    expect((await api.get(`/projects/${projectId}/questions`)).body).toEqual(before.questions);
    expect((await api.get(`/projects/${projectId}/categories`)).body).toEqual(before.categories);
    expect((await api.get(`/projects/${projectId}/question-families`)).body).toEqual(before.families);
    expect((await api.get(`/quizzes/${quiz.id}`)).body).toEqual(before.quiz);
    expect(await trashOf(api, projectId)).toEqual(before.trash);
    expect(before.trash.map((i) => i.id)).toEqual([tree.lessonC.id]);
    expect((await api.get("/projects/deleted")).body.projects).toEqual([]);
    expectNotFound(await api.post(`/projects/${projectId}/restore`));
  });

  it("[DELETED PROJECTS] parallel restores of one project: one answers 200, the others what a repeat gets (404)", async () => {
    const { api, projectId } = await owner();
    await courseTree(api, projectId);
    expect((await api.delete(`/projects/${projectId}`)).status).toBe(200);

    const results = await Promise.all(Array.from({ length: 10 }, () => api.post(`/projects/${projectId}/restore`)));
    expect(results.filter((r) => r.status === 200).map((r) => r.body.id)).toEqual([projectId]);
    const repeat = await api.post(`/projects/${projectId}/restore`);
    expectNotFound(repeat);
    for (const lost of results.filter((r) => r.status !== 200)) {
      expect({ status: lost.status, body: lost.body }).toEqual({ status: repeat.status, body: repeat.body });
    }
    expect((await api.get(`/projects/${projectId}`)).body.courses).toHaveLength(1);
  });

  it("[DELETED PROJECTS] restoring a project that is not deleted, unknown or malformed answers 404", async () => {
    const { api, projectId } = await owner();
    expectNotFound(await api.post(`/projects/${projectId}/restore`));
    expectNotFound(await api.post(`/projects/${NO_SUCH_ID}/restore`));
    expectNotFound(await api.post(`/projects/not-a-uuid/restore`));
    expect((await client().post(`/projects/${projectId}/restore`)).status).toBe(401);
    expect((await client().get(`/projects/deleted`)).status).toBe(401);
  });

  it("[DELETED PROJECTS] only admins delete, list and restore projects: an author and a learner get 404", async () => {
    const { projectId, workspace, admin, author, learner } = await team();
    expectNotFound(await author.api.delete(`/projects/${projectId}`));
    expectNotFound(await learner.api.delete(`/projects/${projectId}`));
    expect((await admin.api.get(`/projects/${projectId}`)).status).toBe(200);

    expect((await admin.api.delete(`/projects/${projectId}`)).status).toBe(200);
    const listed = await admin.api.get("/projects/deleted");
    expect(listed.body.projects).toEqual([
      {
        id: projectId,
        name: "Team project",
        workspace: { id: workspace.id, name: "Team", kind: "team" },
        deleted_at: expect.stringMatching(ISO_RE),
        deleted_by_name: admin.user.name,
      },
    ]);
    for (const member of [author, learner]) {
      const res = await member.api.get("/projects/deleted");
      expect(res.status).toBe(200);
      expect(res.body.projects).toEqual([]);
      expectNotFound(await member.api.post(`/projects/${projectId}/restore`));
    }
    expectNotFound(await admin.api.get(`/projects/${projectId}`));
    expect((await admin.api.post(`/projects/${projectId}/restore`)).status).toBe(200);
    expect((await author.api.get(`/projects/${projectId}`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
describe("[ISOLATION] another user's key", () => {
  it("[ISOLATION] every quiz, attempt, trash and project-restore endpoint answers 404 to another user and changes nothing", async () => {
    const a = await owner();
    const b = await owner();
    const category = await createCategory(a.api, a.projectId);
    const question = await createQuestionOfKind(a.api, a.projectId, category.id);
    const quiz = await createQuiz(a.api, a.projectId, [question.id]);
    const trashed = await createQuiz(a.api, a.projectId, [], "Trashed");
    await a.api.delete(`/quizzes/${trashed.id}`);
    const doomed = (await createProject(a.api, { name: "Deleted project", workspace_id: a.personalWorkspace.id })).id;
    await a.api.delete(`/projects/${doomed}`);
    const before = {
      quizzes: (await a.api.get(`/projects/${a.projectId}/quizzes`)).body,
      quiz: (await a.api.get(`/quizzes/${quiz.id}`)).body,
      trash: (await a.api.get(`/projects/${a.projectId}/trash`)).body,
      deleted: (await a.api.get("/projects/deleted")).body,
    };

    const api = b.api;
    const answers = { answers: [{ question_id: question.id, selected_option_ids: correctOptionIds(question) }] };
    for (const res of [
      await api.get(`/projects/${a.projectId}/quizzes`),
      await api.post(`/projects/${a.projectId}/quizzes`, { title: "Intruder" }),
      await api.get(`/quizzes/${quiz.id}`),
      await api.patch(`/quizzes/${quiz.id}`, { title: "Intruder" }),
      await api.delete(`/quizzes/${quiz.id}`),
      await api.post(`/quizzes/${quiz.id}/submit`, answers),
      await api.get(`/projects/${a.projectId}/trash`),
      await restore(api, a.projectId, "quiz", trashed.id),
      await restore(api, b.projectId, "quiz", trashed.id),
      await api.post(`/projects/${doomed}/restore`),
    ]) {
      expectNotFound(res);
    }
    // B cannot put A's question into B's own quiz either.
    expectValidation(await api.post(`/projects/${b.projectId}/quizzes`, { title: "Mine", question_ids: [question.id] }), "question_ids.0");
    expect((await api.get("/projects/deleted")).body.projects).toEqual([]);

    expect((await a.api.get(`/projects/${a.projectId}/quizzes`)).body).toEqual(before.quizzes);
    expect((await a.api.get(`/quizzes/${quiz.id}`)).body).toEqual(before.quiz);
    expect((await a.api.get(`/projects/${a.projectId}/trash`)).body).toEqual(before.trash);
    expect((await a.api.get("/projects/deleted")).body).toEqual(before.deleted);
    expect(await quizAttempts(quiz.id)).toEqual([]);
    expect((await b.api.get(`/projects/${b.projectId}/quizzes`)).body.quizzes).toEqual([]);
  });
});
