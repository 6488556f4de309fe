import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { attemptsInOrder, classroom } from "../learn-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Migrations run here, under the hook's time limit, not the first test's.
  await getDb();
});
afterAll(() => server.close());

describe("[RESULTS] authors see each learner's results", () => {
  it("lists every learner of the workspace with the lessons they completed and their best and last score per quiz", async () => {
    const ctx = await classroom(server, ["Lee Learner", "Kim Newcomer"]);
    const { app, admin, author, learners, project, first, second, draft, quiz, answers } = ctx;
    const [lee, kim] = learners;
    await app(lee).post(`/learn/lessons/${first.id}/complete`);
    await app(lee).post(`/learn/lessons/${second.id}/complete`);
    await app(lee).delete(`/learn/lessons/${second.id}/complete`);
    const best = await lee.api.post(`/quizzes/${quiz.id}/submit`, answers(2));
    const last = await lee.api.post(`/quizzes/${quiz.id}/submit`, answers(1));
    await attemptsInOrder([best.body.attempt_id, last.body.attempt_id]);
    // An author's own submission is not a learner's result.
    await author.api.post(`/quizzes/${quiz.id}/submit`, answers(2));

    for (const reader of [admin, author]) {
      const res = await app(reader).get(`/projects/${project.id}/results`);
      expect(res.status).toBe(200);
      expect(res.body.learners).toEqual([
        { id: kim.user.id, name: "Kim Newcomer", email: kim.user.email, completed_lesson_ids: [], quizzes: [] },
        {
          id: lee.user.id,
          name: "Lee Learner",
          email: lee.user.email,
          completed_lesson_ids: [first.id],
          quizzes: [{ quiz_id: quiz.id, attempts: 2, best_percentage: 100, last_percentage: 50, last_attempt_at: expect.any(String) }],
        },
      ]);
      expect(res.body.lessons.map((l: { id: string }) => l.id)).toEqual([first.id, second.id, draft.id]);
    }
  });

  it("lists each completed lesson once, in course order, and leaves out lessons in the trash", async () => {
    const { app, api, admin, learner, project, first, second } = await classroom(server);
    await app(learner).post(`/learn/lessons/${second.id}/complete`);
    await app(learner).post(`/learn/lessons/${first.id}/complete`);
    const before = (await app(admin).get(`/projects/${project.id}/results`)).body.learners[0];
    expect(before.completed_lesson_ids).toEqual([first.id, second.id]);
    expect((await api.delete(`/lessons/${second.id}`)).status).toBe(200);
    const after = (await app(admin).get(`/projects/${project.id}/results`)).body.learners[0];
    expect(after.completed_lesson_ids).toEqual([first.id]);
  });

  it("is for the project's authors only: a learner and a stranger get 404", async () => {
    const { app, learner, project } = await classroom(server);
    expect((await app(learner).get(`/projects/${project.id}/results`)).status).toBe(404);
    expect((await apiClient(`${server.url}/api`, (await seedUser()).key).get(`/projects/${project.id}/results`)).status).toBe(404);
  });
});
