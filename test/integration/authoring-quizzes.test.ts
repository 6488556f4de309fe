/**
 * Quizzes and quiz attempts over HTTP (course-authoring-service.md, Quizzes; contract.md, Quiz
 * attempts and Roles).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "@/lib/api/errors";
import { scoreSubmission } from "@/lib/authoring/quizzes/quizzes";
import { getDb } from "@/lib/db/client";
import { expectNotFound, expectValidation, ISO_RE, NO_SUCH_ID, UUID_RE, walkIds } from "../expect";
import {
  type Api,
  authoringClient,
  backdate,
  callerOf,
  correctOptionIds,
  createBlock,
  createCategory,
  createCourse,
  createdInOrder,
  createLesson,
  createModule,
  createProject,
  createQuestionOfKind,
  createQuiz,
  newUserWithProject,
  quizAttempts,
  seedTeamWithProject,
  wrongOptionIds,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Option = { id: string; label: string; sort_order: number; is_correct: boolean };
type Question = { id: string; question_type: string; options: Option[]; [key: string]: unknown };
type Quiz = {
  id: string;
  project_id: string;
  title: string;
  pass_percentage: number;
  questions: Question[];
  created_at: string;
  updated_at: string;
};
type Result = { question_id: string; is_correct: boolean; selected_option_ids: string[]; correct_option_ids: string[] };

const client = (key?: string) => authoringClient(server, key);
/** A new user with a project in their personal workspace. */
const owner = () => newUserWithProject(server, "Quiz project");
/** A team workspace with an admin (who made the project), an author and a learner. */
const team = () => seedTeamWithProject(server);

/** course > module > lesson with a quiz block, published as asked. */
async function placeQuiz(api: Api, projectId: string, quizId: string, state: { course: boolean; lesson: boolean }) {
  const course = await createCourse(api, projectId, { title: "Quiz course" });
  const mod = await createModule(api, course.id);
  const lesson = await createLesson(api, mod.id);
  const block = await createBlock(api, lesson.id, { type: "quiz", quiz_id: quizId });
  if (state.course) expect((await api.post(`/courses/${course.id}/publish`)).status).toBe(200);
  if (state.lesson && !state.course) expect((await api.post(`/lessons/${lesson.id}/publish`)).status).toBe(200);
  if (!state.lesson && state.course) expect((await api.post(`/lessons/${lesson.id}/unpublish`)).status).toBe(200);
  return { course, module: mod, lesson, block };
}

