/**
 * GET /courses/{courseId}/publish-checks: what learners would meet that the author did not mean,
 * named by lesson, block and quiz, over real HTTP on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBlock,
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createQuestion,
  createQuiz,
  newUser,
  questionOfKind,
  textBlock,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const video = (source: Record<string, unknown>) => ({ type: "video", content: { source, title: "Clip", caption: "" } });

describe("[PUBLISH CHECKS] a course's problems before publishing", () => {
  it("names empty lessons, unplayable videos, trashed questions and quizzes and empty quizzes, in course order; diagrams are handed back", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id, { title: "Security basics" });
    const first = await createModule(api, course.id, { title: "First" });
    const second = await createModule(api, course.id, { title: "Second" });
    const empty = await createLesson(api, first.id, { title: "Empty lesson" });
    const media = await createLesson(api, first.id, { title: "Media lesson" });
    const fine = await createLesson(api, second.id, { title: "Fine lesson" });
    const checks = await createLesson(api, second.id, { title: "Checks lesson" });

    const goodVideo = await createBlock(api, media.id, video({ type: "youtube", id: "dQw4w9WgXcQ", start: 30 }));
    const vimeo = await createBlock(api, media.id, video({ type: "youtube", id: "https://vimeo.com/123456", start: 0 }));
    const negative = await createBlock(api, media.id, video({ type: "youtube", id: "dQw4w9WgXcQ", start: -5 }));
    const script = await createBlock(api, media.id, video({ type: "url", url: "javascript:alert(1)" }));
    const diagram = await createBlock(api, media.id, {
      type: "diagram",
      content: { source: { type: "mermaid", code: "graph TD; A-->" }, caption: "" },
    });
    await textBlock(api, fine.id, "All good");

    const category = await createCategory(api, project.id);
    const trashed = await createQuestion(api, project.id, questionOfKind(category.id));
    const kept = await createQuestion(api, project.id, { ...questionOfKind(category.id), prompt: "Kept?" });
    const questionBlock = await createBlock(api, checks.id, { type: "question", question_id: trashed.id, question_role: "practice" });
    await createBlock(api, checks.id, { type: "question", question_id: kept.id, question_role: "practice" });
    const emptyQuiz = await createQuiz(api, project.id, [], "Empty quiz");
    const emptyQuizBlock = await createBlock(api, checks.id, { type: "quiz", quiz_id: emptyQuiz.id });
    const goneQuiz = await createQuiz(api, project.id, [kept.id], "Gone quiz");
    const goneQuizBlock = await createBlock(api, checks.id, { type: "quiz", quiz_id: goneQuiz.id });
    const fullQuiz = await createQuiz(api, project.id, [kept.id], "Full quiz");
    await createBlock(api, checks.id, { type: "quiz", quiz_id: fullQuiz.id });
    expect((await api.delete(`/questions/${trashed.id}`)).status).toBe(200);
    expect((await api.delete(`/quizzes/${goneQuiz.id}`)).status).toBe(200);

    const res = await api.get(`/courses/${course.id}/publish-checks`);
    expect(res.status).toBe(200);
    const found = res.body.problems.map((p: any) => [p.code, p.lesson_title, p.block_id, p.quiz_id]);
    expect(res.body.problems.map((p: any) => p.block_position)).toEqual([null, 1, 2, 3, 0, 2, 3]);
    expect(found).toEqual([
      ["lesson_without_blocks", "Empty lesson", null, null],
      ["invalid_video", "Media lesson", vimeo.id, null],
      ["invalid_video", "Media lesson", negative.id, null],
      ["invalid_video", "Media lesson", script.id, null],
      ["question_in_trash", "Checks lesson", questionBlock.id, null],
      ["quiz_without_questions", "Checks lesson", emptyQuizBlock.id, emptyQuiz.id],
      ["quiz_in_trash", "Checks lesson", goneQuizBlock.id, null],
    ]);
    expect(found.some(([, , blockId]: string[]) => blockId === goodVideo.id)).toBe(false);
    expect(res.body.problems[1].message).toMatch(/vimeo\.com.*not a YouTube video ID/);
    expect(res.body.problems[2].message).toMatch(/start time \(-5\)/);
    expect(res.body.problems[0].lesson_id).toBe(empty.id);
    expect(res.body.diagrams).toEqual([
      { lesson_id: media.id, lesson_title: "Media lesson", block_id: diagram.id, block_position: 4, code: "graph TD; A-->" },
    ]);
    // Some thirty requests after the file's fresh database is migrated: more than the default 30 s on a busy machine.
  }, 120_000);

  it("answers no problems for a course whose lessons are all sound, and leaves out what is in the trash", async () => {
    const { api } = await newUser(server);
    const project = await createProject(api);
    const course = await createCourse(api, project.id);
    const mod = await createModule(api, course.id);
    const lesson = await createLesson(api, mod.id, { title: "Sound" });
    await textBlock(api, lesson.id, "Hello");
    const deletedLesson = await createLesson(api, mod.id, { title: "Deleted, and empty" });
    expect((await api.delete(`/lessons/${deletedLesson.id}`)).status).toBe(200);
    const res = await api.get(`/courses/${course.id}/publish-checks`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ course_id: course.id, problems: [], diagrams: [] });
  });
});
