/**
 * "Also being edited by…" (GET /api/lessons/{lessonId}/editors): writes record the browser tab that
 * made them (X-Edit-Session), and the lesson's editors learn which other sessions saved in it in
 * the last few minutes, their own left out. Only those who may edit the lesson may ask.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { createCourse, createLesson, createModule, createProject, minutesAgo, newUser, teamWorkspace, textBlock } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tab = (id: string) => ({ "x-edit-session": `tab-${id}-0000` });

/** A team with two authors (Ada owns it), a learner, and a lesson holding one text block. */
async function sharedLesson() {
  const ada = await newUser(server, { name: "Ada" });
  const bob = await newUser(server, { name: "Bob" });
  const lee = await newUser(server, { name: "Lee" });
  const team = await teamWorkspace(
    ada,
    [
      { user: bob, role: "author" },
      { user: lee, role: "learner" },
    ],
    "Writers",
  );
  const project = await createProject(ada.api, { name: "P", workspace_id: team.id });
  const course = await createCourse(ada.api, project.id, { title: "Course" });
  const mod = await createModule(ada.api, course.id, { title: "Module" });
  const lesson = await createLesson(ada.api, mod.id, { title: "Lesson" });
  const block = await textBlock(ada.api, lesson.id, "Hello");
  const app = (key: string) => apiClient(`${server.url}/api`, key);
  const editors = (key: string, session?: string) => app(key).get(`/lessons/${lesson.id}/editors`, session ? tab(session) : undefined);
  return { ada, bob, lee, lesson, block, app, editors };
}

describe("[EDITING] who else is editing a lesson", () => {
  it("names the other sessions that saved the lesson or its blocks lately, never the caller's own", async () => {
    const { ada, bob, lesson, block, editors } = await sharedLesson();
    // Setting up wrote through Ada's key without a tab id: her key is her session then.
    expect((await editors(ada.key)).body).toEqual({ window_minutes: 5, editors: [] });

    // Ada's first tab saves the block.
    expect((await ada.api.patch(`/blocks/${block.id}`, { content: { body: "Ada 1" } }, tab("ada1"))).status).toBe(200);
    expect((await editors(ada.key, "ada1")).body.editors).toEqual([
      // Her key's earlier writes are another session of hers.
      expect.objectContaining({ user_name: "Ada", is_same_user: true, via: "api" }),
    ]);
    // Seen from her second tab, the first is another session of hers.
    const fromSecondTab = await editors(ada.key, "ada2");
    expect(fromSecondTab.status).toBe(200);
    expect(fromSecondTab.body.editors).toHaveLength(2);
    expect(fromSecondTab.body.editors[0]).toMatchObject({ user_name: "Ada", is_same_user: true, via: "api" });
    expect(Date.parse(fromSecondTab.body.editors[0].last_saved_at)).toBeGreaterThan(Date.now() - 60_000);

    // Bob renames the lesson: a write to the lesson itself counts as well.
    expect((await bob.api.patch(`/lessons/${lesson.id}`, { title: "Renamed" }, tab("bob1"))).status).toBe(200);
    const seenByAda = (await editors(ada.key, "ada1")).body.editors;
    expect(seenByAda[0]).toMatchObject({ user_name: "Bob", is_same_user: false });
    expect(seenByAda).toHaveLength(2);
    // Bob does not see himself, and sees Ada's tab and Ada's key as two sessions.
    const seenByBob = (await editors(bob.key, "bob1")).body.editors;
    expect(seenByBob.map((e: { user_name: string; is_same_user: boolean }) => [e.user_name, e.is_same_user])).toEqual([
      ["Ada", false],
      ["Ada", false],
    ]);
  });

  it("forgets saves older than five minutes and blocks of other lessons", async () => {
    const { ada, bob, lesson, block, editors } = await sharedLesson();
    const elsewhere = await createLesson(ada.api, lesson.module_id, { title: "Another lesson" });
    const other = await textBlock(bob.api, elsewhere.id, "Elsewhere");
    await bob.api.patch(`/blocks/${other.id}`, { content: { body: "Elsewhere, again" } }, tab("bob1"));
    expect((await editors(ada.key)).body.editors).toEqual([]);

    await bob.api.patch(`/blocks/${block.id}`, { content: { body: "Bob" } }, tab("bob1"));
    expect((await editors(ada.key)).body.editors).toEqual([expect.objectContaining({ user_name: "Bob" })]);
    const db = await getDb();
    await db.auditEvent.updateMany({ where: { targetId: block.id, editSession: "tab-bob1-0000" }, data: { createdAt: minutesAgo(6) } });
    expect((await editors(ada.key)).body.editors).toEqual([]);
  });

  it("records the tab that made a write, and ignores a malformed tab id", async () => {
    const { ada, block } = await sharedLesson();
    await ada.api.patch(`/blocks/${block.id}`, { content: { body: "One" } }, tab("ada1"));
    await ada.api.patch(`/blocks/${block.id}`, { content: { body: "Two" } }, { "x-edit-session": "not a tab id; drop table" });
    const db = await getDb();
    const events = await db.auditEvent.findMany({
      where: { targetId: block.id, operation: "update_block" },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.editSession)).toEqual(["tab-ada1-0000", null]);
  });

  it("answers 404 to a learner of the workspace and to another user's key, 401 without one", async () => {
    const { lee, lesson, app, editors } = await sharedLesson();
    const stranger = await newUser(server, { name: "Stranger" });
    for (const key of [lee.key, stranger.key]) {
      const res = await editors(key, "any-tab");
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found" });
    }
    expect((await app("").get(`/lessons/${lesson.id}/editors`)).status).toBe(401);
    // The stranger's own lesson is theirs to ask about: the 404 above is about access, not the route.
    const own = await createLesson(
      stranger.api,
      (await createModule(stranger.api, (await createCourse(stranger.api, (await createProject(stranger.api)).id)).id)).id,
    );
    expect((await app(stranger.key).get(`/lessons/${own.id}/editors`)).status).toBe(200);
  });
});
