import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "@/lib/api/errors";
import { getBlock } from "@/lib/authoring/blocks/blocks";
import { Block } from "@/lib/authoring/blocks/schemas";
import { Course } from "@/lib/authoring/courses/schemas";
import { CourseOutline, Project, ProjectOutline } from "@/lib/authoring/projects/schemas";
import { getDb } from "@/lib/db/client";
import { expectStatus } from "../expect";
import {
  type Member,
  callerOf,
  createBlock,
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createQuestion,
  createQuiz,
  seedTeam,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { getCourse, getProject } from "../oracles/hierarchy";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What the object path (Prisma rows, DTO functions, the response schema) answers for the project. */
async function objectPath(m: Member, projectId: string) {
  return JSON.parse(JSON.stringify(Project.parse(await getProject(await getDb(), callerOf(m), projectId))));
}

/** A project with every kind of thing the tree shows, and some it must not. */
async function buildVariedProject(author: Member, workspaceId: string) {
  const api = author.api;
  const project = await createProject(api, {
    name: 'Cells «and» "quotes" \\ 🧬',
    description: "Line one\nline two\t",
    workspace_id: workspaceId,
  });
  const category = await createCategory(api, project.id, "Biology");
  const question = await createQuestion(api, project.id, {
    category_id: category.id,
    prompt: "Which organelle makes ATP? <b>bold</b>",
    question_type: "single_choice",
    difficulty: 2,
    options: [
      { label: "Ribosome", is_correct: false },
      { label: "Mitochondrion", is_correct: true },
      { label: "Nucleus", is_correct: false },
    ],
  });
  const gone = await createQuestion(api, project.id, {
    category_id: category.id,
    prompt: "Deleted later",
    question_type: "true_false",
    difficulty: 1,
    options: [
      { label: "True", is_correct: true },
      { label: "False", is_correct: false },
    ],
  });
  const quiz = await createQuiz(api, project.id, [question.id], "Checkpoint");
  const goneQuiz = await createQuiz(api, project.id, [question.id], "Deleted quiz");

  const published = await createCourse(api, project.id, {
    title: "Published course",
    description: "About cells",
    sources: [{ title: "Book", url: "https://example.org/book" }],
  });
  const draft = await createCourse(api, project.id, { title: "Draft course" });
  const mod = await createModule(api, published.id, { title: "Module one" });
  const emptyModule = await createModule(api, published.id, { title: "Empty module" });
  const shown = await createLesson(api, mod.id, { title: "Shown lesson" });
  const hidden = await createLesson(api, mod.id, { title: "Draft lesson" });
  const trashed = await createLesson(api, mod.id, { title: "Trashed lesson" });
  await createBlock(api, shown.id, { type: "text", content: { body: "Cells **are** small. Ünïcödé, \u2028 and </script>" } });
  await createBlock(api, shown.id, { type: "question", question_id: question.id, question_role: "checkpoint" });
  await createBlock(api, shown.id, { type: "question", question_id: gone.id, question_role: "practice" });
  await createBlock(api, shown.id, { type: "quiz", quiz_id: quiz.id });
  await createBlock(api, shown.id, { type: "quiz", quiz_id: goneQuiz.id });
  await createBlock(api, shown.id, {
    type: "glossary",
    content: { terms: [{ term: "ATP", definition: "energy", n: 1.5, nested: { deep: [null, true] } }] },
  });
  const trashedBlock = await createBlock(api, shown.id, { type: "text", content: { body: "in the trash" } });
  const hiddenBlock = await createBlock(api, hidden.id, { type: "diagram", content: { source: "graph TD; A-->B" } });
  const inTrashedLesson = await createBlock(api, trashed.id, { type: "text", content: { body: "lesson in the trash" } });
  const draftModule = await createModule(api, draft.id, { title: "Draft module" });
  const draftLesson = await createLesson(api, draftModule.id, { title: "Lesson of a draft course" });
  const inDraftCourse = await createBlock(api, draftLesson.id, { type: "text", content: { body: "draft course" } });
  expectStatus(await api.post(`/lessons/${draftLesson.id}/publish`, {}), 200);

  expectStatus(await api.delete(`/questions/${gone.id}`), 200);
  expectStatus(await api.delete(`/quizzes/${goneQuiz.id}`), 200);
  expectStatus(await api.delete(`/blocks/${trashedBlock.id}`), 200);
  expectStatus(await api.delete(`/lessons/${trashed.id}`), 200);
  expectStatus(await api.post(`/courses/${published.id}/publish`, {}), 200);
  expectStatus(await api.post(`/lessons/${hidden.id}/unpublish`, {}), 200);
  const unseen = { trashedBlock, hiddenBlock, inTrashedLesson, inDraftCourse };
  return { project, published, draft, mod, emptyModule, shown, hidden, question, unseen };
}

describe("[TREE JSON] the whole-project read built by the database", () => {
  it("answers authors and learners exactly what the object path answers, field for field", async () => {
    const team = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);

    for (const reader of [team.author, team.admin, team.learner]) {
      const res = await reader.api.get(`/projects/${built.project.id}`);
      expectStatus(res, 200);
      const expected = await objectPath(reader, built.project.id);
      expect(res.body).toEqual(expected);
      // Twice: the second answer comes from the cache.
      expect((await reader.api.get(`/projects/${built.project.id}`)).body).toEqual(expected);
    }

    const asLearner = (await team.learner.api.get(`/projects/${built.project.id}`)).body;
    expect(asLearner.courses.map((c: { title: string }) => c.title)).toEqual(["Published course"]);
    expect(asLearner.courses[0].modules[0].lessons.map((l: { title: string }) => l.title)).toEqual(["Shown lesson"]);
    expect(JSON.stringify(asLearner)).not.toContain("is_correct");
    const asAuthor = (await team.author.api.get(`/projects/${built.project.id}`)).body;
    expect(asAuthor.courses.map((c: { title: string }) => c.title)).toEqual(["Published course", "Draft course"]);
    expect(asAuthor.courses[0].modules[0].lessons[0].blocks[1].question.options[1]).toMatchObject({
      label: "Mitochondrion",
      is_correct: true,
    });
    expect(asAuthor.courses[0].modules[1].lessons).toEqual([]);
  }, 120_000);

  it("sends a cached tree larger than 256 KB whole, again and again: the cache's copy is never used up", async () => {
    const team = await seedTeam(server);
    const api = team.author.api;
    const project = await createProject(api, { name: "Big", workspace_id: team.workspace.id });
    const course = await createCourse(api, project.id, { title: "Big course" });
    const mod = await createModule(api, course.id, { title: "Big module" });
    const lesson = await createLesson(api, mod.id, { title: "Big lesson" });
    // ~720 KB of JSON: the cached answer goes out as the cache's own bytes, not a copy.
    for (let i = 0; i < 12; i++)
      await createBlock(api, lesson.id, { type: "text", content: { body: `${i} ${"ä€😀 long text ".repeat(4000)}` } });
    const path = `/projects/${project.id}`;
    const first = await api.get(path);
    expectStatus(first, 200);
    const expected = await objectPath(team.author, project.id);
    expect(first.body).toEqual(expected);
    for (let i = 0; i < 3; i++) {
      const again = await api.get(path);
      expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(Number(again.headers.get("content-length"))).toBeGreaterThan(600_000);
      expect(again.body).toEqual(expected);
    }
  }, 120_000);

  it("tags each version: 304 for the current tag, a new tag after any write, learners and authors never share one", async () => {
    const team = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    const path = `/projects/${built.project.id}`;

    const first = await team.author.api.get(path);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect((await team.author.api.get(path)).headers.get("etag")).toBe(etag);

    const notModified = await team.author.api.get(path, { "if-none-match": etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await team.author.api.get(path, { "if-none-match": '"something-else"' })).status).toBe(200);

    const learnerTag = (await team.learner.api.get(path)).headers.get("etag");
    expect(learnerTag).not.toBe(etag);
    // A learner holding an author's tag gets the learner's body, not a 304.
    expect((await team.learner.api.get(path, { "if-none-match": etag! })).status).toBe(200);

    // Every kind of write moves the tag: a block, an option of a question shown, the project's own name.
    const blockId = first.body.courses[0].modules[0].lessons[0].blocks[0].id;
    expectStatus(await team.author.api.patch(`/blocks/${blockId}`, { content: { body: "Changed" } }), 200);
    const afterBlock = await team.author.api.get(path, { "if-none-match": etag! });
    expect(afterBlock.status).toBe(200);
    expect(afterBlock.body.courses[0].modules[0].lessons[0].blocks[0].content).toEqual({ body: "Changed" });
    const tag2 = afterBlock.headers.get("etag");
    expect(tag2).not.toBe(etag);

    const options = built.question.options.map((o: { id: string; label: string; is_correct: boolean }) => ({
      id: o.id,
      label: o.label,
      is_correct: o.is_correct,
    }));
    options[0].label = "Ribosomes";
    expectStatus(await team.author.api.patch(`/questions/${built.question.id}`, { options }), 200);
    const afterOption = await team.author.api.get(path);
    expect(afterOption.headers.get("etag")).not.toBe(tag2);
    expect(afterOption.body.courses[0].modules[0].lessons[0].blocks[1].question.options[0].label).toBe("Ribosomes");
    expect(afterOption.body).toEqual(await objectPath(team.author, built.project.id));

    expectStatus(await team.author.api.patch(path, { name: "Renamed" }), 200);
    const afterRename = await team.author.api.get(path, { "if-none-match": afterOption.headers.get("etag")! });
    expect(afterRename.status).toBe(200);
    expect(afterRename.body.name).toBe("Renamed");
  }, 120_000);

  it("answers requests that arrive together for a new version with one body and one tag", async () => {
    const team = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    const path = `/projects/${built.project.id}`;
    expectStatus(await team.author.api.patch(`/lessons/${built.shown.id}`, { title: "Fresh version" }), 200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => team.author.api.get(path)));
    const expected = await objectPath(team.author, built.project.id);
    for (const answer of answers) {
      expectStatus(answer, 200);
      expect(answer.body).toEqual(expected);
      expect(answer.headers.get("etag")).toBe(answers[0].headers.get("etag"));
    }
    expect(expected.courses[0].modules[0].lessons[0].title).toBe("Fresh version");
  }, 120_000);

  it("answers GET /courses/{id} as the object path does, tagged by the course's own version", async () => {
    const team = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    const path = `/courses/${built.published.id}`;
    for (const reader of [team.author, team.learner]) {
      const res = await reader.api.get(path);
      expectStatus(res, 200);
      const expected = JSON.parse(JSON.stringify(Course.parse(await getCourse(await getDb(), callerOf(reader), built.published.id))));
      expect(res.body).toEqual(expected);
      expect((await reader.api.get(path, { "if-none-match": res.headers.get("etag")! })).status).toBe(304);
    }
    // A learner may not read a draft course: 403, as before.
    const draft = await team.learner.api.get(`/courses/${built.draft.id}`);
    expectStatus(draft, 403);
    const before = await team.author.api.get(path);
    expectStatus(await team.author.api.patch(`/modules/${built.mod.id}`, { title: "Renamed module" }), 200);
    const after = await team.author.api.get(path, { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(after.body.modules[0].title).toBe("Renamed module");
    // A write in another course of the project leaves this one's tag as it was.
    expectStatus(await team.author.api.patch(`/courses/${built.draft.id}`, { title: "Renamed draft" }), 200);
    expect((await team.author.api.get(path, { "if-none-match": after.headers.get("etag")! })).status).toBe(304);
  }, 120_000);

  it("sees a change another instance made straight in the database", async () => {
    const team = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    const path = `/projects/${built.project.id}`;
    const before = await team.author.api.get(path);
    const db = await getDb();
    // No code of this instance runs: only the database knows.
    await db.$executeRaw`UPDATE lessons SET title = 'Retitled elsewhere' WHERE id = ${built.shown.id}::uuid`;
    const after = await team.author.api.get(path, { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(after.body.courses[0].modules[0].lessons[0].title).toBe("Retitled elsewhere");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  }, 120_000);

  it("answers GET /blocks/{id} with a key (one statement) exactly as the object path answers, field for field", async () => {
    const team = await seedTeam(server);
    const outsider = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    const shown = (await team.author.api.get(`/lessons/${built.shown.id}/blocks`)).body.blocks as { id: string }[];
    const { trashedBlock, hiddenBlock, inTrashedLesson, inDraftCourse } = built.unseen;
    const ids = [...shown.map((b) => b.id), trashedBlock.id, hiddenBlock.id, inTrashedLesson.id, inDraftCourse.id];
    expect(shown).toHaveLength(6);

    /** What the object path (Prisma rows, the DTO, the response schema) answers, or its status when it refuses. */
    const objectBlock = async (m: Member, id: string) => {
      try {
        return { status: 200, body: JSON.parse(JSON.stringify(Block.parse(await getBlock(await getDb(), callerOf(m), id)))) };
      } catch (error) {
        return { status: (error as AppError).status, body: { code: (error as AppError).code } };
      }
    };
    for (const reader of [team.author, team.admin, team.learner, outsider.admin]) {
      for (const id of ids) {
        const res = await reader.api.get(`/blocks/${id}`);
        const expected = await objectBlock(reader, id);
        expect(res.status, `${id} for ${reader.user.name}`).toBe(expected.status);
        if (expected.status === 200) expect(res.body).toEqual(expected.body);
        else expect(res.body).toMatchObject({ code: "not_found", error: "Block not found" });
      }
    }
    // What each sees: authors every block not in the trash (answer keys included), learners the published ones only.
    const seen = async (m: Member) => {
      const answers = await Promise.all(ids.map((id) => m.api.get(`/blocks/${id}`)));
      return answers.flatMap((res, i) => (res.status === 200 ? [ids[i]] : []));
    };
    expect(await seen(team.author)).toEqual([...shown.map((b) => b.id), hiddenBlock.id, inDraftCourse.id]);
    expect(await seen(team.learner)).toEqual(shown.map((b) => b.id));
    expect(await seen(outsider.admin)).toEqual([]);
    const questionBlock = shown[1].id;
    expect((await team.author.api.get(`/blocks/${questionBlock}`)).body.question.options[1]).toMatchObject({ is_correct: true });
    expect(JSON.stringify((await team.learner.api.get(`/blocks/${questionBlock}`)).body)).not.toContain("is_correct");
    expectStatus(await team.author.api.get(`/blocks/00000000-0000-4000-8000-000000000000`), 404);
    expectStatus(await team.author.api.get(`/blocks/not-a-uuid`), 404);
  }, 120_000);

  it("keeps another user's key out, and answers 404 for an unknown project", async () => {
    const team = await seedTeam(server);
    const outsider = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    const tagged = await team.author.api.get(`/projects/${built.project.id}`);
    const res = await outsider.admin.api.get(`/projects/${built.project.id}`, { "if-none-match": tagged.headers.get("etag")! });
    expectStatus(res, 404);
    expect(res.body.code).toBe("not_found");
    expectStatus(await team.author.api.get(`/projects/00000000-0000-4000-8000-000000000000`), 404);
  }, 120_000);

  it("answers an outline: the same tree without blocks, a block count per lesson, tagged apart from the full read", async () => {
    const team = await seedTeam(server);
    const outsider = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    type Tree = { courses: { modules: { lessons: { blocks: unknown[] | null; block_count?: number }[] }[] }[] };
    const outlineOf = (tree: Tree) => ({
      ...tree,
      courses: tree.courses.map((c) => ({
        ...c,
        modules: c.modules.map((m) => ({
          ...m,
          lessons: m.lessons.map((l) => ({ ...l, blocks: null, block_count: l.blocks!.length })),
        })),
      })),
    });

    for (const reader of [team.author, team.learner]) {
      const full = await reader.api.get(`/projects/${built.project.id}`);
      const outline = await reader.api.get(`/projects/${built.project.id}/outline`);
      expectStatus(outline, 200);
      expect(ProjectOutline.parse(outline.body)).toEqual(outline.body);
      expect(outline.body).toEqual(outlineOf(full.body));
      expect(outline.headers.get("etag")).not.toBe(full.headers.get("etag"));
      const again = await reader.api.get(`/projects/${built.project.id}/outline`, { "if-none-match": outline.headers.get("etag")! });
      expect(again.status).toBe(304);
    }
    const authorOutline = (await team.author.api.get(`/projects/${built.project.id}/outline`)).body;
    // Six blocks left in the shown lesson once one went to the trash.
    expect(authorOutline.courses[0].modules[0].lessons[0].block_count).toBe(6);
    expect(JSON.stringify(authorOutline)).not.toContain("Cells **are** small");

    const res = await outsider.admin.api.get(`/projects/${built.project.id}/outline`);
    expectStatus(res, 404);
    expect(res.body.code).toBe("not_found");
  }, 120_000);

  it("answers a course's outline: that course of the project's outline, for authors and learners, tagged apart", async () => {
    const team = await seedTeam(server);
    const outsider = await seedTeam(server);
    const built = await buildVariedProject(team.author, team.workspace.id);
    for (const reader of [team.author, team.learner]) {
      const project = (await reader.api.get(`/projects/${built.project.id}/outline`)).body;
      expect(project.courses.length).toBeGreaterThan(0);
      for (const course of project.courses) {
        const outline = await reader.api.get(`/courses/${course.id}/outline`);
        expectStatus(outline, 200);
        expect(CourseOutline.parse(outline.body)).toEqual(outline.body);
        expect(outline.body).toEqual(course);
        const full = await reader.api.get(`/courses/${course.id}`);
        expect(outline.headers.get("etag")).not.toBe(full.headers.get("etag"));
        const again = await reader.api.get(`/courses/${course.id}/outline`, { "if-none-match": outline.headers.get("etag")! });
        expect(again.status).toBe(304);
      }
    }
    // The learner's outline of a published course holds its published lessons only.
    const authorCourses = (await team.author.api.get(`/projects/${built.project.id}/outline`)).body.courses;
    const learnerCourses = (await team.learner.api.get(`/projects/${built.project.id}/outline`)).body.courses;
    const lessonIds = (course: { modules: { lessons: { id: string }[] }[] }) => course.modules.flatMap((m) => m.lessons.map((l) => l.id));
    const shared = learnerCourses[0];
    const authorView = authorCourses.find((c: { id: string }) => c.id === shared.id);
    expect(lessonIds(authorView).length).toBeGreaterThan(lessonIds(shared).length);
    // A draft course is 403 to a learner, as GET /courses/{id} is; a stranger's key finds nothing.
    const draft = built.draft;
    expectStatus(await team.learner.api.get(`/courses/${draft.id}/outline`), 403);
    expectStatus(await outsider.admin.api.get(`/courses/${draft.id}/outline`), 404);
    expectStatus(await team.author.api.get(`/courses/00000000-0000-4000-8000-000000000000/outline`), 404);
  }, 120_000);
});
