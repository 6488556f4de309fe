/**
 * Quizzes, quiz attempts, the trash and deleted projects over HTTP (course-authoring-service.md,
 * Quizzes and Trash; contract.md, Quiz attempts, Trash, Roles and Positions).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import { apiClient, type ApiResponse } from "../api-client";
import { seedTeam, seedUser } from "../factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

type Api = ReturnType<typeof apiClient>;
type Option = { id: string; label: string; sort_order: number; is_correct: boolean };
type Question = { id: string; question_type: string; options: Option[]; [key: string]: unknown };
type Quiz = { id: string; project_id: string; title: string; questions: Question[]; created_at: string; updated_at: string };
type Result = { question_id: string; is_correct: boolean; selected_option_ids: string[]; correct_option_ids: string[] };

const client = (key?: string) => apiClient(`${server.url}/api/authoring`, key);

async function owner() {
  const seeded = await seedUser();
  const api = client(seeded.key);
  const projectId = await newProject(api, seeded.personalWorkspace.id, "Quiz project");
  return { ...seeded, api, projectId };
}

async function newProject(api: Api, workspaceId: string, name = "Another project"): Promise<string> {
  const res = await api.post("/projects", { name, workspace_id: workspaceId });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A team workspace with an admin (who made the project), an author and a learner. */
async function team() {
  const { workspace, admin, author, learner } = await seedTeam();
  const adminApi = client(admin.key);
  const projectId = await newProject(adminApi, workspace.id, "Team project");
  return {
    workspace,
    projectId,
    admin: { ...admin, api: adminApi },
    author: { ...author, api: client(author.key) },
    learner: { ...learner, api: client(learner.key) },
  };
}

async function created(res: Promise<ApiResponse>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const createCategory = (api: Api, projectId: string, name = "Arithmetic") =>
  created(api.post(`/projects/${projectId}/categories`, { name }));
const createFamily = (api: Api, projectId: string, name = "Variants") =>
  created(api.post(`/projects/${projectId}/question-families`, { name }));
const createCourse = (api: Api, projectId: string, title = "Intro course") =>
  created(api.post(`/projects/${projectId}/courses`, { title }));
const createModule = (api: Api, courseId: string, title = "Basics") => created(api.post(`/courses/${courseId}/modules`, { title }));
const createLesson = (api: Api, moduleId: string, title = "Lesson A") => created(api.post(`/modules/${moduleId}/lessons`, { title }));
const createBlock = (api: Api, lessonId: string, body: Record<string, unknown>) => created(api.post(`/lessons/${lessonId}/blocks`, body));
const textBlock = (api: Api, lessonId: string, body: string) => createBlock(api, lessonId, { type: "text", content: { body } });

type QuestionKind = "single" | "multiple" | "true_false";
/** A question whose option labels say which are correct ("right", "wrong"). */
async function createQuestion(api: Api, projectId: string, categoryId: string, kind: QuestionKind = "single", extra = {}): Promise<Question> {
  const shapes: Record<QuestionKind, { question_type: string; flags: boolean[] }> = {
    single: { question_type: "single_choice", flags: [false, true, false] },
    multiple: { question_type: "multiple_choice", flags: [true, false, true, false] },
    true_false: { question_type: "true_false", flags: [true, false] },
  };
  const { question_type, flags } = shapes[kind];
  return created(
    api.post(`/projects/${projectId}/questions`, {
      category_id: categoryId,
      prompt: `A ${kind} question`,
      question_type,
      difficulty: 3,
      options: flags.map((is_correct, i) => ({ label: `${is_correct ? "right" : "wrong"} ${i}`, is_correct })),
      ...extra,
    }),
  );
}

const correctIds = (q: Question) => q.options.filter((o) => o.is_correct).map((o) => o.id);
const wrongIds = (q: Question) => q.options.filter((o) => !o.is_correct).map((o) => o.id);

const createQuiz = (api: Api, projectId: string, questionIds: string[], title = "Checkpoint quiz"): Promise<Quiz> =>
  created(api.post(`/projects/${projectId}/quizzes`, { title, question_ids: questionIds }));

/** course > module > lesson with a quiz block, published as asked. */
async function placeQuiz(api: Api, projectId: string, quizId: string, state: { course: boolean; lesson: boolean }) {
  const course = await createCourse(api, projectId, "Quiz course");
  const mod = await createModule(api, course.id);
  const lesson = await createLesson(api, mod.id);
  const block = await createBlock(api, lesson.id, { type: "quiz", quiz_id: quizId });
  if (state.course) expect((await api.post(`/courses/${course.id}/publish`)).status).toBe(200);
  if (state.lesson && !state.course) expect((await api.post(`/lessons/${lesson.id}/publish`)).status).toBe(200);
  if (!state.lesson && state.course) expect((await api.post(`/lessons/${lesson.id}/unpublish`)).status).toBe(200);
  return { course, module: mod, lesson, block };
}

function expectValidation(res: ApiResponse, path?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe("validation_error");
  expect(Array.isArray(res.body.details.issues)).toBe(true);
  if (path !== undefined) expect(res.body.details.issues.map((i: { path: string }) => i.path)).toContain(path);
}

function expectNotFound(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body).toEqual({ error: expect.any(String), code: "not_found" });
}

