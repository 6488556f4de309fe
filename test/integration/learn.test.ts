import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../api-client";
import {
  createBlock,
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createQuestion,
  createQuiz,
  newUser,
  seedUser,
  teamWorkspace,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A team workspace with a published course (2 lessons, the second a draft), a quiz, and a learner. */
async function classroom() {
  const author = await newUser(server, { name: "Author" });
  const learner = await newUser(server, { name: "Learner" });
  const team = await teamWorkspace(author, [{ user: learner, role: "learner" }], "Academy");
  const api = author.api;
  const project = await createProject(api, { name: "P", workspace_id: team.id });
  const course = await createCourse(api, project.id, { title: "Course" });
  const mod = await createModule(api, course.id, { title: "Module" });
  const first = await createLesson(api, mod.id, { title: "First" });
  const second = await createLesson(api, mod.id, { title: "Second" });
  const category = await createCategory(api, project.id, "C");
  const question = await createQuestion(api, project.id, {
    category_id: category.id,
    prompt: "2 + 2?",
    question_type: "single_choice",
    difficulty: 1,
    options: [
      { label: "4", is_correct: true },
      { label: "5", is_correct: false },
    ],
  });
  const quiz = await createQuiz(api, project.id, [question.id], "Check");
  await createBlock(api, first.id, { type: "text", content: { body: "Hello" } });
  await createBlock(api, first.id, { type: "question", question_id: question.id, question_role: "practice" });
  await createBlock(api, first.id, { type: "quiz", quiz_id: quiz.id });
  await api.post(`/courses/${course.id}/publish`);
  await api.post(`/lessons/${second.id}/unpublish`);
  const learn = apiClient(`${server.url}/api`, learner.key);
  return { author, learner, api, learn, project, course, first, second, question, quiz };
}

describe("[LEARN] the learner's side", () => {
  it("sends a learner's lesson without answer keys until the quiz is submitted, then reveals them in the result only", async () => {
    const ctx = await classroom();
    const { learn, first, question, quiz } = ctx;
    const lesson = await learn.get(`/learn/lessons/${first.id}`);
    expect(lesson.status).toBe(200);
    expect(JSON.stringify(lesson.body)).not.toContain("is_correct");
    expect(lesson.body.blocks.map((b: { type: string }) => b.type)).toEqual(["text", "question", "quiz"]);
    const taking = await learn.get(`/learn/quizzes/${quiz.id}`);
    expect(JSON.stringify(taking.body)).not.toContain("is_correct");
    expect(taking.body.questions[0].options.map((o: { label: string }) => o.label)).toEqual(["4", "5"]);

    const { learner } = ctx;
    const result = await learner.api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [{ question_id: question.id, selected_option_ids: [question.options[1].id] }],
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ score_correct: 0, score_total: 1, percentage: 0 });
    expect(result.body.results).toEqual([
      {
        question_id: question.id,
        is_correct: false,
        selected_option_ids: [question.options[1].id],
        correct_option_ids: [question.options[0].id],
      },
    ]);
    // The answer key stays out of what the learner reads, before and after.
    expect(JSON.stringify((await learn.get(`/learn/lessons/${first.id}`)).body)).not.toContain("is_correct");
    expect(JSON.stringify((await learn.get(`/learn/quizzes/${quiz.id}`)).body)).not.toContain("is_correct");
  });

  it("checks a practice answer for a learner, only for questions in lessons they can see", async () => {
    const { learn, question, author, project, api } = await classroom();
    const wrong = await learn.post(`/learn/questions/${question.id}/check`, { selected_option_ids: [question.options[1].id] });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ question_id: question.id, is_correct: false, correct_option_ids: [question.options[0].id] });
    const right = await learn.post(`/learn/questions/${question.id}/check`, { selected_option_ids: [question.options[0].id] });
    expect(right.body.is_correct).toBe(true);
    expect(
      (await learn.post(`/learn/questions/${question.id}/check`, { selected_option_ids: ["00000000-0000-4000-8000-000000000000"] })).status,
    ).toBe(400);
    const category = (await api.get(`/projects/${project.id}/categories`)).body.categories[0];
    const hidden = (
      await api.post(`/projects/${project.id}/questions`, {
        category_id: category.id,
        prompt: "Not shown",
        question_type: "true_false",
        difficulty: 1,
        options: [
          { label: "T", is_correct: true },
          { label: "F", is_correct: false },
        ],
      })
    ).body;
    expect((await learn.post(`/learn/questions/${hidden.id}/check`, { selected_option_ids: [] })).status).toBe(403);
    expect(
      (
        await apiClient(`${server.url}/api`, (await seedUser()).key).post(`/learn/questions/${question.id}/check`, {
          selected_option_ids: [],
        })
      ).status,
    ).toBe(404);
    void author;
  });

  it("keeps progress per learner, lists courses with it, and hides drafts", async () => {
    const { learn, learner, course, first, second, quiz, question } = await classroom();
    const courses = await learn.get("/learn/courses");
    expect(courses.body.courses).toEqual([
      expect.objectContaining({ id: course.id, lesson_count: 1, completed_count: 0, next_lesson_id: first.id }),
    ]);
    const outline = await learn.get(`/learn/courses/${course.id}`);
    expect(outline.body.modules[0].lessons).toEqual([{ id: first.id, title: "First", completed: false }]);
    expect((await learn.get(`/learn/lessons/${second.id}`)).status).toBe(403);

    expect((await learn.post(`/learn/lessons/${first.id}/complete`)).status).toBe(200);
    const attempt = await learner.api.post(`/quizzes/${quiz.id}/submit`, {
      answers: [{ question_id: question.id, selected_option_ids: [question.options[0].id] }],
    });
    expect(attempt.status).toBe(201);
    expect(attempt.body.results[0].correct_option_ids).toEqual([question.options[0].id]);
    expect((await learn.get(`/learn/quizzes/${quiz.id}`)).body.attempts).toEqual([
      expect.objectContaining({ attempt_id: attempt.body.attempt_id, score_correct: 1, score_total: 1, percentage: 100 }),
    ]);
    expect((await learn.get("/learn/courses")).body.courses[0]).toMatchObject({ completed_count: 1, lesson_count: 1 });
  });

  it("keeps progress when a course is unpublished (403 with a clear message) and shows it again when republished", async () => {
    const { api, learn, course, first } = await classroom();
    await learn.post(`/learn/lessons/${first.id}/complete`);
    await api.post(`/courses/${course.id}/unpublish`);
    const hidden = await learn.get(`/learn/courses/${course.id}`);
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toMatch(/not published/);
    expect((await learn.get(`/learn/lessons/${first.id}`)).status).toBe(403);
    expect((await learn.get("/learn/courses")).body.courses).toEqual([]);
    await api.post(`/courses/${course.id}/publish`);
    const back = await learn.get(`/learn/courses/${course.id}`);
    expect(back.status).toBe(200);
    expect(back.body.modules[0].lessons[0]).toMatchObject({ id: first.id, completed: true });
  });

  it("lets authors preview a draft without recording progress, and see results; strangers get 404", async () => {
    const { author, api, learn, learner, second, project, quiz, question } = await classroom();
    const authorLearn = apiClient(`${server.url}/api`, author.key);
    expect((await authorLearn.get(`/learn/lessons/${second.id}`)).status).toBe(403);
    const preview = await authorLearn.get(`/learn/lessons/${second.id}?preview=1`);
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toBe(true);
    expect((await learn.get(`/learn/lessons/${second.id}?preview=1`)).status).toBe(403);

    const submit = (selected: string) =>
      learner.api.post(`/quizzes/${quiz.id}/submit`, {
        answers: [{ question_id: question.id, selected_option_ids: [selected] }],
      });
    await submit(question.options[0].id);
    await submit(question.options[1].id);
    // An author trying the quiz is not a learner's result.
    await api.post(`/quizzes/${quiz.id}/submit`, { answers: [] });
    const results = await authorLearn.get(`/projects/${project.id}/results`);
    expect(results.status).toBe(200);
    expect(results.body.quizzes).toEqual([
      { id: quiz.id, title: "Check", attempts: 2, learners: 1, average_percentage: 50, distribution: [1, 0, 0, 0, 0, 0, 0, 0, 0, 1] },
    ]);
    expect(results.body.lessons.map((l: { title: string }) => l.title)).toEqual(["First", "Second"]);
    expect((await learn.get(`/projects/${project.id}/results`)).status).toBe(404);
    const stranger = apiClient(`${server.url}/api`, (await seedUser()).key);
    expect((await stranger.get(`/projects/${project.id}/results`)).status).toBe(404);
    expect((await stranger.get(`/learn/lessons/${second.id}`)).status).toBe(404);
    void api;
  });
});
