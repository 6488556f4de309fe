/**
 * Who may see and change the course tree: learners in a team workspace and other users
 * (course-authoring-service.md, Authentication; contract.md, Roles). Every endpoint with another
 * user's key, without a key and with ids naming nothing: authorization-matrix.test.ts and
 * every-endpoint.test.ts, generated from the endpoint registry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authoringEndpoints } from "@/lib/authoring/endpoints";
import { authoringSampleBodies } from "../authoring-samples";
import { expectNotFound, expectStatus } from "../expect";
import {
  addComment,
  createBlock,
  createCourse,
  createFamily,
  createLesson,
  createModule,
  createProject,
  createQuestionAndQuiz,
  createReviewLink,
  createTree,
  newUser,
  suggestChange,
  teamWorkspace,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { callEndpoint, fillPath } from "../services";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[ACCESS] another user's key", () => {
  it("lists none of another user's workspaces, projects or deleted projects, and cannot create in their workspace", async () => {
    const owner = await newUser(server);
    const stranger = await newUser(server);
    await createTree(owner.api);
    const team = await teamWorkspace(owner);
    const workspaces = await stranger.api.get("/workspaces");
    expect(workspaces.body.workspaces.map((w: { id: string }) => w.id)).toEqual([stranger.personalWorkspace.id]);
    expect((await stranger.api.get("/projects")).body).toEqual({ projects: [] });
    expect((await stranger.api.get("/projects/deleted")).body).toEqual({ projects: [] });
    expectNotFound(await stranger.api.post("/projects", { name: "Squat", workspace_id: owner.personalWorkspace.id }));
    expectNotFound(await stranger.api.post("/projects", { name: "Squat", workspace_id: team.id }));
    expect((await owner.api.get("/projects")).body.projects).toHaveLength(1);
  });

  it("cannot move their own lesson or block into another user's module or lesson", async () => {
    const owner = await newUser(server);
    const stranger = await newUser(server);
    const target = await createTree(owner.api);
    const before = (await owner.api.get(`/projects/${target.project.id}`)).body;
    const own = await createTree(stranger.api);
    const lessonMove = await stranger.api.patch(`/lessons/${own.lesson.id}`, { module_id: target.module.id });
    expectStatus(lessonMove, 400);
    expect(lessonMove.body.code).toBe("validation_error");
    const blockMove = await stranger.api.patch(`/blocks/${own.block.id}`, { lesson_id: target.lesson.id });
    expectStatus(blockMove, 400);
    expect(blockMove.body.code).toBe("validation_error");
    expect((await owner.api.get(`/projects/${target.project.id}`)).body).toEqual(before);
    expect((await stranger.api.get(`/lessons/${own.lesson.id}`)).body.module_id).toBe(own.module.id);
    expect((await stranger.api.get(`/blocks/${own.block.id}`)).body.lesson_id).toBe(own.lesson.id);
  });
});

describe("[ACCESS] a learner in a team workspace", () => {
  /**
   * A team project with a published course (a published lesson with a text, a question and a quiz
   * block; a draft lesson) and a draft course (with a lesson published on its own).
   */
  async function learnerSetup() {
    const owner = await newUser(server);
    const learner = await newUser(server);
    const team = await teamWorkspace(owner, [{ user: learner, role: "learner" }], "Academy");
    const project = await createProject(owner.api, { name: "Academy project", workspace_id: team.id });
    const { category, question, quiz } = await createQuestionAndQuiz(owner.api, project.id);
    const family = await createFamily(owner.api, project.id);
    const published = await createCourse(owner.api, project.id, { title: "Published" });
    const draft = await createCourse(owner.api, project.id, { title: "Draft" });
    const mod = await createModule(owner.api, published.id);
    const visible = await createLesson(owner.api, mod.id, { title: "Visible" });
    const text = await createBlock(owner.api, visible.id, { type: "text", content: { body: "Read me" } });
    const questionBlock = await createBlock(owner.api, visible.id, {
      type: "question",
      question_id: question.id,
      question_role: "practice",
    });
    const quizBlock = await createBlock(owner.api, visible.id, { type: "quiz", quiz_id: quiz.id });
    expectStatus(await owner.api.post(`/courses/${published.id}/publish`), 200);
    const hidden = await createLesson(owner.api, mod.id, { title: "Hidden draft" });
    const draftModule = await createModule(owner.api, draft.id);
    const draftLesson = await createLesson(owner.api, draftModule.id, { title: "Published lesson, draft course" });
    expectStatus(await owner.api.post(`/lessons/${draftLesson.id}/publish`), 200);
    return {
      owner,
      learner,
      team,
      project,
      category,
      family,
      question,
      quiz,
      published,
      draft,
      module: mod,
      visible,
      text,
      questionBlock,
      quizBlock,
      hidden,
      draftModule,
      draftLesson,
    };
  }

  const noAnswers = (options: Record<string, unknown>[]) => {
    expect(options.length).toBe(2);
    for (const option of options) {
      expect(Object.keys(option).sort()).toEqual(["id", "label", "sort_order"]);
    }
  };

  it("sees only published courses and lessons in GET /projects and GET /projects/{id}, without answer keys", async () => {
    const s = await learnerSetup();
    const list = await s.learner.api.get("/projects");
    expectStatus(list, 200);
    expect(list.body.projects).toEqual([{ ...s.project, courses: null, updated_at: expect.any(String) }]);

    const res = await s.learner.api.get(`/projects/${s.project.id}`);
    expectStatus(res, 200);
    expect(res.body.courses.map((c: { id: string }) => c.id)).toEqual([s.published.id]);
    const [course] = res.body.courses;
    expect(course.published_at).not.toBeNull();
    expect(course.modules.map((m: { id: string }) => m.id)).toEqual([s.module.id]);
    expect(course.modules[0].lessons.map((l: { id: string }) => l.id)).toEqual([s.visible.id]);
    const blocks = course.modules[0].lessons[0].blocks;
    expect(blocks.map((b: { id: string }) => b.id)).toEqual([s.text.id, s.questionBlock.id, s.quizBlock.id]);
    noAnswers(blocks[1].question.options);
    expect(blocks[2].quiz).toEqual({ id: s.quiz.id, title: s.quiz.title });
    expect(JSON.stringify(res.body)).not.toContain("is_correct");

    const ownerView = await s.owner.api.get(`/projects/${s.project.id}`);
    expect(ownerView.body.courses).toHaveLength(2);
    expect(JSON.stringify(ownerView.body)).toContain("is_correct");
  });

  it("reads a published course without its draft lessons, and gets 403 for a course that is not published", async () => {
    const s = await learnerSetup();
    const course = await s.learner.api.get(`/courses/${s.published.id}`);
    expectStatus(course, 200);
    expect(course.body.modules[0].lessons.map((l: { id: string }) => l.id)).toEqual([s.visible.id]);
    expect(JSON.stringify(course.body)).not.toContain("is_correct");

    const forbidden = await s.learner.api.get(`/courses/${s.draft.id}`);
    expectStatus(forbidden, 403);
    expect(forbidden.body).toEqual({ error: expect.any(String), code: "forbidden" });
    expectNotFound(await s.learner.api.get(`/courses/${s.draft.id}/modules`));
    expectNotFound(await s.learner.api.get(`/modules/${s.draftModule.id}`));
    expectNotFound(await s.learner.api.get(`/modules/${s.draftModule.id}/lessons`));
    expectNotFound(await s.learner.api.get(`/lessons/${s.draftLesson.id}`));
    expectNotFound(await s.learner.api.get(`/lessons/${s.draftLesson.id}/blocks`));
  });

  it("lists and reads only published courses and lessons, and blocks without answer keys", async () => {
    const s = await learnerSetup();
    const courses = await s.learner.api.get(`/projects/${s.project.id}/courses`);
    expect(courses.body.courses.map((c: { id: string }) => c.id)).toEqual([s.published.id]);
    const modules = await s.learner.api.get(`/courses/${s.published.id}/modules`);
    expect(modules.body.modules.map((m: { id: string }) => m.id)).toEqual([s.module.id]);
    expectStatus(await s.learner.api.get(`/modules/${s.module.id}`), 200);
    const lessons = await s.learner.api.get(`/modules/${s.module.id}/lessons`);
    expect(lessons.body.lessons.map((l: { id: string }) => l.id)).toEqual([s.visible.id]);
    expectStatus(await s.learner.api.get(`/lessons/${s.visible.id}`), 200);
    expectNotFound(await s.learner.api.get(`/lessons/${s.hidden.id}`));
    expectNotFound(await s.learner.api.get(`/lessons/${s.hidden.id}/blocks`));

    const blocks = await s.learner.api.get(`/lessons/${s.visible.id}/blocks`);
    expectStatus(blocks, 200);
    expect(blocks.body.blocks.map((b: { id: string }) => b.id)).toEqual([s.text.id, s.questionBlock.id, s.quizBlock.id]);
    noAnswers(blocks.body.blocks[1].question.options);
    const block = await s.learner.api.get(`/blocks/${s.questionBlock.id}`);
    expectStatus(block, 200);
    noAnswers(block.body.question.options);
    expect({ ...block.body, question: null }).toEqual({ ...s.questionBlock, question: null });
    expect(
      (await s.owner.api.get(`/blocks/${s.questionBlock.id}`)).body.question.options.map((o: { is_correct: boolean }) => o.is_correct),
    ).toEqual([true, false]);
  });

  it("loses sight of a course when it is unpublished and of a lesson when it is unpublished", async () => {
    const s = await learnerSetup();
    expectStatus(await s.owner.api.post(`/lessons/${s.visible.id}/unpublish`), 200);
    expectNotFound(await s.learner.api.get(`/lessons/${s.visible.id}`));
    expectNotFound(await s.learner.api.get(`/blocks/${s.text.id}`));
    expect((await s.learner.api.get(`/courses/${s.published.id}`)).body.modules[0].lessons).toEqual([]);
    expectStatus(await s.owner.api.post(`/lessons/${s.visible.id}/publish`), 200);

    expectStatus(await s.owner.api.post(`/courses/${s.published.id}/unpublish`), 200);
    expectStatus(await s.learner.api.get(`/courses/${s.published.id}`), 403);
    expect((await s.learner.api.get(`/projects/${s.project.id}`)).body.courses).toEqual([]);
    expectNotFound(await s.learner.api.get(`/lessons/${s.visible.id}`));

    expectStatus(await s.owner.api.post(`/courses/${s.published.id}/publish`), 200);
    const again = await s.learner.api.get(`/courses/${s.published.id}`);
    expectStatus(again, 200);
    expect(again.body.modules[0].lessons.map((l: { id: string }) => l.id)).toContain(s.visible.id);
  });

  it("gets 404 for every write and 403 for creating a project in the team workspace, and nothing changes", async () => {
    const s = await learnerSetup();
    const deleted = await createProject(s.owner.api, { name: "Deleted team project", workspace_id: s.team.id });
    expectStatus(await s.owner.api.delete(`/projects/${deleted.id}`), 200);
    // A thread, a suggestion and a review link of the published course, for the review's writes.
    const thread = await addComment(s.owner.api, s.text.id);
    const suggestion = await suggestChange(s.owner.api, s.text.id, { content: { body: "Suggested" } });
    const link = await createReviewLink(s.owner.api, s.published.id);
    const before = (await s.owner.api.get(`/projects/${s.project.id}`)).body;
    const reviewBefore = {
      comments: (await s.owner.api.get(`/courses/${s.published.id}/comments`)).body,
      suggestions: (await s.owner.api.get(`/courses/${s.published.id}/suggestions`)).body,
      links: (await s.owner.api.get(`/courses/${s.published.id}/review-links`)).body,
    };
    // Every write of the course-authoring service that names an item, aimed at the team's items
    // (the published course and its visible lesson included), except submitting a quiz, which
    // learners may (contract.md, Roles), and a review link's own, which are anyone's with the link;
    // plus publishing what is still a draft.
    const ids = {
      projectId: s.project.id,
      courseId: s.published.id,
      moduleId: s.module.id,
      lessonId: s.visible.id,
      blockId: s.text.id,
      quizId: s.quiz.id,
      questionId: s.question.id,
      categoryId: s.category.id,
      familyId: s.family.id,
      keyId: s.owner.apiKeyId,
      commentId: thread.id,
      suggestionId: suggestion.id,
      reviewLinkId: link.id,
    };
    const bodies = authoringSampleBodies({
      workspaceId: s.team.id,
      courseId: s.published.id,
      categoryId: s.category.id,
      question: s.question,
    });
    const writes = authoringEndpoints
      .filter((e) => e.method !== "GET" && e.path.includes("{") && e.operationId !== "submit_quiz" && !e.isPublic)
      .map((e) => ({
        endpoint: e,
        path: fillPath(e.path, { ...ids, ...(e.operationId === "restore_project" ? { projectId: deleted.id } : {}) }),
      }));
    const publishDrafts = authoringEndpoints.filter((e) => e.operationId === "publish_course" || e.operationId === "publish_lesson");
    writes.push(
      { endpoint: publishDrafts.find((e) => e.operationId === "publish_course")!, path: `/courses/${s.draft.id}/publish` },
      { endpoint: publishDrafts.find((e) => e.operationId === "publish_lesson")!, path: `/lessons/${s.hidden.id}/publish` },
    );
    expect(writes.length).toBeGreaterThanOrEqual(30);
    for (const { endpoint, path } of writes) {
      const res = await callEndpoint(s.learner.api, endpoint, path, bodies[endpoint.operationId]);
      expect(res.status, `${endpoint.method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String), code: "not_found" });
    }
    expect((await s.owner.api.get(`/projects/${s.project.id}`)).body).toEqual(before);
    expect({
      comments: (await s.owner.api.get(`/courses/${s.published.id}/comments`)).body,
      suggestions: (await s.owner.api.get(`/courses/${s.published.id}/suggestions`)).body,
      links: (await s.owner.api.get(`/courses/${s.published.id}/review-links`)).body,
    }).toEqual(reviewBefore);
    expect((await s.owner.api.get("/projects/deleted")).body.projects.map((p: { id: string }) => p.id)).toEqual([deleted.id]);
    expect((await s.learner.api.get("/projects/deleted")).body).toEqual({ projects: [] });

    const create = await s.learner.api.post("/projects", { name: "Mine", workspace_id: s.team.id });
    expectStatus(create, 403);
    expect(create.body.code).toBe("forbidden");
    expect((await s.owner.api.get("/projects")).body.projects.map((p: { id: string }) => p.id)).toEqual([s.project.id]);
  });
});