// ---------------------------------------------------------------------------------------------
describe("[QUIZZES] POST /projects/{projectId}/quizzes and GET /quizzes/{quizId}", () => {
  it("[QUIZZES] creating a quiz answers 201 QuizDetail whose questions follow the order of question_ids", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestionOfKind(api, projectId, category.id, "single");
    const q2 = await createQuestionOfKind(api, projectId, category.id, "multiple");
    const q3 = await createQuestionOfKind(api, projectId, category.id, "true_false");
    const res = await api.post(`/projects/${projectId}/quizzes`, { title: "  Week 1  ", question_ids: [q3.id, q1.id, q2.id], x: 1 });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "id", "pass_percentage", "project_id", "questions", "title", "updated_at"]);
    expect(res.body.pass_percentage).toBe(70);
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.project_id).toBe(projectId);
    expect(res.body.title).toBe("Week 1");
    expect(res.body.created_at).toMatch(ISO_RE);
    expect(res.body.updated_at).toMatch(ISO_RE);
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
    const q1 = await createQuestionOfKind(api, projectId, category.id);
    const gone = await createQuestionOfKind(api, projectId, category.id);
    await api.delete(`/questions/${gone.id}`);
    const otherProject = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    const foreign = await createQuestionOfKind(api, otherProject, (await createCategory(api, otherProject)).id);

    expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Dup", question_ids: [q1.id, q1.id] }));
    expectValidation(
      await api.post(`/projects/${projectId}/quizzes`, { title: "Foreign", question_ids: [q1.id, foreign.id] }),
      "question_ids.1",
    );
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
    const q1 = await createQuestionOfKind(api, projectId, category.id);
    const q2 = await createQuestionOfKind(api, projectId, category.id, "true_false");
    const quiz = await backdate("quizzes", await createQuiz(api, projectId, [q2.id, q1.id]));
    const res = await api.patch(`/quizzes/${quiz.id}`, { title: "Renamed" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...quiz, title: "Renamed", updated_at: expect.stringMatching(ISO_RE) });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(quiz.updated_at).getTime());
    expect((await api.get(`/quizzes/${quiz.id}`)).body).toEqual(res.body);
  });

  it("[QUIZZES] question_ids replaces the entire set in the order given", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const [q1, q2, q3] = [
      await createQuestionOfKind(api, projectId, category.id),
      await createQuestionOfKind(api, projectId, category.id, "multiple"),
      await createQuestionOfKind(api, projectId, category.id, "true_false"),
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
    const q1 = await createQuestionOfKind(api, projectId, category.id);
    const q2 = await createQuestionOfKind(api, projectId, category.id);
    const otherProject = (await createProject(api, { workspace_id: personalWorkspace.id })).id;
    const foreign = await createQuestionOfKind(api, otherProject, (await createCategory(api, otherProject)).id);
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

describe("[QUIZZES] pass_percentage, the pass mark (decision 066)", () => {
  it("[QUIZZES] is 70 unless set; set on create and by PATCH from 0 to 100, alone or with other fields; read back in detail and list", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestionOfKind(api, projectId, category.id);
    const strict = await api.post(`/projects/${projectId}/quizzes`, { title: "Strict", pass_percentage: 85, question_ids: [q1.id] });
    expect(strict.status).toBe(201);
    expect(strict.body.pass_percentage).toBe(85);

    const zero = await api.patch(`/quizzes/${strict.body.id}`, { pass_percentage: 0 });
    expect(zero.status).toBe(200);
    expect(zero.body).toEqual({ ...strict.body, pass_percentage: 0, updated_at: zero.body.updated_at });
    const both = await api.patch(`/quizzes/${strict.body.id}`, { title: "Final check", pass_percentage: 100 });
    expect(both.body).toMatchObject({ title: "Final check", pass_percentage: 100, questions: strict.body.questions });
    // A title alone leaves the mark as it is.
    expect((await api.patch(`/quizzes/${strict.body.id}`, { title: "Renamed" })).body.pass_percentage).toBe(100);
    expect((await api.get(`/quizzes/${strict.body.id}`)).body.pass_percentage).toBe(100);
    const list = await api.get(`/projects/${projectId}/quizzes`);
    expect(list.body.quizzes.map((q: Quiz) => q.pass_percentage)).toEqual([100]);
  });

  it("[QUIZZES] a mark outside 0..100, a fraction, text or null is 400 naming pass_percentage, and creates or changes nothing", async () => {
    const { api, projectId } = await owner();
    const quiz = await createQuiz(api, projectId, []);
    for (const bad of [-1, 101, 70.5, "70", null, true]) {
      expectValidation(await api.post(`/projects/${projectId}/quizzes`, { title: "Bad", pass_percentage: bad }), "pass_percentage");
      expectValidation(await api.patch(`/quizzes/${quiz.id}`, { pass_percentage: bad }), "pass_percentage");
    }
    expect((await api.get(`/projects/${projectId}/quizzes`)).body.quizzes).toHaveLength(1);
    expect((await api.get(`/quizzes/${quiz.id}`)).body).toEqual(quiz);
  });

  it("[QUIZZES] a learner of the workspace cannot change it", async () => {
    const { admin, learner, projectId } = await team();
    const quiz = await createQuiz(admin.api, projectId, []);
    // Learners load a quiz only to take it: to them it is not there (the authorization matrix).
    expectNotFound(await learner.api.patch(`/quizzes/${quiz.id}`, { pass_percentage: 10 }));
    expect((await admin.api.get(`/quizzes/${quiz.id}`)).body.pass_percentage).toBe(70);
  });
});

describe("[QUIZZES] GET /projects/{projectId}/quizzes and DELETE /quizzes/{quizId}", () => {
  it("[QUIZZES] lists the project's quizzes newest first with question_count instead of questions", async () => {
    const { api, projectId, personalWorkspace } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestionOfKind(api, projectId, category.id);
    const q2 = await createQuestionOfKind(api, projectId, category.id);
    const [first, second, third] = await createdInOrder("quizzes", [
      await createQuiz(api, projectId, [q1.id, q2.id], "First"),
      await createQuiz(api, projectId, [], "Second"),
      await createQuiz(api, projectId, [q2.id], "Third"),
    ]);
    await createQuiz(api, (await createProject(api, { workspace_id: personalWorkspace.id })).id, [], "Elsewhere");

    const res = await api.get(`/projects/${projectId}/quizzes`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["has_more", "limit", "offset", "quizzes"]);
    expect(res.body).toMatchObject({ has_more: false, limit: 500, offset: 0 });
    expect(res.body.quizzes).toEqual(
      [
        [third, 1],
        [second, 0],
        [first, 2],
      ].map(([quiz, count]) => {
        const { questions: _questions, ...summary } = quiz as Quiz;
        return { ...summary, question_count: count };
      }),
    );
    expect(await walkIds(api, `/projects/${projectId}/quizzes`, "quizzes")).toEqual([third.id, second.id, first.id]);
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
    const single = await createQuestionOfKind(api, projectId, category.id, "single");
    const multiple = await createQuestionOfKind(api, projectId, category.id, "multiple");
    const trueFalse = await createQuestionOfKind(api, projectId, category.id, "true_false");
    const unanswered = await createQuestionOfKind(api, projectId, category.id, "single");
    const quiz = await createQuiz(api, projectId, [single.id, multiple.id, trueFalse.id, unanswered.id]);

    const res = await api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [
        { question_id: trueFalse.id, selected_option_ids: wrongOptionIds(trueFalse) },
        { question_id: multiple.id, selected_option_ids: [correctOptionIds(multiple)[0]] },
        { question_id: single.id, selected_option_ids: correctOptionIds(single) },
      ],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["attempt_id", "created_at", "percentage", "results", "score_correct", "score_total"]);
    expect(res.body.attempt_id).toMatch(UUID_RE);
    expect(res.body.created_at).toMatch(ISO_RE);
    expect(res.body.score_correct).toBe(1);
    expect(res.body.score_total).toBe(4);
    expect(res.body.percentage).toBe(25);
    expect(res.body.results).toEqual([
      {
        question_id: single.id,
        is_correct: true,
        selected_option_ids: correctOptionIds(single),
        correct_option_ids: correctOptionIds(single),
      },
      {
        question_id: multiple.id,
        is_correct: false,
        selected_option_ids: [correctOptionIds(multiple)[0]],
        correct_option_ids: correctOptionIds(multiple),
      },
      {
        question_id: trueFalse.id,
        is_correct: false,
        selected_option_ids: wrongOptionIds(trueFalse),
        correct_option_ids: correctOptionIds(trueFalse),
      },
      { question_id: unanswered.id, is_correct: false, selected_option_ids: [], correct_option_ids: correctOptionIds(unanswered) },
    ]);

    const [attempt] = await quizAttempts(quiz.id);
    expect(attempt).toMatchObject({ id: res.body.attempt_id, userId: user.id, scoreCorrect: 1, scoreTotal: 4, percentage: 25 });
  });

  it("[QUIZ ATTEMPTS] a multiple choice scores 1 only for exactly its correct set, in any order", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const multiple = await createQuestionOfKind(api, projectId, category.id, "multiple");
    const quiz = await createQuiz(api, projectId, [multiple.id]);
    const submit = (selected: string[]) =>
      api.post(`/quizzes/${quiz.id}/submit`, { answers: [{ question_id: multiple.id, selected_option_ids: selected }] });

    const exact = await submit([...correctOptionIds(multiple)].reverse());
    expect(exact.status).toBe(201);
    expect(exact.body).toMatchObject({ score_correct: 1, score_total: 1, percentage: 100 });
    expect(exact.body.results[0].is_correct).toBe(true);

    const extra = await submit([...correctOptionIds(multiple), wrongOptionIds(multiple)[0]]);
    expect(extra.body).toMatchObject({ score_correct: 0, score_total: 1, percentage: 0 });
    const none = await submit([]);
    expect(none.body).toMatchObject({ score_correct: 0, score_total: 1, percentage: 0 });
    expect(none.body.results[0]).toEqual({
      question_id: multiple.id,
      is_correct: false,
      selected_option_ids: [],
      correct_option_ids: correctOptionIds(multiple),
    });
  });

  it("[QUIZ ATTEMPTS] percentage is 100 * correct / total as a float, and 0 with no answers", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const questions = [
      await createQuestionOfKind(api, projectId, category.id),
      await createQuestionOfKind(api, projectId, category.id, "true_false"),
      await createQuestionOfKind(api, projectId, category.id),
    ];
    const quiz = await createQuiz(
      api,
      projectId,
      questions.map((q) => q.id),
    );
    const third = await api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [{ question_id: questions[1].id, selected_option_ids: correctOptionIds(questions[1]) }],
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

  it("[QUIZ ATTEMPTS] the quiz is scored in its current order, without a question in the trash; answering that question is 400", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const [a, b, c] = [
      await createQuestionOfKind(api, projectId, category.id, "single"),
      await createQuestionOfKind(api, projectId, category.id, "multiple"),
      await createQuestionOfKind(api, projectId, category.id, "true_false"),
    ];
    const quiz = await createQuiz(api, projectId, [a.id, b.id, c.id]);
    expect((await api.patch(`/quizzes/${quiz.id}`, { question_ids: [c.id, b.id, a.id] })).status).toBe(200);
    expect((await api.delete(`/questions/${b.id}`)).status).toBe(200);

    const res = await api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [{ question_id: a.id, selected_option_ids: correctOptionIds(a) }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ score_correct: 1, score_total: 2, percentage: 50 });
    expect(res.body.results).toEqual([
      { question_id: c.id, is_correct: false, selected_option_ids: [], correct_option_ids: correctOptionIds(c) },
      { question_id: a.id, is_correct: true, selected_option_ids: correctOptionIds(a), correct_option_ids: correctOptionIds(a) },
    ]);
    const before = (await quizAttempts(quiz.id)).length;
    expectValidation(
      await api.post(`/quizzes/${quiz.id}/submit`, { answers: [{ question_id: b.id, selected_option_ids: correctOptionIds(b) }] }),
      "answers.0.question_id",
    );
    expect(await quizAttempts(quiz.id)).toHaveLength(before);
  });

  it("[QUIZ ATTEMPTS] an answer for a question not in the quiz, a duplicated question_id or an option of another question is 400 and stores nothing", async () => {
    const { api, projectId } = await owner();
    const category = await createCategory(api, projectId);
    const q1 = await createQuestionOfKind(api, projectId, category.id);
    const q2 = await createQuestionOfKind(api, projectId, category.id, "true_false");
    const outside = await createQuestionOfKind(api, projectId, category.id);
    const quiz = await createQuiz(api, projectId, [q1.id, q2.id]);
    const submit = (answers: unknown) => api.post(`/quizzes/${quiz.id}/submit`, { answers });

    expectValidation(await submit([{ question_id: outside.id, selected_option_ids: correctOptionIds(outside) }]), "answers.0.question_id");
    expectValidation(await submit([{ question_id: NO_SUCH_ID, selected_option_ids: [] }]), "answers.0.question_id");
    expectValidation(
      await submit([
        { question_id: q1.id, selected_option_ids: correctOptionIds(q1) },
        { question_id: q1.id, selected_option_ids: wrongOptionIds(q1) },
      ]),
    );
    expectValidation(
      await submit([
        { question_id: q1.id, selected_option_ids: correctOptionIds(q1) },
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
    expect(await quizAttempts(quiz.id)).toEqual([]);
  });

  it("[QUIZ ATTEMPTS] submitting to an unknown or malformed quiz id answers 404, without a key 401", async () => {
    const { api, projectId } = await owner();
    expectNotFound(await api.post(`/quizzes/${NO_SUCH_ID}/submit`, { answers: [] }));
    expectNotFound(await api.post(`/quizzes/not-a-uuid/submit`, { answers: [] }));
    const quiz = await createQuiz(api, projectId, []);
    const anonymous = await client().post(`/quizzes/${quiz.id}/submit`, { answers: [] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("unauthorized");
    expect(await quizAttempts(quiz.id)).toEqual([]);
  });

  it("[QUIZ ATTEMPTS] attempts are stored per user, each with its own score", async () => {
    const { projectId, admin, author, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const question = await createQuestionOfKind(admin.api, projectId, category.id);
    const quiz = await createQuiz(admin.api, projectId, [question.id]);
    await placeQuiz(admin.api, projectId, quiz.id, { course: true, lesson: true });
    const right = { answers: [{ question_id: question.id, selected_option_ids: correctOptionIds(question) }] };
    const wrong = { answers: [{ question_id: question.id, selected_option_ids: [wrongOptionIds(question)[0]] }] };

    const a1 = await admin.api.post(`/quizzes/${quiz.id}/submit`, right);
    const a2 = await admin.api.post(`/quizzes/${quiz.id}/submit`, wrong);
    const b1 = await author.api.post(`/quizzes/${quiz.id}/submit`, wrong);
    const c1 = await learner.api.post(`/quizzes/${quiz.id}/submit`, right);
    for (const res of [a1, a2, b1, c1]) expect(res.status).toBe(201);
    expect(new Set([a1, a2, b1, c1].map((r) => r.body.attempt_id)).size).toBe(4);

    const attempts = await quizAttempts(quiz.id);
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
    const question = await createQuestionOfKind(admin.api, projectId, category.id);
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
    const question = await createQuestionOfKind(admin.api, projectId, category.id);
    const answers = { answers: [{ question_id: question.id, selected_option_ids: correctOptionIds(question) }] };
    const expectForbidden = async (quizId: string) => {
      const res = await learner.api.post(`/quizzes/${quizId}/submit`, answers);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String), code: "forbidden" });
      expect(JSON.stringify(res.body)).not.toContain("correct_option_ids");
      expect(await quizAttempts(quizId)).toEqual([]);
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
    const q1 = await createQuestionOfKind(admin.api, projectId, category.id, "multiple");
    const q2 = await createQuestionOfKind(admin.api, projectId, category.id, "true_false");
    const quiz = await createQuiz(admin.api, projectId, [q1.id, q2.id]);
    await placeQuiz(admin.api, projectId, quiz.id, { course: true, lesson: true });

    const res = await learner.api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [{ question_id: q1.id, selected_option_ids: correctOptionIds(q1) }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ score_correct: 1, score_total: 2, percentage: 50 });
    expect(res.body.results).toEqual([
      { question_id: q1.id, is_correct: true, selected_option_ids: correctOptionIds(q1), correct_option_ids: correctOptionIds(q1) },
      { question_id: q2.id, is_correct: false, selected_option_ids: [], correct_option_ids: correctOptionIds(q2) },
    ]);
    const attempts = await quizAttempts(quiz.id);
    expect(attempts.map((a) => [a.id, a.userId])).toEqual([[res.body.attempt_id, learner.user.id]]);
  });

  it("[LEARNERS] a learner's view of question and quiz blocks never includes is_correct, before or after submitting", async () => {
    const { projectId, admin, learner } = await team();
    const category = await createCategory(admin.api, projectId);
    const question = await createQuestionOfKind(admin.api, projectId, category.id);
    const quiz = await createQuiz(admin.api, projectId, [question.id], "Placed quiz");
    const course = await createCourse(admin.api, projectId);
    const mod = await createModule(admin.api, course.id);
    const lesson = await createLesson(admin.api, mod.id);
    const questionBlock = await createBlock(admin.api, lesson.id, {
      type: "question",
      question_id: question.id,
      question_role: "checkpoint",
    });
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
    expect(submitted.body.results[0].correct_option_ids).toEqual(correctOptionIds(question));
    await readAll();
  });
});

// ---------------------------------------------------------------------------------------------
describe("[QUIZZES] scoring read with the API key and read on its own", () => {
  it("[QUIZZES] a submission with a key scores and refuses exactly as the object path (a session, an agent tool) does", async () => {
    const { projectId, admin, author, learner } = await team();
    const outsider = (await seedTeamWithProject(server)).admin;
    const category = await createCategory(admin.api, projectId);
    const q1 = await createQuestionOfKind(admin.api, projectId, category.id, "multiple");
    const q2 = await createQuestionOfKind(admin.api, projectId, category.id, "true_false");
    const gone = await createQuestionOfKind(admin.api, projectId, category.id, "single");
    const quizWith = (title: string) => createQuiz(admin.api, projectId, [q2.id, gone.id, q1.id], title);
    const placed = await quizWith("Placed");
    await placeQuiz(admin.api, projectId, placed.id, { course: true, lesson: true });
    const draftLesson = await quizWith("Draft lesson");
    await placeQuiz(admin.api, projectId, draftLesson.id, { course: true, lesson: false });
    const nowhere = await quizWith("Nowhere");
    const trashed = await quizWith("Trashed");
    await placeQuiz(admin.api, projectId, trashed.id, { course: true, lesson: true });
    expect((await admin.api.delete(`/quizzes/${trashed.id}`)).status).toBe(200);
    expect((await admin.api.delete(`/questions/${gone.id}`)).status).toBe(200);

    const answers = {
      answers: [
        { question_id: q1.id, selected_option_ids: correctOptionIds(q1) },
        { question_id: q2.id, selected_option_ids: wrongOptionIds(q2) },
      ],
    };
    /** The object path: the quiz read through Prisma, scored, nothing stored. */
    const objectPath = async (m: typeof admin, quizId: string) => {
      try {
        const scored = await scoreSubmission(await getDb(), callerOf(m), quizId, answers);
        const { scoreCorrect, scoreTotal, percentage, results } = scored;
        return { status: 201, body: { score_correct: scoreCorrect, score_total: scoreTotal, percentage, results } };
      } catch (error) {
        return { status: (error as AppError).status, body: { code: (error as AppError).code } };
      }
    };
    const statuses: Record<string, number[]> = {};
    for (const quiz of [placed, draftLesson, nowhere, trashed, { id: NO_SUCH_ID }]) {
      for (const m of [admin, author, learner, outsider]) {
        const expected = await objectPath(m, quiz.id);
        const res = await m.api.post(`/quizzes/${quiz.id}/submit`, answers);
        expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
        expect(res.body).toMatchObject(expected.body);
        (statuses[quiz.id] ??= []).push(res.status);
      }
    }
    // Admin, author, learner, outsider: authors take any quiz, learners only a placed one, nobody one in the trash.
    expect(statuses[placed.id]).toEqual([201, 201, 201, 404]);
    expect(statuses[draftLesson.id]).toEqual([201, 201, 403, 404]);
    expect(statuses[nowhere.id]).toEqual([201, 201, 403, 404]);
    expect(statuses[trashed.id]).toEqual([404, 404, 404, 404]);
    // Scored in quiz order, without the question in the trash.
    const res = await learner.api.post(`/quizzes/${placed.id}/submit`, answers);
    expect(res.body).toMatchObject({ score_correct: 1, score_total: 2, percentage: 50 });
    expect(res.body.results.map((r: Result) => r.question_id)).toEqual([q2.id, q1.id]);
    const foreign = await learner.api.post(`/quizzes/${placed.id}/submit`, {
      answers: [{ question_id: gone.id, selected_option_ids: [] }],
    });
    expectValidation(foreign, "answers.0.question_id");
  });
});