async function nextMillisecond() {
  const start = Date.now();
  while (Date.now() <= start + 1) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function walk(api: Api, path: string, itemsKey: string, key: (item: Record<string, string>) => string = (i) => i.id) {
  const seen: string[] = [];
  for (let offset = 0; offset < 100; offset += 1) {
    const res = await api.get(`${path}?limit=1&offset=${offset}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 1, offset });
    expect(res.body[itemsKey].length).toBeLessThanOrEqual(1);
    seen.push(...res.body[itemsKey].map(key));
    if (!res.body.has_more) return seen;
    expect(res.body[itemsKey]).toHaveLength(1);
  }
  throw new Error("has_more never became false");
}

/** A tree read without the timestamps a write may move. */
function withoutUpdatedAt(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUpdatedAt);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== "updated_at").map(([k, v]) => [k, withoutUpdatedAt(v)]));
  }
  return value;
}

async function attemptsOf(quizId: string) {
  const db = await getDb();
  return db.quizAttempt.findMany({ where: { quizId }, orderBy: { createdAt: "asc" } });
}

// ---------------------------------------------------------------------------------------------
describe("[QUIZZES] POST /projects/{projectId}/quizzes and GET /quizzes/{quizId}", () => {
  it("[QUIZZES] creating a quiz answers 201 QuizDetail whose questions follow the order of question_ids", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestion(api, projectId, category.id, "single");
    const q2 = await createQuestion(api, projectId, category.id, "multiple");
    const q3 = await createQuestion(api, projectId, category.id, "true_false");
    const res = await api.post(`/projects/${projectId}/quizzes`, { title: "  Week 1  ", question_ids: [q3.id, q1.id, q2.id], x: 1 });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "id", "project_id", "questions", "title", "updated_at"]);
    expect(res.body.id).toMatch(UUID);
    expect(res.body.project_id).toBe(projectId);
    expect(res.body.title).toBe("Week 1");
    expect(res.body.created_at).toMatch(ISO);
    expect(res.body.updated_at).toMatch(ISO);
    expect(res.body.questions).toEqual([q3, q1, q2]);

    const read = await api.get(`/quizzes/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("[QUIZZES] a quiz created without question_ids, or with none, has no questions", async () => {
    const { api, projectId } = await owner();
    const bare = await api.post(`/projects/${projectId}/quizzes`, { title: "Empty" });
    expect(bare.status).toBe(201);
    expect(bare.body.questions).toEqual([]);
    expect((await createQuiz(api, projectId, [])).questions).toEqual([]);
  });

  it("[QUIZZES] a title of 1 and 200 characters is accepted; 201, empty, blank, missing and non-string titles are 400", async () => {
    const { api, projectId } = await owner();
    expect((await createQuiz(api, projectId, [], "t".repeat(200))).title).toHaveLength(200);
    expect((await createQuiz(api, projectId, [], "t")).title).toBe("t");
    for (const title of ["t".repeat(201), "", "   ", 5, null]) {
      expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title }), "title");
    }
    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { question_ids: [] }), "title");
    expect((await api.get(`/projects/${projectId}/quizzes`)).body.quizzes).toHaveLength(2);
  });

  it("[QUIZZES] question_ids with a duplicate, a question of another project, an unknown or deleted question is 400 and creates nothing", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestion(api, projectId, category.id);
    const gone = await createQuestion(api, projectId, category.id);
    await api.delete(`/questions/${gone.id}`);
    const otherProject = await newProject(api, personalWorkspace.id);
    const foreign = await createQuestion(api, otherProject, (await createCategory(api, otherProject)).id);

    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Dup", question_ids: [q1.id, q1.id] }));
    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Foreign", question_ids: [q1.id, foreign.id] }), "question_ids.1");
    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Unknown", question_ids: [NO_SUCH_ID] }), "question_ids.0");
    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Deleted", question_ids: [gone.id] }), "question_ids.0");
    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Bad", question_ids: ["nope"] }), "question_ids.0");
    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Bad", question_ids: q1.id }), "question_ids");
    expect((await api.get(`/projects/${projectId}/quizzes`)).body.quizzes).toEqual([]);
  });

  it("[QUIZZES] creating in an unknown project, or reading an unknown, malformed or deleted quiz, answers 404", async () => {
    const { api, projectId } = await owner();
    expectNotFound(await api.post(`/projects/${NO_SUCH_ID}/quizzes`, { title: "X" }));
    expectNotFound(await api.get(`/quizzes/${NO_SUCH_ID}`));
    expectNotFound(await api.get(`/quizzes/not-a-uuid`));
    const quiz = await createQuiz(api, projectId, []);
    await api.delete(`/quizzes/${quiz.id}`);
    expectNotFound(await api.get(`/quizzes/${quiz.id}`));
    const anonymous = await client().get(`/quizzes/${quiz.id}`);
    expect(anonymous.status).toBe(401);
  });
});

