import { afterAll, beforeAll, expect, it } from "vitest";
import { onStatement } from "@/lib/db/client";
import {
  type Api,
  createBlock,
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createQuestion,
  createQuiz,
  newUser,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Builds a project with courses × modules × lessons × blocks (a question and a quiz block in each lesson). */
async function buildProject(api: Api, size: number) {
  const project = await createProject(api, { name: `Size ${size}` });
  const category = await createCategory(api, project.id, "C");
  const question = await createQuestion(api, project.id, {
    category_id: category.id,
    prompt: "Q?",
    question_type: "true_false",
    difficulty: 1,
    options: [
      { label: "Yes", is_correct: true },
      { label: "No", is_correct: false },
    ],
  });
  const quiz = await createQuiz(api, project.id, [question.id], "Quiz");
  for (let c = 0; c < size; c++) {
    const course = await createCourse(api, project.id, { title: `Course ${c}` });
    for (let m = 0; m < size; m++) {
      const mod = await createModule(api, course.id, { title: `Module ${m}` });
      for (let l = 0; l < size; l++) {
        const lesson = await createLesson(api, mod.id, { title: `Lesson ${l}` });
        await createBlock(api, lesson.id, { type: "text", content: { body: "Hello" } });
        await createBlock(api, lesson.id, { type: "question", question_id: question.id, question_role: "practice" });
        await createBlock(api, lesson.id, { type: "quiz", quiz_id: quiz.id });
      }
    }
  }
  return project;
}

async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  let counting = true;
  await onStatement(() => {
    if (counting) count++;
  });
  await fn();
  counting = false;
  return count;
}

it("[HIERARCHY] reading a whole project or course takes the same number of SQL queries whatever its size", async () => {
  const { api } = await newUser(server);
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
