import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { correctOptionIds, quizAttempts, seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { classroom } from "../learn-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Migrations run here, under the hook's time limit, not the first test's.
  await getDb();
});
afterAll(() => server.close());

describe("[QUIZZES] an author's preview of a quiz is scored, never recorded", () => {
  it("scores a preview exactly as a submission, and stores no attempt", async () => {
    const { app, author, admin, quiz, questions, answers } = await classroom(server);
    const preview = await app(author).post(`/learn/quizzes/${quiz.id}/preview`, answers(1));
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      score_correct: 1,
      score_total: 2,
      percentage: 50,
      results: [
        {
          question_id: questions[0].id,
          is_correct: true,
          selected_option_ids: correctOptionIds(questions[0]),
          correct_option_ids: correctOptionIds(questions[0]),
        },
        {
          question_id: questions[1].id,
          is_correct: false,
          selected_option_ids: answers(1).answers[1].selected_option_ids,
          correct_option_ids: correctOptionIds(questions[1]),
        },
      ],
    });
    // Nothing unanswered is held against anyone: an empty preview scores 0 of 2.
    expect((await app(admin).post(`/learn/quizzes/${quiz.id}/preview`, { answers: [] })).body).toMatchObject({
      score_correct: 0,
      score_total: 2,
    });

    expect(await quizAttempts(quiz.id)).toEqual([]);
    expect((await app(author).get(`/learn/quizzes/${quiz.id}`)).body.attempts).toEqual([]);

    // The same answers submitted for real score the same, and are stored.
    const submitted = await author.api.post(`/quizzes/${quiz.id}/submit`, answers(1));
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ score_correct: 1, score_total: 2, percentage: 50, results: preview.body.results });
    expect(await quizAttempts(quiz.id)).toHaveLength(1);
  });

  it("checks a preview's answers like a submission's (400), and is for those who may edit the quiz only", async () => {
    const { app, author, learner, quiz, questions } = await classroom(server);
    const foreign = await app(author).post(`/learn/quizzes/${quiz.id}/preview`, {
      answers: [{ question_id: questions[0].id, selected_option_ids: [questions[1].options[0].id] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.issues).toEqual([{ path: "answers.0.selected_option_ids.0", message: "Not an option of this question" }]);
    expect((await app(author).post(`/learn/quizzes/${quiz.id}/preview`, { answers: "all" })).status).toBe(400);

    // A learner takes the quiz for real; a preview would let them try answers unrecorded.
    const byLearner = await app(learner).post(`/learn/quizzes/${quiz.id}/preview`, { answers: [] });
    expect(byLearner.status).toBe(404);
    const stranger = apiClient(`${server.url}/api`, (await seedUser()).key);
    expect((await stranger.post(`/learn/quizzes/${quiz.id}/preview`, { answers: [] })).status).toBe(404);
    expect((await apiClient(`${server.url}/api`).post(`/learn/quizzes/${quiz.id}/preview`, { answers: [] })).status).toBe(401);
    expect(await quizAttempts(quiz.id)).toEqual([]);
  });

  it("results never count previews, even once the author who previewed is a learner", async () => {
    const { app, admin, author, learner, team, project, quiz, answers } = await classroom(server);
    await app(author).post(`/learn/quizzes/${quiz.id}/preview`, answers(2));
    await app(author).post(`/learn/quizzes/${quiz.id}/preview`, answers(0));
    await learner.api.post(`/quizzes/${quiz.id}/submit`, answers(1));

    const members = apiClient(`${server.url}/api`, admin.key);
    expect((await members.patch(`/workspaces/${team.id}/members/${author.user.id}`, { role: "learner" })).status).toBe(200);

    const results = (await app(admin).get(`/projects/${project.id}/results`)).body;
    expect(results.quizzes).toEqual([
      { id: quiz.id, title: "Exit check", attempts: 1, learners: 1, average_percentage: 50, distribution: [0, 0, 0, 0, 0, 1, 0, 0, 0, 0] },
    ]);
    const pat = results.learners.find((l: { id: string }) => l.id === author.user.id);
    expect(pat).toMatchObject({ name: "Pat Author", quizzes: [] });
  });
});
