/**
 * Who else is here (issue 41, docs/decisions/061): PUT /api/presence marks a browser tab present on
 * a lesson or a proposal it may edit, in a block, and answers who else is there. The event stream
 * that keeps a tab present is proven over real HTTP on two instances
 * (e2e/reliability/two-instances.api.spec.ts) and in the browser (e2e/authoring/presence.ui.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signedInClient } from "../accounts";
import { apiClient } from "../api-client";
import { expectNotFound, expectStatus, expectValidation } from "../expect";
import { authoringClient, createCourse, createLesson, createModule, newUser, seedTeamWithProject } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  [server] = await Promise.all([startTestServer(), getDb()]);
});
afterAll(() => server.close());

const appUrl = () => `${server.url}/api`;

async function lessonOfTeam() {
  const team = await seedTeamWithProject(server);
  const course = await createCourse(team.admin.api, team.projectId);
  const mod = await createModule(team.admin.api, course.id);
  const lesson = await createLesson(team.admin.api, mod.id);
  return { ...team, lesson };
}

const at = (lessonId: string, session: string, block_id?: string | null) => ({
  session,
  target: { kind: "lesson", id: lessonId },
  block_id,
});

describe("[PRESENCE] PUT /api/presence", () => {
  it("marks a tab present in a block and answers the others there, each person by name and the caller's other tabs as theirs", async () => {
    const s = await lessonOfTeam();
    const ada = await signedInClient(appUrl(), s.admin.user);
    const bob = await signedInClient(appUrl(), s.author.user);
    const first = await ada.put("/presence", at(s.lesson.id, "ada-tab-one", null));
    expectStatus(first, 200);
    expect(first.body).toEqual({ others: [] });
    expectStatus(await ada.put("/presence", at(s.lesson.id, "ada-tab-two", "block-7")), 200);
    const seen = await bob.put("/presence", at(s.lesson.id, "bob-tab-0001", "block-3"));
    expectStatus(seen, 200);
    expect(seen.body.others).toEqual([
      { user_name: s.admin.user.name, is_you: false, block_id: null },
      { user_name: s.admin.user.name, is_you: false, block_id: "block-7" },
    ]);
    const fromAda = await ada.put("/presence", at(s.lesson.id, "ada-tab-one", "block-1"));
    expect(fromAda.body.others).toEqual(
      expect.arrayContaining([
        { user_name: s.admin.user.name, is_you: true, block_id: "block-7" },
        { user_name: s.author.user.name, is_you: false, block_id: "block-3" },
      ]),
    );
    expect(fromAda.body.others).toHaveLength(2);
    // Someone not seen for a while has left.
    const db = await getDb();
    await db.presenceSession.updateMany({ where: { userId: s.author.user.id }, data: { seenAt: new Date(Date.now() - 60_000) } });
    expect((await ada.put("/presence", at(s.lesson.id, "ada-tab-one", "block-1"))).body.others).toEqual([
      { user_name: s.admin.user.name, is_you: true, block_id: "block-7" },
    ]);
  });

  it("is for those who may edit the item: a learner and another workspace's user get the lesson's 404, and nothing is recorded", async () => {
    const s = await lessonOfTeam();
    const stranger = await newUser(server);
    for (const user of [s.learner.user, stranger.user]) {
      const client = await signedInClient(appUrl(), user);
      expectNotFound(await client.put("/presence", at(s.lesson.id, "nosy-tab-0001", null)));
      expectNotFound(await client.put("/presence", { session: "nosy-tab-0001", target: { kind: "proposal", id: s.lesson.id } }));
    }
    expect(await (await getDb()).presenceSession.count({ where: { target: `lesson:${s.lesson.id}` } })).toBe(0);
  });

  it("refuses an API key (403: presence is people in the browser), even the item's own author's", async () => {
    const s = await lessonOfTeam();
    const res = await apiClient(appUrl(), s.admin.key).put("/presence", at(s.lesson.id, "key-tab-0001", null));
    expectStatus(res, 403);
    expect(res.body.code).toBe("forbidden");
    expect(await (await getDb()).presenceSession.count({ where: { target: `lesson:${s.lesson.id}` } })).toBe(0);
    // The authoring service's own key works as ever: only presence is the browser's.
    expectStatus(await authoringClient(server, s.admin.key).get(`/lessons/${s.lesson.id}`), 200);
  });

  it("answers 400 naming the field for a bad session id, target or block", async () => {
    const s = await lessonOfTeam();
    const ada = await signedInClient(appUrl(), s.admin.user);
    expectValidation(await ada.put("/presence", at(s.lesson.id, "x", null)), "session");
    expectValidation(await ada.put("/presence", { session: "ada-tab-one", target: { kind: "quiz", id: s.lesson.id } }), "target.kind");
    expectValidation(await ada.put("/presence", { session: "ada-tab-one", target: { kind: "lesson", id: "nope" } }), "target.id");
    expectValidation(await ada.put("/presence", at(s.lesson.id, "ada-tab-one", "b".repeat(65))), "block_id");
    expect(await (await getDb()).presenceSession.count({ where: { target: `lesson:${s.lesson.id}` } })).toBe(0);
  });
});
