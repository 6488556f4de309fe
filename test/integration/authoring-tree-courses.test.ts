/**
 * Courses: create, list, read, update, delete, publish and unpublish (course-authoring-service.md,
 * Courses, States and transitions; contract.md, Publishing). Positions and pagination:
 * authoring-tree-positions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyIso, anyUuid, expectNotFound, expectRecent, expectStatus, expectValidation, NO_SUCH_ID } from "../expect";
import {
  type Api,
  backdate,
  createBlock,
  createCourse,
  createLesson,
  createModule,
  createProject,
  minutesAgo,
  newUser,
  setTimestamps,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const source = (i: number) => ({ title: `Source ${i}`, url: `https://example.org/${i}`, last_edited: "2024-02-29" });

async function courseCount(api: Api, projectId: string) {
  return (await api.get(`/projects/${projectId}/courses`)).body.courses.length;
}

describe("[COURSES] POST /projects/{projectId}/courses", () => {
  it("creates a draft course, answering every field", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const sources = [
      { title: "Handbook", url: "https://example.org/handbook", last_edited: "2024-12-31" },
      { title: "Intranet page", url: "http://intranet.example/page?x=1" },
      { title: "Book only" },
    ];
    const res = await api.post(`/projects/${project.id}/courses`, { title: "  Safety  ", description: "Basics", sources, extra: 1 });
    expectStatus(res, 201);
    expect(res.body).toEqual({
      id: anyUuid(),
      project_id: project.id,
      title: "Safety",
      description: "Basics",
      position: 0,
      modules: null,
      published_at: null,
      created_at: anyIso(),
      updated_at: anyIso(),
      sources,
    });
    expectRecent(res.body.created_at);
    const read = await api.get(`/courses/${res.body.id}`);
    expectStatus(read, 200);
    expect(read.body).toEqual({ ...res.body, modules: [] });
  });

  it("defaults description to an empty string and sources to an empty list", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id, { title: "Plain" });
    expect(course).toMatchObject({ title: "Plain", description: "", sources: [], published_at: null });
  });

  it("accepts the edges: title 200, description 2000, 20 sources, source title 200", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const sources = Array.from({ length: 20 }, (_, i) => source(i));
    sources[0] = { ...sources[0], title: "s".repeat(200) };
    const res = await api.post(`/projects/${project.id}/courses`, { title: "t".repeat(200), description: "d".repeat(2000), sources });
    expectStatus(res, 201);
    expect(res.body.title).toBe("t".repeat(200));
    expect(res.body.description).toBe("d".repeat(2000));
    expect(res.body.sources).toEqual(sources);
  });

  it("refuses titles, descriptions and sources out of bounds, and creates nothing", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const path = `/projects/${project.id}/courses`;
    expectValidation(await api.post(path, { title: "t".repeat(201) }), ["title"]);
    expectValidation(await api.post(path, { title: "" }), ["title"]);
    expectValidation(await api.post(path, { title: "  " }), ["title"]);
    expectValidation(await api.post(path, {}), ["title"]);
    expectValidation(await api.post(path, { title: "ok", description: "d".repeat(2001) }), ["description"]);
    expectValidation(await api.post(path, { title: "ok", sources: Array.from({ length: 21 }, (_, i) => source(i)) }), ["sources"]);
    expectValidation(await api.post(path, { title: "ok", sources: [{ title: "x", url: "ftp://example.org/file" }] }), ["sources.0.url"]);
    expectValidation(await api.post(path, { title: "ok", sources: [source(0), { title: "x", url: "not a url" }] }), ["sources.1.url"]);
    expectValidation(await api.post(path, { title: "ok", sources: [{ title: "x", last_edited: "2024-13-01" }] }), [
      "sources.0.last_edited",
    ]);
    expectValidation(await api.post(path, { title: "ok", sources: [{ title: "x", last_edited: "2024-02-30" }] }), [
      "sources.0.last_edited",
    ]);
    expectValidation(await api.post(path, { title: "ok", sources: [{ title: "x", last_edited: "2024-01-01T00:00:00Z" }] }), [
      "sources.0.last_edited",
    ]);
    expectValidation(await api.post(path, { title: "ok", sources: [{ title: "s".repeat(201) }] }), ["sources.0.title"]);
    expectValidation(await api.post(path, { title: "ok", sources: [{ url: "https://example.org" }] }), ["sources.0.title"]);
    expectValidation(await api.post(path, { title: "ok", sources: "https://example.org" }), ["sources"]);
    const invalid = await api.post(path, "{title:", { "content-type": "application/json" });
    expectStatus(invalid, 400);
    expect(invalid.body.code).toBe("invalid_json");
    expect(await courseCount(api, project.id)).toBe(0);
  });

  it("answers 404 for an unknown, malformed or deleted project", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    expectNotFound(await api.post(`/projects/${NO_SUCH_ID}/courses`, { title: "x" }));
    expectNotFound(await api.post("/projects/abc/courses", { title: "x" }));
    await api.delete(`/projects/${project.id}`);
    expectNotFound(await api.post(`/projects/${project.id}/courses`, { title: "x" }));
  });
});

describe("[COURSES] GET /projects/{projectId}/courses", () => {
  it("lists courses in position order without their modules", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const b = await createCourse(api, project.id, { title: "B", sources: [source(1)] });
    const a = await createCourse(api, project.id, { title: "A", position: 0 });
    await createModule(api, a.id);
    const res = await api.get(`/projects/${project.id}/courses`);
    expectStatus(res, 200);
    expect(res.body).toEqual({
      courses: [
        { ...a, position: 0, modules: null },
        { ...b, position: 1, modules: null },
      ],
      has_more: false,
      limit: 500,
      offset: 0,
    });
  });

  it("leaves out deleted courses and answers 404 for an unknown or malformed project", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const gone = await createCourse(api, project.id, { title: "Gone" });
    const kept = await createCourse(api, project.id, { title: "Kept" });
    await api.delete(`/courses/${gone.id}`);
    const res = await api.get(`/projects/${project.id}/courses`);
    expect(res.body.courses.map((c: { id: string }) => c.id)).toEqual([kept.id]);
    expectNotFound(await api.get(`/projects/${NO_SUCH_ID}/courses`));
    expectNotFound(await api.get("/projects/1/courses"));
  });
});

describe("[COURSES] GET /courses/{courseId}", () => {
  it("reads the course with its modules, lessons and blocks in position order", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id, { title: "Tree", sources: [source(3)] });
    const m1 = await createModule(api, course.id, { title: "M1" });
    const m2 = await createModule(api, course.id, { title: "M2" });
    const l2 = await createLesson(api, m1.id, { title: "L2" });
    const l1 = await createLesson(api, m1.id, { title: "L1", position: 0 });
    const block = await createBlock(api, l2.id, { type: "scenario", content: { body: "What now?", reveal: "This." } });
    const deletedModule = await createModule(api, course.id, { title: "Deleted" });
    await api.delete(`/modules/${deletedModule.id}`);

    const res = await api.get(`/courses/${course.id}`);
    expectStatus(res, 200);
    expect(res.body).toEqual({
      ...course,
      modules: [
        {
          ...m1,
          updated_at: anyIso(),
          lessons: [
            { ...l1, blocks: [] },
            { ...l2, position: 1, updated_at: anyIso(), blocks: [block] },
          ],
        },
        { ...m2, lessons: [] },
      ],
    });
  });

  it("answers 404 for an unknown, malformed or deleted course", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    expectNotFound(await api.get(`/courses/${NO_SUCH_ID}`));
    expectNotFound(await api.get("/courses/not-a-uuid"));
    await api.delete(`/courses/${course.id}`);
    expectNotFound(await api.get(`/courses/${course.id}`));
  });
});

describe("[COURSES] PATCH /courses/{courseId}", () => {
  it("updates title and description, keeping created_at and advancing updated_at", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const made = await createCourse(api, project.id, { title: "Old", description: "old", sources: [source(1)] });
    const course = await backdate("courses", made);
    const res = await api.patch(`/courses/${course.id}`, { title: " New ", description: "new" });
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...course, title: "New", description: "new", updated_at: anyIso() });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(course.updated_at).getTime());
    expect((await api.get(`/courses/${course.id}`)).body).toEqual({ ...res.body, modules: [] });
  });

  it("replaces the whole list of sources, and an empty list clears it", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id, { sources: [source(1), source(2)] });
    const replaced = await api.patch(`/courses/${course.id}`, { sources: [source(3)] });
    expectStatus(replaced, 200);
    expect(replaced.body.sources).toEqual([source(3)]);
    expect(replaced.body.title).toBe(course.title);
    const twenty = Array.from({ length: 20 }, (_, i) => source(i));
    expect((await api.patch(`/courses/${course.id}`, { sources: twenty })).body.sources).toEqual(twenty);
    const cleared = await api.patch(`/courses/${course.id}`, { sources: [] });
    expectStatus(cleared, 200);
    expect(cleared.body.sources).toEqual([]);
    expect((await api.get(`/courses/${course.id}`)).body.sources).toEqual([]);
  });

  it("refuses an empty body, unknown fields only, and values out of bounds, changing nothing", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id, { title: "Keep", description: "keep", sources: [source(1)] });
    const path = `/courses/${course.id}`;
    expectValidation(await api.patch(path, {}));
    expectValidation(await api.patch(path, { name: "not a course field", published_at: null }));
    expectValidation(await api.patch(path, { title: "" }), ["title"]);
    expectValidation(await api.patch(path, { title: "t".repeat(201) }), ["title"]);
    expectValidation(await api.patch(path, { description: "d".repeat(2001) }), ["description"]);
    expectValidation(await api.patch(path, { sources: Array.from({ length: 21 }, (_, i) => source(i)) }), ["sources"]);
    expectValidation(await api.patch(path, { sources: [{ title: "x", url: "ftp://example.org" }] }), ["sources.0.url"]);
    expectValidation(await api.patch(path, { sources: [{ title: "x", last_edited: "2024-13-01" }] }), ["sources.0.last_edited"]);
    expectValidation(await api.patch(path, { position: 32768 }), ["position"]);
    expectValidation(await api.patch(path, { position: -1 }), ["position"]);
    expectValidation(await api.patch(path, { title: "Valid", position: -1 }), ["position"]);
    expect((await api.get(path)).body).toEqual({ ...course, modules: [] });
    const edge = await api.patch(path, { title: "t".repeat(200), description: "d".repeat(2000), position: 32767 });
    expectStatus(edge, 200);
    expect(edge.body).toMatchObject({ title: "t".repeat(200), description: "d".repeat(2000), position: 0 });
  });

  it("answers 404 for an unknown, malformed or deleted course", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    expectNotFound(await api.patch(`/courses/${NO_SUCH_ID}`, { title: "x" }));
    expectNotFound(await api.patch("/courses/zzz", { title: "x" }));
    await api.delete(`/courses/${course.id}`);
    expectNotFound(await api.patch(`/courses/${course.id}`, { title: "x" }));
  });
});

describe("[COURSES] DELETE /courses/{courseId}", () => {
  it("hides the course with its modules, lessons and blocks", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const other = await createCourse(api, project.id, { title: "Other" });
    const mod = await createModule(api, course.id);
    const lesson = await createLesson(api, mod.id);
    const block = await createBlock(api, lesson.id);
    const res = await api.delete(`/courses/${course.id}`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ success: true, id: course.id });
    expectNotFound(await api.get(`/courses/${course.id}`));
    expectNotFound(await api.get(`/modules/${mod.id}`));
    expectNotFound(await api.get(`/lessons/${lesson.id}`));
    expectNotFound(await api.get(`/blocks/${block.id}`));
    expectNotFound(await api.get(`/courses/${course.id}/modules`));
    const tree = await api.get(`/projects/${project.id}`);
    expect(tree.body.courses.map((c: { id: string; position: number }) => [c.id, c.position])).toEqual([[other.id, 0]]);
    expectNotFound(await api.delete(`/courses/${course.id}`));
  });

  it("answers 404 for an unknown or malformed course", async () => {
    const { api } = await newUser(server);
    expectNotFound(await api.delete(`/courses/${NO_SUCH_ID}`));
    expectNotFound(await api.delete("/courses/abc"));
  });
});

describe("[COURSES] publish and unpublish", () => {
  it("publishing a draft course publishes it and every draft lesson in it", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const m1 = await createModule(api, course.id);
    const m2 = await createModule(api, course.id);
    const l1 = await createLesson(api, m1.id);
    const l2 = await createLesson(api, m2.id);
    const early = await createLesson(api, m2.id);
    expect((await api.post(`/lessons/${early.id}/publish`)).body.published_at).toEqual(anyIso());
    // Published well before the course, so publishing it again would show.
    const earlyPublished = (await setTimestamps("lessons", early.id, { published_at: minutesAgo(10) })).published_at;

    const res = await api.post(`/courses/${course.id}/publish`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...course, published_at: anyIso(), updated_at: anyIso() });
    expectRecent(res.body.published_at);
    for (const lesson of [l1, l2]) {
      const read = await api.get(`/lessons/${lesson.id}`);
      expectRecent(read.body.published_at);
    }
    expect((await api.get(`/lessons/${early.id}`)).body.published_at).toBe(earlyPublished);
  });

  it("publishing an already published course keeps its published_at and publishes lessons still in draft", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const mod = await createModule(api, course.id);
    const first = await api.post(`/courses/${course.id}/publish`, {});
    expectStatus(first, 200);
    // Published well before the second publish, so a new published_at would show.
    const { published_at: publishedAt } = await setTimestamps("courses", course.id, { published_at: minutesAgo(10) });
    const draft = await createLesson(api, mod.id);
    expect(draft.published_at).toBeNull();
    const again = await api.post(`/courses/${course.id}/publish`);
    expectStatus(again, 200);
    expect(again.body.published_at).toBe(publishedAt);
    expect((await api.get(`/lessons/${draft.id}`)).body.published_at).toEqual(anyIso());
  });

  it("unpublishing clears the course's published_at and leaves its lessons' state alone", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const mod = await createModule(api, course.id);
    const lesson = await createLesson(api, mod.id);
    await api.post(`/courses/${course.id}/publish`);
    const published = (await api.get(`/lessons/${lesson.id}`)).body.published_at;
    expect(published).toEqual(anyIso());

    const res = await api.post(`/courses/${course.id}/unpublish`);
    expectStatus(res, 200);
    expect(res.body).toEqual({ ...course, published_at: null, updated_at: anyIso() });
    expect((await api.get(`/lessons/${lesson.id}`)).body.published_at).toBe(published);
    expect((await api.get(`/courses/${course.id}`)).body.published_at).toBeNull();

    const republished = await api.post(`/courses/${course.id}/publish`);
    expect(republished.body.published_at).toEqual(anyIso());
    expect((await api.get(`/lessons/${lesson.id}`)).body.published_at).toBe(published);
  });

  it("unpublishing a draft course answers the course, still a draft", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const res = await api.post(`/courses/${course.id}/unpublish`, {});
    expectStatus(res, 200);
    expect(res.body.published_at).toBeNull();
  });

  it("publish and unpublish answer 404 for an unknown, malformed or deleted course", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    await api.delete(`/courses/${course.id}`);
    for (const action of ["publish", "unpublish"]) {
      expectNotFound(await api.post(`/courses/${NO_SUCH_ID}/${action}`));
      expectNotFound(await api.post(`/courses/x1/${action}`));
      expectNotFound(await api.post(`/courses/${course.id}/${action}`));
    }
  });
});
