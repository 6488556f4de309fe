/**
 * Modules and lessons: create, list, read, update (and move a lesson to another module), delete,
 * publish and unpublish lessons (course-authoring-service.md, Modules, Lessons; contract.md,
 * Positions and its deliberate LessonUpdate.module_id extension). Positions and pagination:
 * authoring-tree-positions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageOf } from "@/lib/api/schemas";
import { toModuleDto } from "@/lib/authoring/dto";
import { Module } from "@/lib/authoring/modules/schemas";
import { getDb } from "@/lib/db/client";
import { anyIso, anyUuid, expectContiguous, expectNotFound, expectRecent, expectStatus, expectValidation, NO_SUCH_ID } from "../expect";
import {
  type Api,
  backdate,
  createBlock,
  createCourse,
  createLesson,
  createModule,
  createProject,
  newUser,
  seedTeamWithProject,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function courseWithModule(api: Api) {
  const project = await createProject(api);
  const course = await createCourse(api, project.id);
  const mod = await createModule(api, course.id);
  return { project, course, module: mod };
}

const titles = async (api: Api, path: string, key: string) => ((await api.get(path)).body[key] as { title: string }[]).map((i) => i.title);

describe("[MODULES] POST /courses/{courseId}/modules", () => {
  it("creates a module, answering every field", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const res = await api.post(`/courses/${course.id}/modules`, { title: "  Basics ", unknown: [1] });
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      course_id: course.id,
      title: "Basics",
      position: 0,
      lessons: null,
      created_at: anyIso(),
      updated_at: anyIso(),
    });
    expectRecent(res.body.created_at);
  });

  it("accepts a title of 200 characters and refuses 201, empty, blank and missing titles", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const path = `/courses/${course.id}/modules`;
    expectStatus(await api.post(path, { title: "m".repeat(200) }), 201);
    for (const body of [{ title: "m".repeat(201) }, { title: "" }, { title: " \t " }, {}, { title: 12 }]) {
      expectValidation(await api.post(path, body), ["title"]);
    }
    const invalid = await api.post(path, "nope", { "content-type": "application/json" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("invalid_json");
    expect((await api.get(path)).body.modules).toHaveLength(1);
  });

  it("answers 404 for an unknown, malformed or deleted course", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    expectNotFound(await api.post(`/courses/${NO_SUCH_ID}/modules`, { title: "x" }));
    expectNotFound(await api.post("/courses/nope/modules", { title: "x" }));
    await api.delete(`/courses/${course.id}`);
    expectNotFound(await api.post(`/courses/${course.id}/modules`, { title: "x" }));
  });
});

describe("[MODULES] GET /courses/{courseId}/modules and /modules/{moduleId}", () => {
  it("lists modules in position order without their lessons", async () => {
    const { api } = await newUser(server);
    const { course, module: first } = await courseWithModule(api);
    const second = await createModule(api, course.id, { title: "Second" });
    await createLesson(api, first.id);
    const gone = await createModule(api, course.id, { title: "Gone" });
    await api.delete(`/modules/${gone.id}`);
    const res = await api.get(`/courses/${course.id}/modules`);
    expectStatus(res, 200);
    expect(res.body).toEqual({
      modules: [
        { ...first, lessons: null },
        { ...second, lessons: null },
      ],
      has_more: false,
      limit: 500,
      offset: 0,
    });
  });

  it("answers every page of the list as the object path (Prisma rows, the DTO, the schema) would, for authors and learners", async () => {
    const team = await seedTeamWithProject(server);
    const api = team.admin.api;
    const course = await createCourse(api, team.projectId, { title: "Listed" });
    const made = [];
    for (const title of ['Cells «and» "quotes" \\ 🧬', "Line one\nline two\t", "Third", "</script>", "Fifth"]) {
      made.push(await createModule(api, course.id, { title }));
    }
    expectStatus(await api.delete(`/modules/${made[2].id}`), 200);
    expectStatus(await api.patch(`/modules/${made[4].id}`, { position: 0 }), 200);
    expectStatus(await api.post(`/courses/${course.id}/publish`, {}), 200);
    const rows = await (await getDb()).module.findMany({ where: { courseId: course.id, deletedAt: null }, orderBy: { position: "asc" } });
    const all = rows.map((m) => JSON.parse(JSON.stringify(Module.parse(toModuleDto(m)))));
    expect(all.map((m) => m.title)).toEqual(["Fifth", made[0].title, made[1].title, "</script>"]);
    for (const reader of [team.admin, team.learner]) {
      for (const [limit, offset] of [
        [500, 0],
        [2, 0],
        [2, 2],
        [3, 3],
        [1, 4],
      ]) {
        const res = await reader.api.get(`/courses/${course.id}/modules?limit=${limit}&offset=${offset}`);
        expectStatus(res, 200);
        const expected = { modules: all.slice(offset, offset + limit), has_more: offset + limit < all.length, limit, offset };
        expect(pageOf("modules", Module).parse(res.body)).toEqual(res.body);
        expect(res.body).toEqual(expected);
      }
    }
    // A learner does not see a course in draft: 404, as for every read below it.
    expectStatus(await api.post(`/courses/${course.id}/unpublish`, {}), 200);
    expectNotFound(await team.learner.api.get(`/courses/${course.id}/modules`));
  });

  it("reads one module with every field", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const res = await api.get(`/modules/${module.id}`);
    expectStatus(res, 200);
    const { lessons, ...rest } = res.body;
    expect(rest).toEqual({
      id: module.id,
      course_id: module.course_id,
      title: module.title,
      position: 0,
      created_at: module.created_at,
      updated_at: module.updated_at,
    });
    expect(lessons === null || (Array.isArray(lessons) && lessons.length === 0)).toBe(true);
  });

  it("answers 404 for an unknown, malformed or deleted module or course", async () => {
    const { api } = await newUser(server);
    const { course, module } = await courseWithModule(api);
    expectNotFound(await api.get(`/modules/${NO_SUCH_ID}`));
    expectNotFound(await api.get("/modules/42"));
    expectNotFound(await api.get(`/courses/${NO_SUCH_ID}/modules`));
    expectNotFound(await api.get("/courses/42/modules"));
    await api.delete(`/modules/${module.id}`);
    expectNotFound(await api.get(`/modules/${module.id}`));
    await api.delete(`/courses/${course.id}`);
    expectNotFound(await api.get(`/courses/${course.id}/modules`));
  });
});

describe("[MODULES] PATCH /modules/{moduleId}", () => {
  it("renames a module, keeping created_at and advancing updated_at", async () => {
    const { api } = await newUser(server);
    const { module: made } = await courseWithModule(api);
    const mod = await backdate("modules", made);
    const res = await api.patch(`/modules/${mod.id}`, { title: "Renamed" });
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...mod, title: "Renamed", updated_at: anyIso(), lessons: res.body.lessons });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(mod.updated_at).getTime());
    expect((await api.get(`/modules/${mod.id}`)).body.title).toBe("Renamed");
  });

  it("refuses an empty body, unknown fields only and titles out of bounds, changing nothing", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const path = `/modules/${module.id}`;
    expectValidation(await api.patch(path, {}));
    expectValidation(await api.patch(path, { name: "x", course_id: NO_SUCH_ID }));
    expectValidation(await api.patch(path, { title: "" }), ["title"]);
    expectValidation(await api.patch(path, { title: "m".repeat(201) }), ["title"]);
    expect((await api.get(path)).body.title).toBe("Module");
    const edge = await api.patch(path, { title: "m".repeat(200) });
    expectStatus(edge, 200);
    expect(edge.body.title).toBe("m".repeat(200));
  });

  it("answers 404 for an unknown, malformed or deleted module", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    expectNotFound(await api.patch(`/modules/${NO_SUCH_ID}`, { title: "x" }));
    expectNotFound(await api.patch("/modules/x", { title: "x" }));
    await api.delete(`/modules/${module.id}`);
    expectNotFound(await api.patch(`/modules/${module.id}`, { title: "x" }));
  });
});

describe("[MODULES] DELETE /modules/{moduleId}", () => {
  it("hides the module with its lessons and blocks", async () => {
    const { api } = await newUser(server);
    const { course, module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id);
    const block = await createBlock(api, lesson.id);
    const res = await api.delete(`/modules/${module.id}`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ success: true, id: module.id });
    expectNotFound(await api.get(`/modules/${module.id}`));
    expectNotFound(await api.get(`/modules/${module.id}/lessons`));
    expectNotFound(await api.get(`/lessons/${lesson.id}`));
    expectNotFound(await api.get(`/blocks/${block.id}`));
    expect((await api.get(`/courses/${course.id}`)).body.modules).toEqual([]);
    expectNotFound(await api.delete(`/modules/${module.id}`));
  });

  it("answers 404 for an unknown or malformed module", async () => {
    const { api } = await newUser(server);
    expectNotFound(await api.delete(`/modules/${NO_SUCH_ID}`));
    expectNotFound(await api.delete("/modules/abc"));
  });
});

describe("[LESSONS] POST /modules/{moduleId}/lessons", () => {
  it("creates a draft lesson, answering every field", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const res = await api.post(`/modules/${module.id}/lessons`, { title: " Intro ", published_at: "2020-01-01T00:00:00Z" });
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      module_id: module.id,
      title: "Intro",
      position: 0,
      blocks: null,
      published_at: null,
      created_at: anyIso(),
      updated_at: anyIso(),
    });
    expectRecent(res.body.created_at);
  });

  it("accepts a title of 200 characters and refuses 201, empty, blank and missing titles", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const path = `/modules/${module.id}/lessons`;
    expectStatus(await api.post(path, { title: "l".repeat(200) }), 201);
    for (const body of [{ title: "l".repeat(201) }, { title: "" }, { title: "   " }, {}, { title: null }]) {
      expectValidation(await api.post(path, body), ["title"]);
    }
    const invalid = await api.post(path, "[", { "content-type": "application/json" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("invalid_json");
    expect((await api.get(path)).body.lessons).toHaveLength(1);
  });

  it("answers 404 for an unknown, malformed or deleted module", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    expectNotFound(await api.post(`/modules/${NO_SUCH_ID}/lessons`, { title: "x" }));
    expectNotFound(await api.post("/modules/nope/lessons", { title: "x" }));
    await api.delete(`/modules/${module.id}`);
    expectNotFound(await api.post(`/modules/${module.id}/lessons`, { title: "x" }));
  });
});

describe("[LESSONS] GET /modules/{moduleId}/lessons and /lessons/{lessonId}", () => {
  it("lists lessons in position order without their blocks", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const b = await createLesson(api, module.id, { title: "B" });
    const a = await createLesson(api, module.id, { title: "A", position: 0 });
    await createBlock(api, b.id);
    const res = await api.get(`/modules/${module.id}/lessons`);
    expectStatus(res, 200);
    expect(res.body).toEqual({
      lessons: [
        { ...a, blocks: null },
        { ...b, position: 1, blocks: null },
      ],
      has_more: false,
      limit: 500,
      offset: 0,
    });
  });

  it("reads one lesson with every field", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id);
    const res = await api.get(`/lessons/${lesson.id}`);
    expectStatus(res, 200);
    const { blocks, ...rest } = res.body;
    const { blocks: _created, ...expected } = lesson;
    expect(rest).toEqual(expected);
    expect(blocks === null || (Array.isArray(blocks) && blocks.length === 0)).toBe(true);
  });

  it("answers 404 for an unknown, malformed or deleted lesson or module", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id);
    expectNotFound(await api.get(`/lessons/${NO_SUCH_ID}`));
    expectNotFound(await api.get("/lessons/1-2-3"));
    expectNotFound(await api.get(`/modules/${NO_SUCH_ID}/lessons`));
    await api.delete(`/lessons/${lesson.id}`);
    expectNotFound(await api.get(`/lessons/${lesson.id}`));
    await api.delete(`/modules/${module.id}`);
    expectNotFound(await api.get(`/modules/${module.id}/lessons`));
  });
});

describe("[LESSONS] PATCH /lessons/{lessonId}", () => {
  it("renames a lesson, keeping created_at and advancing updated_at", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const made = await createLesson(api, module.id);
    const lesson = await backdate("lessons", made);
    const res = await api.patch(`/lessons/${lesson.id}`, { title: "Renamed" });
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...lesson, title: "Renamed", updated_at: anyIso(), blocks: res.body.blocks });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(lesson.updated_at).getTime());
  });

  it("refuses an empty body, unknown fields only, titles out of bounds and a malformed module_id", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id, { title: "Keep" });
    const path = `/lessons/${lesson.id}`;
    expectValidation(await api.patch(path, {}));
    expectValidation(await api.patch(path, { name: "x", published_at: null }));
    expectValidation(await api.patch(path, { title: "" }), ["title"]);
    expectValidation(await api.patch(path, { title: "l".repeat(201) }), ["title"]);
    expectValidation(await api.patch(path, { module_id: "module-2" }), ["module_id"]);
    expect((await api.get(path)).body).toMatchObject({ title: "Keep", module_id: module.id, position: 0 });
    expect((await api.patch(path, { title: "l".repeat(200) })).body.title).toBe("l".repeat(200));
  });

  it("moving a lesson to another module of the course inserts it there and keeps both modules contiguous", async () => {
    const { api } = await newUser(server);
    const { course, module: from } = await courseWithModule(api);
    const to = await createModule(api, course.id, { title: "Target" });
    await createLesson(api, from.id, { title: "A" });
    const moving = await createLesson(api, from.id, { title: "Moving" });
    await createLesson(api, from.id, { title: "C" });
    await createLesson(api, to.id, { title: "X" });
    await createLesson(api, to.id, { title: "Y" });
    const block = await createBlock(api, moving.id, { type: "text", content: { body: "travels along" } });
    await api.post(`/lessons/${moving.id}/publish`);

    const res = await api.patch(`/lessons/${moving.id}`, { module_id: to.id, position: 1 });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: moving.id, module_id: to.id, position: 1, title: "Moving", published_at: anyIso() });
    expect(await titles(api, `/modules/${from.id}/lessons`, "lessons")).toEqual(["A", "C"]);
    expect(await titles(api, `/modules/${to.id}/lessons`, "lessons")).toEqual(["X", "Moving", "Y"]);
    for (const id of [from.id, to.id]) expectContiguous((await api.get(`/modules/${id}/lessons`)).body.lessons);
    const blocks = await api.get(`/lessons/${moving.id}/blocks`);
    expect(blocks.body.blocks.map((b: { id: string }) => b.id)).toEqual([block.id]);
    const tree = await api.get(`/courses/${course.id}`);
    expect(tree.body.modules[1].lessons.map((l: { id: string }) => l.id)).toContain(moving.id);
  });

  it("moving a lesson to another module without a position appends it, and past the end means the end", async () => {
    const { api } = await newUser(server);
    const { course, module: from } = await courseWithModule(api);
    const to = await createModule(api, course.id);
    const one = await createLesson(api, from.id, { title: "One" });
    const two = await createLesson(api, from.id, { title: "Two" });
    await createLesson(api, to.id, { title: "There" });
    const appended = await api.patch(`/lessons/${one.id}`, { module_id: to.id });
    expectStatus(appended, 200);
    expect(appended.body).toMatchObject({ module_id: to.id, position: 1 });
    const far = await api.patch(`/lessons/${two.id}`, { module_id: to.id, position: 32767 });
    expect(far.body).toMatchObject({ module_id: to.id, position: 2 });
    expect(await titles(api, `/modules/${to.id}/lessons`, "lessons")).toEqual(["There", "One", "Two"]);
    expect(await titles(api, `/modules/${from.id}/lessons`, "lessons")).toEqual([]);
  });

  it("refuses to move a lesson to a module of another course, a deleted module or an unknown one", async () => {
    const { api } = await newUser(server);
    const { project, module } = await courseWithModule(api);
    const otherCourse = await createCourse(api, project.id, { title: "Other course" });
    const foreign = await createModule(api, otherCourse.id);
    const deleted = await createModule(api, module.course_id);
    await api.delete(`/modules/${deleted.id}`);
    const lesson = await createLesson(api, module.id);
    for (const moduleId of [foreign.id, deleted.id, NO_SUCH_ID]) {
      expectValidation(await api.patch(`/lessons/${lesson.id}`, { module_id: moduleId }), ["module_id"]);
    }
    expect((await api.get(`/lessons/${lesson.id}`)).body).toMatchObject({ module_id: module.id, position: 0 });
    expect((await api.get(`/modules/${foreign.id}/lessons`)).body.lessons).toEqual([]);
  });

  it("answers 404 for an unknown, malformed or deleted lesson", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id);
    expectNotFound(await api.patch(`/lessons/${NO_SUCH_ID}`, { title: "x" }));
    expectNotFound(await api.patch("/lessons/x", { title: "x" }));
    await api.delete(`/lessons/${lesson.id}`);
    expectNotFound(await api.patch(`/lessons/${lesson.id}`, { title: "x" }));
  });
});

describe("[LESSONS] DELETE /lessons/{lessonId}", () => {
  it("hides the lesson with its blocks", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id);
    const block = await createBlock(api, lesson.id);
    const res = await api.delete(`/lessons/${lesson.id}`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ success: true, id: lesson.id });
    expectNotFound(await api.get(`/lessons/${lesson.id}`));
    expectNotFound(await api.get(`/lessons/${lesson.id}/blocks`));
    expectNotFound(await api.get(`/blocks/${block.id}`));
    expect((await api.get(`/modules/${module.id}/lessons`)).body.lessons).toEqual([]);
    expectNotFound(await api.delete(`/lessons/${lesson.id}`));
  });

  it("answers 404 for an unknown or malformed lesson", async () => {
    const { api } = await newUser(server);
    expectNotFound(await api.delete(`/lessons/${NO_SUCH_ID}`));
    expectNotFound(await api.delete("/lessons/abc"));
  });
});

describe("[LESSONS] publish and unpublish", () => {
  it("publishing sets published_at, even while the course is a draft, and unpublishing clears it", async () => {
    const { api } = await newUser(server);
    const { course, module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id);
    const published = await api.post(`/lessons/${lesson.id}/publish`);
    expectStatus(published, 200);
    expect(published.body).toEqual({ ...lesson, published_at: anyIso(), updated_at: anyIso(), blocks: published.body.blocks });
    expectRecent(published.body.published_at);
    expect((await api.get(`/lessons/${lesson.id}`)).body.published_at).toBe(published.body.published_at);
    expect((await api.get(`/courses/${course.id}`)).body.published_at).toBeNull();

    const unpublished = await api.post(`/lessons/${lesson.id}/unpublish`, {});
    expectStatus(unpublished, 200);
    expect(unpublished.body).toMatchObject({ id: lesson.id, published_at: null });
    expect((await api.get(`/lessons/${lesson.id}`)).body.published_at).toBeNull();
  });

  it("unpublishing a lesson of a published course hides only that lesson", async () => {
    const { api } = await newUser(server);
    const { course, module } = await courseWithModule(api);
    const hidden = await createLesson(api, module.id);
    const shown = await createLesson(api, module.id);
    await api.post(`/courses/${course.id}/publish`);
    expectStatus(await api.post(`/lessons/${hidden.id}/unpublish`), 200);
    expect((await api.get(`/lessons/${hidden.id}`)).body.published_at).toBeNull();
    expect((await api.get(`/lessons/${shown.id}`)).body.published_at).toEqual(anyIso());
    expect((await api.get(`/courses/${course.id}`)).body.published_at).toEqual(anyIso());
  });

  it("publish and unpublish answer 404 for an unknown, malformed or deleted lesson", async () => {
    const { api } = await newUser(server);
    const { module } = await courseWithModule(api);
    const lesson = await createLesson(api, module.id);
    await api.delete(`/lessons/${lesson.id}`);
    for (const action of ["publish", "unpublish"]) {
      expectNotFound(await api.post(`/lessons/${NO_SUCH_ID}/${action}`));
      expectNotFound(await api.post(`/lessons/zz/${action}`));
      expectNotFound(await api.post(`/lessons/${lesson.id}/${action}`));
    }
  });
});

describe("[LESSONS] concurrent moves between modules", () => {
  it("concurrent moves of lessons back and forth between two modules keep both modules at 0..n-1", async () => {
    const { api } = await newUser(server);
    const { course, module: a } = await courseWithModule(api);
    const b = await createModule(api, course.id);
    const inA = [];
    const inB = [];
    for (let i = 0; i < 4; i++) inA.push(await createLesson(api, a.id, { title: `A${i}` }));
    for (let i = 0; i < 4; i++) inB.push(await createLesson(api, b.id, { title: `B${i}` }));
    const travellers = [inA[1], inB[2]];
    const moves = Array.from({ length: 12 }, (_, i) =>
      api.patch(
        `/lessons/${travellers[i % 2].id}`,
        i % 3 === 2 ? { position: i % 4 } : { module_id: i % 4 < 2 ? b.id : a.id, position: i % 3 },
      ),
    );
    for (const res of await Promise.all(moves)) expectStatus(res, 200);
    const lessonsA = (await api.get(`/modules/${a.id}/lessons`)).body.lessons;
    const lessonsB = (await api.get(`/modules/${b.id}/lessons`)).body.lessons;
    expectContiguous(lessonsA);
    expectContiguous(lessonsB);
    const all = [...lessonsA, ...lessonsB].map((l: { id: string }) => l.id).sort();
    expect(all).toEqual([...inA, ...inB].map((l) => l.id).sort());
  });
});