describe("[QUIZZES] PATCH /quizzes/{quizId}", () => {
  it("[QUIZZES] changing only the title keeps the questions and their order", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestion(api, projectId, category.id);
    const q2 = await createQuestion(api, projectId, category.id, "true_false");
    const quiz = await createQuiz(api, projectId, [q2.id, q1.id]);
    await nextMillisecond();
    const res = await api.patch(`/quizzes/${quiz.id}`, { title: "Renamed" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...quiz, title: "Renamed", updated_at: expect.stringMatching(ISO) });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(quiz.updated_at).getTime());
    expect((await api.get(`/quizzes/${quiz.id}`)).body).toEqual(res.body);
  });

  it("[QUIZZES] question_ids replaces the entire set in the order given", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const [q1, q2, q3] = [
      await createQuestion(api, projectId, category.id),
      await createQuestion(api, projectId, category.id, "multiple"),
      await createQuestion(api, projectId, category.id, "true_false"),
    ];
    const quiz = await createQuiz(api, projectId, [q1.id, q2.id]);
    const replaced = await api.patch(`/quizzes/${quiz.id}`, { question_ids: [q3.id, q1.id] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.title).toBe(quiz.title);
    expect(replaced.body.questions).toEqual([q3, q1]);
    expect((await api.get(`/quizzes/${quiz.id}`)).body.questions).toEqual([q3, q1]);

    const emptied = await api.patch(`/quizzes/${quiz.id}`, { question_ids: [] });
    expect(emptied.status).toBe(200);
    expect(emptied.body.questions).toEqual([]);
    const list = await api.get(`/projects/${projectId}/quizzes`);
    expect(list.body.quizzes[0].question_count).toBe(0);
  });

  it("[QUIZZES] an empty body, bad title, duplicate or foreign question_ids are 400 and change nothing", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestion(api, projectId, category.id);
    const q2 = await createQuestion(api, projectId, category.id);
    const otherProject = await newProject(api, personalWorkspace.id);
    const foreign = await createQuestion(api, otherProject, (await createCategory(api, otherProject)).id);
    const quiz = await createQuiz(api, projectId, [q1.id]);

    expectValidation(await api.patch(`/quizzes/${quiz.id}`, {}));
    expectValidation(await api.patch(`/quizzes/${quiz.id}`, { title: "" }), "title");
    expectValidation(await api.patch(`/quizzes/${quiz.id}`, { title: "t".repeat(201) }), "title");
    expectValidation(await api.patch(`/quizzes/${quiz.id}`, { question_ids: [q2.id, q2.id] }));
    expectValidation(await api.patch(`/quizzes/${quiz.id}`, { question_ids: [q2.id, foreign.id] }), "question_ids.1");
    expectValidation(await api.patch(`/quizzes/${quiz.id}`, { title: "Both", question_ids: [foreign.id] }), "question_ids.0");
    expect((await api.get(`/quizzes/${quiz.id}`)).body).toEqual(quiz);
    expect((await api.patch(`/quizzes/${quiz.id}`, { title: "t".repeat(200) })).status).toBe(200);
    expectNotFound(await api.patch(`/quizzes/${NO_SUCH_ID}`, { title: "X" }));
    expectNotFound(await api.patch(`/quizzes/not-a-uuid`, { title: "X" }));
  });
});

