/**
 * A classroom for the learner's side: a team workspace whose admin wrote a published course, with
 * an author and learners in it. Each call makes new users and content.
 */
import { getDb } from "@/lib/db/client";
import { apiClient } from "./api-client";
import {
  correctOptionIds,
  createBlock,
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createQuestionOfKind,
  createQuiz,
  minutesAgo,
  newUser,
  teamWorkspace,
  wrongOptionIds,
} from "./factories";
import type { TestServer } from "./http-server";

export async function classroom(server: TestServer, learnerNames = ["Lee Learner"]) {
  const admin = await newUser(server, { name: "Olive Owner" });
  const author = await newUser(server, { name: "Pat Author" });
  const learners = [];
  for (const name of learnerNames) learners.push(await newUser(server, { name }));
  const team = await teamWorkspace(admin, [
    { user: author, role: "author" },
    ...learners.map((user) => ({ user, role: "learner" as const })),
  ]);
  const api = admin.api;
  const project = await createProject(api, { name: "Onboarding", workspace_id: team.id });
  const course = await createCourse(api, project.id, { title: "Safety basics" });
  const mod = await createModule(api, course.id, { title: "On site" });
  const first = await createLesson(api, mod.id, { title: "Hard hats" });
  const second = await createLesson(api, mod.id, { title: "Exits" });
  const draft = await createLesson(api, mod.id, { title: "Draft" });
  const category = await createCategory(api, project.id, "Safety");
  const questions = [
    await createQuestionOfKind(api, project.id, category.id, "single"),
    await createQuestionOfKind(api, project.id, category.id, "single"),
  ];
  const quiz = await createQuiz(
    api,
    project.id,
    questions.map((q) => q.id),
    "Exit check",
  );
  await createBlock(api, second.id, { type: "quiz", quiz_id: quiz.id });
  await api.post(`/courses/${course.id}/publish`);
  await api.post(`/lessons/${draft.id}/unpublish`);
  /** A client of the app's own endpoints (/api/learn, /api/projects/{id}/results) with a member's key. */
  const app = (member: { key: string }) => apiClient(`${server.url}/api`, member.key);
  /** Answers for the quiz with the first `right` questions right and the rest wrong. */
  const answers = (right: number) => ({
    answers: questions.map((q, i) => ({
      question_id: q.id,
      selected_option_ids: i < right ? correctOptionIds(q) : wrongOptionIds(q).slice(0, 1),
    })),
  });
  return {
    admin,
    author,
    learners,
    learner: learners[0],
    team,
    api,
    app,
    project,
    course,
    module: mod,
    first,
    second,
    draft,
    questions,
    quiz,
    answers,
  };
}

/**
 * Gives quiz attempts created_at a minute apart in the order given, oldest first, so "the last
 * attempt" has one answer however fast they were made.
 */
export async function attemptsInOrder(attemptIds: string[]) {
  const db = await getDb();
  for (const [i, id] of attemptIds.entries()) {
    await db.quizAttempt.update({ where: { id }, data: { createdAt: minutesAgo(attemptIds.length - i) } });
  }
}
