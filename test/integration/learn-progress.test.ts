import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { classroom } from "../learn-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Migrations run here, under the hook's time limit, not the first test's.
  await getDb();
});
afterAll(() => server.close());

describe("[LEARN] completing a lesson is the learner's explicit, undoable choice", () => {
  it("reading a lesson records the visit only; POST completes it and DELETE takes the completion back", async () => {
    const { app, learner, course, first, second } = await classroom(server);
    const learn = app(learner);
    const lessonsOf = async () => (await learn.get(`/learn/courses/${course.id}`)).body.modules[0].lessons;

    expect((await learn.get(`/learn/lessons/${first.id}`)).body.completed).toBe(false);
    expect(await lessonsOf()).toEqual([
      { id: first.id, title: "Hard hats", completed: false },
      { id: second.id, title: "Exits", completed: false },
    ]);

    const done = await learn.post(`/learn/lessons/${first.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ lesson_id: first.id, completed: true });
    expect((await lessonsOf())[0].completed).toBe(true);
    expect((await learn.get("/learn/courses")).body.courses[0]).toMatchObject({ completed_count: 1, lesson_count: 2 });

    const undone = await learn.delete(`/learn/lessons/${first.id}/complete`);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ lesson_id: first.id, completed: false, completed_at: null });
    expect((await learn.get(`/learn/lessons/${first.id}`)).body.completed).toBe(false);
    expect(await lessonsOf()).toEqual([
      { id: first.id, title: "Hard hats", completed: false },
      { id: second.id, title: "Exits", completed: false },
    ]);
    const card = (await learn.get("/learn/courses")).body.courses[0];
    expect(card).toMatchObject({ completed_count: 0, lesson_count: 2 });
    // The visit is still known: the learner continues where they were.
    expect(card.last_viewed_at).not.toBeNull();
    expect(card.next_lesson_id).toBe(first.id);

    // Completing again works, and undoing twice is no error.
    expect((await learn.post(`/learn/lessons/${first.id}/complete`)).status).toBe(200);
    expect((await lessonsOf())[0].completed).toBe(true);
    expect((await learn.delete(`/learn/lessons/${first.id}/complete`)).status).toBe(200);
    expect((await learn.delete(`/learn/lessons/${first.id}/complete`)).status).toBe(200);
    expect((await lessonsOf())[0].completed).toBe(false);
  });

  it("undoing a lesson never opened is fine, and touches only the caller's own progress", async () => {
    const { app, learners, course, second } = await classroom(server, ["Lee Learner", "Kim Learner"]);
    const [lee, kim] = learners.map(app);
    expect((await lee.delete(`/learn/lessons/${second.id}/complete`)).status).toBe(200);
    expect((await kim.post(`/learn/lessons/${second.id}/complete`)).status).toBe(200);
    expect((await lee.delete(`/learn/lessons/${second.id}/complete`)).status).toBe(200);
    expect((await kim.get(`/learn/courses/${course.id}`)).body.modules[0].lessons[1]).toMatchObject({ id: second.id, completed: true });
    expect((await lee.get(`/learn/courses/${course.id}`)).body.modules[0].lessons[1]).toMatchObject({ id: second.id, completed: false });
  });

  it("refuses what a learner cannot read: a draft or unpublished course is 403, a stranger's or unknown lesson 404", async () => {
    const { api, app, learner, course, first, draft } = await classroom(server);
    const learn = app(learner);
    await learn.post(`/learn/lessons/${first.id}/complete`);

    const ofDraft = await learn.delete(`/learn/lessons/${draft.id}/complete`);
    expect(ofDraft.status).toBe(403);
    expect(ofDraft.body.code).toBe("forbidden");

    const stranger = apiClient(`${server.url}/api`, (await seedUser()).key);
    expect((await stranger.delete(`/learn/lessons/${first.id}/complete`)).status).toBe(404);
    expect((await learn.delete(`/learn/lessons/00000000-0000-4000-8000-000000000000/complete`)).status).toBe(404);
    expect((await learn.delete(`/learn/lessons/not-a-uuid/complete`)).status).toBe(404);
    expect((await apiClient(`${server.url}/api`).delete(`/learn/lessons/${first.id}/complete`)).status).toBe(401);

    // While the course is unpublished the completion can be neither made nor undone; it is kept.
    await api.post(`/courses/${course.id}/unpublish`);
    expect((await learn.delete(`/learn/lessons/${first.id}/complete`)).status).toBe(403);
    await api.post(`/courses/${course.id}/publish`);
    expect((await learn.get(`/learn/courses/${course.id}`)).body.modules[0].lessons[0]).toMatchObject({ id: first.id, completed: true });
  });
});