describe("[QUIZZES] GET /projects/{projectId}/quizzes and DELETE /quizzes/{quizId}", () => {
  it("[QUIZZES] lists the project's quizzes newest first with question_count instead of questions", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestion(api, projectId, category.id);
    const q2 = await createQuestion(api, projectId, category.id);
    const first = await createQuiz(api, projectId, [q1.id, q2.id], "First");
    await nextMillisecond();
    const second = await createQuiz(api, projectId, [], "Second");
    await nextMillisecond();
    const third = await createQuiz(api, projectId, [q2.id], "Third");
    await createQuiz(api, await newProject(api, personalWorkspace.id), [], "Elsewhere");

    const res = await api.get(`/projects/${projectId}/quizzes`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["has_more", "limit", "offset", "quizzes"]);
    expect(res.body).toMatchObject({ has_more: false, limit: 500, offset: 0 });
    expect(res.body.quizzes).toEqual(
      [[third, 1], [second, 0], [first, 2]].map(([quiz, count]) => {
        const { questions: _questions, ...summary } = quiz as Quiz;
        return { ...summary, question_count: count };
      }),
    );
    expect(await walk(api, `/projects/${projectId}/quizzes`, "quizzes")).toEqual([third.id, second.id, first.id]);
    expectValidation(await api.get(`/projects/${projectId}/quizzes?limit=501`), "limit");
    expectNotFound(await api.get(`/projects/${NO_SUCH_ID}/quizzes`));
  });

  it("[QUIZZES] deleting a quiz answers {success, id}, hides it from reads, the list and submissions", async () => {
    const { api, projectId } = await owner();
    const quiz = await createQuiz(api, projectId, []);
    const kept = await createQuiz(api, projectId, [], "Kept");
    const res = await api.delete(`/quizzes/${quiz.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: quiz.id });
    expectNotFound(await api.get(`/quizzes/${quiz.id}`));
    expectNotFound(await api.patch(`/quizzes/${quiz.id}`, { title: "X" }));
    expectNotFound(await api.post(`/quizzes/${quiz.id}/submit`, { answers: [] }));
    expectNotFound(await api.delete(`/quizzes/${quiz.id}`));
    expectNotFound(await api.delete(`/quizzes/${NO_SUCH_ID}`));
    expect((await api.get(`/projects/${projectId}/quizzes`)).body.quizzes.map((q: Quiz) => q.id)).toEqual([kept.id]);
  });
});

// ---------------------------------------------------------------------------------------------
describe("[QUIZ ATTEMPTS] POST /quizzes/{quizId}/submit scoring", () => {
  it("[QUIZ ATTEMPTS] a right single choice scores 1; a partial multiple choice, a wrong answer and an unanswered question score 0", async () => {
    const { api, projectId, user } = await owner();
    const category = await createCategory(api, projectId);
    const single = await createQuestion(api, projectId, category.id, "single");
    const multiple = await createQuestion(api, projectId, category.id, "multiple");
    const trueFalse = await createQuestion(api, projectId, category.id, "true_false");
    const unanswered = await createQuestion(api, projectId, category.id, "single");
    const quiz = await createQuiz(api, projectId, [single.id, multiple.id, trueFalse.id, unanswered.id]);

    const res = await api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [
        { question_id: trueFalse.id, selected_option_ids: wrongIds(trueFalse) },
        { question_id: multiple.id, selected_option_ids: [correctIds(multiple)[0]] },
        { question_id: single.id, selected_option_ids: correctIds(single) },
      ],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["attempt_id", "created_at", "percentage", "results", "score_correct", "score_total"]);
    expect(res.body.attempt_id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO);
    expect(res.body.score_correct).toBe(1);
    expect(res.body.score_total).toBe(4);
    expect(res.body.percentage).toBe(25);
    expect(res.body.results).toEqual([
      { question_id: single.id, is_correct: true, selected_option_ids: correctIds(single), correct_option_ids: correctIds(single) },
      { question_id: multiple.id, is_correct: false, selected_option_ids: [correctIds(multiple)[0]], correct_option_ids: correctIds(multiple) },
      { question_id: trueFalse.id, is_correct: false, selected_option_ids: wrongIds(trueFalse), correct_option_ids: correctIds(trueFalse) },
      { question_id: unanswered.id, is_correct: false, selected_option_ids: [], correct_option_ids: correctIds(unanswered) },
    ]);

    const [attempt] = await attemptsOf(quiz.id);
    expect(attempt).toMatchObject({ id: res.body.attempt_id, userId: user.id, scoreCorrect: 1, scoreTotal: 4, percentage: 25 });
  });

  it("[QUIZ ATTEMPTS] a multiple choice scores 1 only for exactly its correct set, in any order", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const multiple = await createQuestion(api, projectId, category.id, "multiple");
    const quiz = await createQuiz(api, projectId, [multiple.id]);
    const submit = (selected: string[]) => api.post(`/quizzes/${quiz.id}/submit`, { answers: [{ question_id: multiple.id, selected_option_ids: selected }] });

    const exact = await submit([...correctIds(multiple)].reverse());
    expect(exact.status).toBe(201);
    expect(exact.body).toMatchObject({ score_correct: 1, score_total: 1, percentage: 100 });
    expect(exact.body.results[0].is_correct).toBe(true);

    const extra = await submit([...correctIds(multiple), wrongIds(multiple)[0]]);
    expect(extra.body).toMatchObject({ score_correct: 0, score_total: 1, percentage: 0 });
    const none = await submit([]);
    expect(none.body).toMatchObject({ score_correct: 0, score_total: 1, percentage: 0 });
    expect(none.body.results[0]).toEqual({
      question_id: multiple.id, is_correct: false, selected_option_ids: [], correct_option_ids: correctIds(multiple),
    });
  });

  it("[QUIZ ATTEMPTS] percentage is 100 * correct / total as a float, and 0 with no answers", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const questions = [
      await createQuestion(api, projectId, category.id),
      await createQuestion(api, projectId, category.id, "true_false"),
      await createQuestion(api, projectId, category.id),
    ];
    const quiz = await createQuiz(api, projectId, questions.map((q) => q.id));
    const third = await api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [{ question_id: questions[1].id, selected_option_ids: correctIds(questions[1]) }],
    });
    expect(third.status).toBe(201);
    expect(third.body.score_correct).toBe(1);
    expect(third.body.score_total).toBe(3);
    expect(third.body.percentage).toBeCloseTo(100 / 3, 10);

    const blank = await api.post(`/quizzes/${quiz.id}/submit`, { answers: [] });
    expect(blank.status).toBe(201);
    expect(blank.body).toMatchObject({ score_correct: 0, score_total: 3, percentage: 0 });
    expect(blank.body.results.map((r: Result) => r.is_correct)).toEqual([false, false, false]);
  });

  it("[QUIZ ATTEMPTS] an empty quiz scores 0 of 0 with percentage 0", async () => {
    const { api, projectId } = await owner();
    const quiz = await createQuiz(api, projectId, []);
    const res = await api.post(`/quizzes/${quiz.id}/submit`, { answers: [] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ score_correct: 0, score_total: 0, percentage: 0, results: [] });
  });

  it("[QUIZ ATTEMPTS] an answer for a question not in the quiz, a duplicated question_id or an option of another question is 400 and stores nothing", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestion(api, projectId, category.id);
    const q2 = await createQuestion(api, projectId, category.id, "true_false");
    const outside = await createQuestion(api, projectId, category.id);
    const quiz = await createQuiz(api, projectId, [q1.id, q2.id]);
    const submit = (answers: unknown) => api.post(`/quizzes/${quiz.id}/submit`, { answers });

    expectValidation(await submit([{ question_id: outside.id, selected_option_ids: correctIds(outside) }]), "answers.0.question_id");
    expectValidation(await submit([{ question_id: NO_SUCH_ID, selected_option_ids: [] }]), "answers.0.question_id");
    expectValidation(
      await submit([
        { question_id: q1.id, selected_option_ids: correctIds(q1) },
        { question_id: q1.id, selected_option_ids: wrongIds(q1) },
      ]),
    );
    expectValidation(
      await submit([
        { question_id: q1.id, selected_option_ids: correctIds(q1) },
        { question_id: q2.id, selected_option_ids: [q1.options[0].id] },
      ]),
      "answers.1.selected_option_ids.0",
    );
    expectValidation(await submit([{ question_id: q1.id, selected_option_ids: [NO_SUCH_ID] }]), "answers.0.selected_option_ids.0");
    expectValidation(await submit([{ question_id: q1.id }]), "answers.0.selected_option_ids");
    expectValidation(await submit([{ question_id: "nope", selected_option_ids: [] }]), "answers.0.question_id");
    expectValidation(await api.post(`/quizzes/${quiz.id}/submit`, {}), "answers");
    const notJson = await api.post(`/quizzes/${quiz.id}/submit`, "answers", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe("invalid_json");
    expect(await attemptsOf(quiz.id)).toEqual([]);
  });

  it("[QUIZ ATTEMPTS] submitting to an unknown or malformed quiz id answers 404, without a key 401", async () => {
    const { api, projectId } = await owner();
    expectNotFound(await api.post(`/quizzes/${NO_SUCH_ID}/submit`, { answers: [] }));
    expectNotFound(await api.post(`/quizzes/not-a-uuid/submit`, { answers: [] }));
    const quiz = await createQuiz(api, projectId, []);
    const anonymous = await client().post(`/quizzes/${quiz.id}/submit`, { answers: [] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("unauthorized");
    expect(await attemptsOf(quiz.id)).toEqual([]);
  });

  it("[QUIZ ATTEMPTS] attempts are stored per user, each with its own score", async () => {
    const { projectId, admin, author, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const question = await createQuestion(admin.api, projectId, category.id);
    const quiz = await createQuiz(admin.api, projectId, [question.id]);
    await placeQuiz(admin.api, projectId, quiz.id, { course: true, lesson: true });
    const right = { answers: [{ question_id: question.id, selected_option_ids: correctIds(question) }] };
    const wrong = { answers: [{ question_id: question.id, selected_option_ids: [wrongIds(question)[0]] }] };

    const a1 = await admin.api.post(`/quizzes/${quiz.id}/submit`, right);
    const a2 = await admin.api.post(`/quizzes/${quiz.id}/submit`, wrong);
    const b1 = await author.api.post(`/quizzes/${quiz.id}/submit`, wrong);
    const c1 = await learner.api.post(`/quizzes/${quiz.id}/submit`, right);
    for (const res of [a1, a2, b1, c1]) expect(res.status).toBe(201);
    expect(new Set([a1, a2, b1, c1].map((r) => r.body.attempt_id)).size).toBe(4);

    const attempts = await attemptsOf(quiz.id);
    const byId = new Map(attempts.map((a) => [a.id, a]));
    expect(attempts).toHaveLength(4);
    expect(byId.get(a1.body.attempt_id)).toMatchObject({ userId: admin.user.id, scoreCorrect: 1, scoreTotal: 1 });
    expect(byId.get(a2.body.attempt_id)).toMatchObject({ userId: admin.user.id, scoreCorrect: 0, scoreTotal: 1 });
    expect(byId.get(b1.body.attempt_id)).toMatchObject({ userId: author.user.id, scoreCorrect: 0 });
    expect(byId.get(c1.body.attempt_id)).toMatchObject({ userId: learner.user.id, scoreCorrect: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
describe("[LEARNERS] quizzes and answer keys", () => {
  it("[LEARNERS] a learner gets 404 for the quiz list, GET /quizzes/{id} and every quiz write", async () => {
    const { projectId, admin, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const question = await createQuestion(admin.api, projectId, category.id);
    const quiz = await createQuiz(admin.api, projectId, [question.id]);
    await placeQuiz(admin.api, projectId, quiz.id, { course: true, lesson: true });

    const api = learner.api;
    for (const res of [
      await api.get(`/projects/${projectId}/quizzes`),
      await api.get(`/quizzes/${quiz.id}`),
      await api.post(`/projects/${projectId}/quizzes`, { title: "Learner's" }),
      await api.patch(`/quizzes/${quiz.id}`, { title: "Learner's" }),
      await api.delete(`/quizzes/${quiz.id}`),
    ]) {
      expectNotFound(res);
    }
    expect((await admin.api.get(`/quizzes/${quiz.id}`)).body).toEqual(quiz);
    expect((await admin.api.get(`/projects/${projectId}/quizzes`)).body.quizzes.map((q: Quiz) => q.id)).toEqual([quiz.id]);
  });

  it("[LEARNERS] submitting to a quiz in no visible lesson answers 403 and stores nothing", async () => {
    const { projectId, admin, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const question = await createQuestion(admin.api, projectId, category.id);
    const answers = { answers: [{ question_id: question.id, selected_option_ids: correctIds(question) }] };
    const expectForbidden = async (quizId: string) => {
      const res = await learner.api.post(`/quizzes/${quizId}/submit`, answers);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String), code: "forbidden" });
      expect(JSON.stringify(res.body)).not.toContain("correct_option_ids");
      expect(await attemptsOf(quizId)).toEqual([]);
    };

    const nowhere = await createQuiz(admin.api, projectId, [question.id], "Nowhere");
    await expectForbidden(nowhere.id);

    const draftCourse = await createQuiz(admin.api, projectId, [question.id], "Draft course");
    await placeQuiz(admin.api, projectId, draftCourse.id, { course: false, lesson: true });
    await expectForbidden(draftCourse.id);

    const draftLesson = await createQuiz(admin.api, projectId, [question.id], "Draft lesson");
    await placeQuiz(admin.api, projectId, draftLesson.id, { course: true, lesson: false });
    await expectForbidden(draftLesson.id);

    const blockDeleted = await createQuiz(admin.api, projectId, [question.id], "Block deleted");
    const placed = await placeQuiz(admin.api, projectId, blockDeleted.id, { course: true, lesson: true });
    expect((await admin.api.delete(`/blocks/${placed.block.id}`)).status).toBe(200);
    await expectForbidden(blockDeleted.id);
  });

  it("[LEARNERS] submitting to a quiz placed by a quiz block in a published lesson of a published course answers 201 with the result", async () => {
    const { projectId, admin, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const q1 = await createQuestion(admin.api, projectId, category.id, "multiple");
    const q2 = await createQuestion(admin.api, projectId, category.id, "true_false");
    const quiz = await createQuiz(admin.api, projectId, [q1.id, q2.id]);
    await placeQuiz(admin.api, projectId, quiz.id, { course: true, lesson: true });

    const res = await learner.api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [{ question_id: q1.id, selected_option_ids: correctIds(q1) }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ score_correct: 1, score_total: 2, percentage: 50 });
    expect(res.body.results).toEqual([
      { question_id: q1.id, is_correct: true, selected_option_ids: correctIds(q1), correct_option_ids: correctIds(q1) },
      { question_id: q2.id, is_correct: false, selected_option_ids: [], correct_option_ids: correctIds(q2) },
    ]);
    const attempts = await attemptsOf(quiz.id);
    expect(attempts.map((a) => [a.id, a.userId])).toEqual([[res.body.attempt_id, learner.user.id]]);
  });

  it("[LEARNERS] a learner's view of question and quiz blocks never includes is_correct, before or after submitting", async () => {
    const { projectId, admin, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const question = await createQuestion(admin.api, projectId, category.id);
    const quiz = await createQuiz(admin.api, projectId, [question.id], "Placed quiz");
    const course = await createCourse(admin.api, projectId);
    const mod = await createModule(admin.api, course.id);
    const lesson = await createLesson(admin.api, mod.id);
    const questionBlock = await createBlock(admin.api, lesson.id, { type: "question", question_id: question.id, question_role: "checkpoint" });
    const quizBlock = await createBlock(admin.api, lesson.id, { type: "quiz", quiz_id: quiz.id });
    expect((await admin.api.post(`/courses/${course.id}/publish`)).status).toBe(200);

    // The editor sees the answer key; the learner sees the same options without it.
    const editorView = await admin.api.get(`/blocks/${questionBlock.id}`);
    expect(editorView.body.question.options.map((o: Option) => o.is_correct)).toEqual([false, true, false]);

    const readAll = async () => {
      const reads = [
        await learner.api.get(`/lessons/${lesson.id}/blocks`),
        await learner.api.get(`/blocks/${questionBlock.id}`),
        await learner.api.get(`/blocks/${quizBlock.id}`),
        await learner.api.get(`/courses/${course.id}`),
        await learner.api.get(`/projects/${projectId}`),
      ];
      for (const res of reads) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain("is_correct");
      }
      const block = reads[1].body;
      expect(block.question.id).toBe(question.id);
      expect(block.question.options).toEqual(question.options.map(({ id, label, sort_order }) => ({ id, label, sort_order })));
      expect(reads[2].body.quiz).toEqual({ id: quiz.id, title: "Placed quiz" });
      const blocks = reads[0].body.blocks;
      expect(blocks.map((b: { id: string }) => b.id)).toEqual([questionBlock.id, quizBlock.id]);
      const inTree = reads[4].body.courses[0].modules[0].lessons[0].blocks[0];
      expect(inTree.question.options).toHaveLength(3);
    };
    await readAll();
    const submitted = await learner.api.post(`/quizzes/${quiz.id}/submit`, { answers: [] });
    expect(submitted.status).toBe(201);
    expect(submitted.body.results[0].correct_option_ids).toEqual(correctIds(question));
    await readAll();
  });
});

// ---------------------------------------------------------------------------------------------
/** A course with two modules: "Basics" (lessons A with 2 blocks, B with 1) and "Advanced" (lesson C with 1). */
async function courseTree(api: Api, projectId: string, title = "Intro course") {
  const course = await createCourse(api, projectId, title);
  const basics = await createModule(api, course.id, "Basics");
  const advanced = await createModule(api, course.id, "Advanced");
  const lessonA = await createLesson(api, basics.id, "Lesson A");
  const lessonB = await createLesson(api, basics.id, "Lesson B");
  const lessonC = await createLesson(api, advanced.id, "Lesson C");
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
  return res.body.items as { kind: string; id: string; title: string; context: string | null; deleted_at: string; deleted_by_name: string | null }[];
};

const restore = (api: Api, projectId: string, kind: string, id: string) => api.post(`/projects/${projectId}/trash/restore`, { kind, id });

describe("[TRASH] GET /projects/{projectId}/trash", () => {
  it("[TRASH] lists what DELETE was called on, newest first, with title, context and deleted_by_name, not the descendants swept along", async () => {
    const { api, projectId, user } = await owner();
    const tree = await courseTree(api, projectId);
    const category = await createCategory(api, projectId, "Geometry");
    const family = await createFamily(api, projectId, "Angle variants");
    const question = await createQuestion(api, projectId, category.id, "single", { prompt: "How many degrees in a right angle?" });
    const quiz = await createQuiz(api, projectId, [], "Angles quiz");
    const otherCategory = await createCategory(api, projectId, "Doomed category");
    await createQuestion(api, projectId, otherCategory.id);

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
    for (const [, path] of order) {
      expect((await api.delete(path)).status).toBe(200);
      await nextMillisecond();
    }

    const res = await api.get(`/projects/${projectId}/trash`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["has_more", "items", "limit", "offset"]);
    expect(res.body).toMatchObject({ has_more: false, limit: 500, offset: 0 });
    const items = res.body.items;
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(["context", "deleted_at", "deleted_by_name", "id", "kind", "title"]);
      expect(item.deleted_at).toMatch(ISO);
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
    expect(items.map((i: { id: string }) => i.id)).toEqual(
      [tree.course.id, otherCategory.id, family.id, quiz.id, question.id, tree.advanced.id, tree.lessonB.id, tree.blocks[0].id],
    );
  });

  it("[TRASH] limit=1 walks every trash item exactly once, newest first", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const q = await createQuestion(api, projectId, category.id);
      await api.delete(`/questions/${q.id}`);
      ids.unshift(q.id);
      await nextMillisecond();
    }
    expect(await walk(api, `/projects/${projectId}/trash`, "items")).toEqual(ids);
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

  it("[TRASH] a lesson deleted before its course stays in the trash when the course is restored, and cannot be restored first", async () => {
    const { api, projectId } = await owner();
    const tree = await courseTree(api, projectId);
    expect((await api.delete(`/lessons/${tree.lessonA.id}`)).status).toBe(200);
    await nextMillisecond();
    expect((await api.delete(`/courses/${tree.course.id}`)).status).toBe(200);
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
    expect(lessons.map((l: { id: string; position: number }) => [l.id, l.position])).toEqual([[tree.lessonA.id, 0], [tree.lessonB.id, 1]]);
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
      await createCourse(api, projectId, "C0"),
      await createCourse(api, projectId, "C1"),
      await createCourse(api, projectId, "C2"),
    ];
    await api.delete(`/courses/${courses[1].id}`);
    const positions = async () =>
      (await api.get(`/projects/${projectId}/courses`)).body.courses.map((c: { title: string; position: number }) => [c.title, c.position]);
    expect(await positions()).toEqual([["C0", 0], ["C2", 1]]);
    expect((await restore(api, projectId, "course", courses[1].id)).status).toBe(200);
    expect(await positions()).toEqual([["C0", 0], ["C1", 1], ["C2", 2]]);
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
    expect(await positions()).toEqual([[b1.id, 0], [b2.id, 1]]);
    expect((await restore(api, projectId, "block", b0.id)).status).toBe(200);
    expect(await positions()).toEqual([[b0.id, 0], [b1.id, 1], [b2.id, 2]]);
  });

  it("[TRASH] a block whose question or quiz is in the trash reads question: null / quiz: null, and shows it again after restore", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const question = await createQuestion(api, projectId, category.id);
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
    expect(blocks.map((b: { question: unknown; quiz: unknown }) => [b.question, b.quiz])).toEqual([[null, null], [null, null]]);
    expect((await api.get(`/blocks/${qBlock.id}`)).body.question).toBeNull();
    expect((await api.get(`/blocks/${zBlock.id}`)).body.quiz).toBeNull();
    const tree = (await api.get(`/courses/${course.id}`)).body.modules[0].lessons[0].blocks;
    expect(tree.map((b: { question: unknown; quiz: unknown }) => [b.question, b.quiz])).toEqual([[null, null], [null, null]]);

    expect((await restore(api, projectId, "question", question.id)).body).toEqual({ success: true, kind: "question", id: question.id, restored_count: 1 });
    expect((await restore(api, projectId, "quiz", quiz.id)).body).toEqual({ success: true, kind: "quiz", id: quiz.id, restored_count: 1 });
    expect((await api.get(`/blocks/${qBlock.id}`)).body.question).toEqual(question);
    expect((await api.get(`/blocks/${zBlock.id}`)).body.quiz).toEqual({ id: quiz.id, title: "Linked quiz" });
    expect((await api.get(`/quizzes/${quiz.id}`)).body.questions).toEqual([question]);
  });

  it("[TRASH] deleting a category sends its questions to the trash with it; restoring it brings back exactly those", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId, "Algebra");
    const early = await createQuestion(api, projectId, category.id, "single", { prompt: "Deleted on its own" });
    const q1 = await createQuestion(api, projectId, category.id);
    const q2 = await createQuestion(api, projectId, category.id, "multiple");
    const course = await createCourse(api, projectId);
    const lesson = await createLesson(api, (await createModule(api, course.id)).id);
    const block = await createBlock(api, lesson.id, { type: "question", question_id: q1.id, question_role: "review" });

    await api.delete(`/questions/${early.id}`);
    await nextMillisecond();
    expect((await api.delete(`/categories/${category.id}`)).status).toBe(200);
    expect((await trashOf(api, projectId)).map((i) => [i.kind, i.id])).toEqual([["category", category.id], ["question", early.id]]);
    expectNotFound(await api.get(`/questions/${q1.id}`));
    expect((await api.get(`/projects/${projectId}/questions`)).body.questions).toEqual([]);
    expect((await api.get(`/blocks/${block.id}`)).body.question).toBeNull();

    const tooEarly = await restore(api, projectId, "question", early.id);
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body).toEqual({ error: expect.any(String), code: "parent_in_trash", details: { kind: "category", id: category.id, trash_item: { kind: "category", id: category.id } } });

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
    const v1 = await createQuestion(api, projectId, category.id, "single", { question_family_id: family.id });
    const v2 = await createQuestion(api, projectId, category.id, "true_false", { question_family_id: family.id });
    const loose = await createQuestion(api, projectId, category.id);

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
    const live = await createQuestion(api, projectId, category.id);
    const otherProject = await newProject(api, personalWorkspace.id);
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
    const second = await newProject(api, personalWorkspace.id, "Second project");
    await newProject(api, personalWorkspace.id, "Kept project");
    expect((await api.delete(`/projects/${projectId}`)).body).toEqual({ success: true, id: projectId });
    await nextMillisecond();
    expect((await api.delete(`/projects/${second}`)).status).toBe(200);

    const res = await api.get("/projects/deleted");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["projects"]);
    const workspace = { id: personalWorkspace.id, name: personalWorkspace.name, kind: "personal" };
    expect(res.body.projects).toEqual([
      { id: second, name: "Second project", workspace, deleted_at: expect.stringMatching(ISO), deleted_by_name: user.name },
      { id: projectId, name: "Quiz project", workspace, deleted_at: expect.stringMatching(ISO), deleted_by_name: user.name },
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
    const question = await createQuestion(api, projectId, category.id, "single", { question_family_id: family.id });
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
    expect(res.body).toMatchObject({ id: projectId, name: "Quiz project", workspace: before.project.workspace, created_at: before.project.created_at });

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
        deleted_at: expect.stringMatching(ISO),
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
    const question = await createQuestion(a.api, a.projectId, category.id);
    const quiz = await createQuiz(a.api, a.projectId, [question.id]);
    const trashed = await createQuiz(a.api, a.projectId, [], "Trashed");
    await a.api.delete(`/quizzes/${trashed.id}`);
    const doomed = await newProject(a.api, a.personalWorkspace.id, "Deleted project");
    await a.api.delete(`/projects/${doomed}`);
    const before = {
      quizzes: (await a.api.get(`/projects/${a.projectId}/quizzes`)).body,
      quiz: (await a.api.get(`/quizzes/${quiz.id}`)).body,
      trash: (await a.api.get(`/projects/${a.projectId}/trash`)).body,
      deleted: (await a.api.get("/projects/deleted")).body,
    };

    const api = b.api;
    const answers = { answers: [{ question_id: question.id, selected_option_ids: correctIds(question) }] };
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
    expect(await attemptsOf(quiz.id)).toEqual([]);
    expect((await b.api.get(`/projects/${b.projectId}/quizzes`)).body.quizzes).toEqual([]);
  });
});
