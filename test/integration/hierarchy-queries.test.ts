import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startTestServer, type TestServer } from "../http-server";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Builds a project with courses × modules × lessons × blocks (a question and a quiz block in each lesson). */
async function buildProject(api: ReturnType<typeof apiClient>, size: number) {
  const project = (await api.post("/projects", { name: `Size ${size}` })).body;
  const category = (await api.post(`/projects/${project.id}/categories`, { name: "C" })).body;
  const question = (
    await api.post(`/projects/${project.id}/questions`, {
      category_id: category.id,
      prompt: "Q?",
      question_type: "true_false",
      difficulty: 1,
      options: [{ label: "Yes", is_correct: true }, { label: "No", is_correct: false }],
    })
  ).body;
  const quiz = (await api.post(`/projects/${project.id}/quizzes`, { title: "Quiz", question_ids: [question.id] })).body;
  for (let c = 0; c < size; c++) {
    const course = (await api.post(`/projects/${project.id}/courses`, { title: `Course ${c}` })).body;
    for (let m = 0; m < size; m++) {
      const mod = (await api.post(`/courses/${course.id}/modules`, { title: `Module ${m}` })).body;
      for (let l = 0; l < size; l++) {
        const lesson = (await api.post(`/modules/${mod.id}/lessons`, { title: `Lesson ${l}` })).body;
        await api.post(`/lessons/${lesson.id}/blocks`, { type: "text", content: { body: "Hello" } });
        await api.post(`/lessons/${lesson.id}/blocks`, { type: "question", question_id: question.id, question_role: "practice" });
        await api.post(`/lessons/${lesson.id}/blocks`, { type: "quiz", quiz_id: quiz.id });
      }
    }
  }
  return project;
}

async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  const db = await getDb();
  let count = 0;
  let counting = true;
  db.$on("query", () => {
    if (counting) count++;
  });
  await fn();
  counting = false;
  return count;
}

it("[HIERARCHY] reading a whole project or course takes the same number of SQL queries whatever its size", async () => {
  const { key } = await seedUser();
  const api = apiClient(server.url + "/api/authoring", key);
  const small = await buildProject(api, 1);
  const large = await buildProject(api, 3);

  const smallProject = await queriesDuring(() => api.get(`/projects/${small.id}`));
  const largeProject = await queriesDuring(async () => {
    const res = await api.get(`/projects/${large.id}`);
    expect(res.body.courses).toHaveLength(3);
    expect(res.body.courses[2].modules[2].lessons[2].blocks).toHaveLength(3);
    expect(res.body.courses[0].modules[0].lessons[0].blocks[1].question.options).toHaveLength(2);
  });
  expect(smallProject).toBeGreaterThan(0);
  expect(largeProject).toBe(smallProject);

  const firstSmallCourse = (await api.get(`/projects/${small.id}/courses`)).body.courses[0].id;
  const firstLargeCourse = (await api.get(`/projects/${large.id}/courses`)).body.courses[0].id;
  const smallCourse = await queriesDuring(() => api.get(`/courses/${firstSmallCourse}`));
  const largeCourse = await queriesDuring(() => api.get(`/courses/${firstLargeCourse}`));
  expect(largeCourse).toBe(smallCourse);
}, 120_000);
