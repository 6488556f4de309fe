/**
 * Shared set-up for the authoring-tree integration tests (authoring-tree-*.test.ts): users with
 * an API client on the course-authoring service, team workspaces with roles, and small trees.
 */
import { expect } from "vitest";
import { getDb } from "@/lib/db/client";
import { createTeamWorkspace, setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";
import type { TestServer } from "../http-server";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";

export type Api = ReturnType<typeof apiClient>;
export type Member = Awaited<ReturnType<typeof seedUser>> & { api: Api };

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const anyUuid = () => expect.stringMatching(UUID_RE);
export const anyIso = () => expect.stringMatching(ISO_RE);
/** A well-formed id that names nothing. */
export const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

export const authoringUrl = (server: TestServer) => `${server.url}/api/authoring`;

/** A new user (personal workspace, admin there) with a client speaking with their key. */
export async function newUser(server: TestServer): Promise<Member> {
  const user = await seedUser();
  return { ...user, api: apiClient(authoringUrl(server), user.key) };
}

/** A team workspace owned (admin) by `owner`, with the other users added in the given roles. */
export async function teamWorkspace(
  owner: Member,
  members: { user: Member; role: "admin" | "author" | "learner" }[] = [],
  name = `Team ${Math.random().toString(36).slice(2, 8)}`,
) {
  const db = await getDb();
  const workspace = await createTeamWorkspace(db, { name, ownerUserId: owner.user.id });
  for (const m of members) await setWorkspaceMember(db, { workspaceId: workspace.id, userId: m.user.user.id, role: m.role });
  return workspace;
}

/** Asserts a response status, showing the body when it differs. */
export function expectStatus(res: { status: number; body: unknown }, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

/** Asserts a 400 validation error naming exactly the given issue paths. */
export function expectValidation(res: { status: number; body: any }, paths?: string[]) {
  expectStatus(res, 400);
  expect(res.body.code).toBe("validation_error");
  expect(typeof res.body.error).toBe("string");
  expect(Array.isArray(res.body.details?.issues)).toBe(true);
  expect(res.body.details.issues.length).toBeGreaterThan(0);
  for (const issue of res.body.details.issues) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  if (paths) expect(res.body.details.issues.map((i: { path: string }) => i.path).sort()).toEqual([...paths].sort());
}

export function expectNotFound(res: { status: number; body: any }) {
  expectStatus(res, 404);
  expect(res.body).toEqual({ error: expect.any(String), code: "not_found" });
}

export async function createProject(api: Api, body: Record<string, unknown> = {}) {
  const res = await api.post("/projects", { name: "Project", ...body });
  expectStatus(res, 201);
  return res.body;
}

export async function createCourse(api: Api, projectId: string, body: Record<string, unknown> = {}) {
  const res = await api.post(`/projects/${projectId}/courses`, { title: "Course", ...body });
  expectStatus(res, 201);
  return res.body;
}

export async function createModule(api: Api, courseId: string, body: Record<string, unknown> = {}) {
  const res = await api.post(`/courses/${courseId}/modules`, { title: "Module", ...body });
  expectStatus(res, 201);
  return res.body;
}

export async function createLesson(api: Api, moduleId: string, body: Record<string, unknown> = {}) {
  const res = await api.post(`/modules/${moduleId}/lessons`, { title: "Lesson", ...body });
  expectStatus(res, 201);
  return res.body;
}

export async function createBlock(api: Api, lessonId: string, body: Record<string, unknown> = { type: "text", content: { body: "Hello" } }) {
  const res = await api.post(`/lessons/${lessonId}/blocks`, body);
  expectStatus(res, 201);
  return res.body;
}

/** A project > course > module > lesson > text block chain. */
export async function createTree(api: Api, projectBody: Record<string, unknown> = {}) {
  const project = await createProject(api, projectBody);
  const course = await createCourse(api, project.id);
  const module = await createModule(api, course.id);
  const lesson = await createLesson(api, module.id);
  const block = await createBlock(api, lesson.id);
  return { project, course, module, lesson, block };
}

/** A category, a true/false question (first option correct) and a quiz holding it, in one project. */
export async function createQuestionAndQuiz(api: Api, projectId: string, label = "Q") {
  const category = await api.post(`/projects/${projectId}/categories`, { name: `Category ${label}` });
  expectStatus(category, 201);
  const question = await api.post(`/projects/${projectId}/questions`, {
    category_id: category.body.id,
    prompt: `${label}: is the sky blue?`,
    question_type: "true_false",
    difficulty: 2,
    options: [
      { label: "True", is_correct: true },
      { label: "False", is_correct: false },
    ],
  });
  expectStatus(question, 201);
  const quiz = await api.post(`/projects/${projectId}/quizzes`, { title: `Quiz ${label}`, question_ids: [question.body.id] });
  expectStatus(quiz, 201);
  return { category: category.body, question: question.body, quiz: quiz.body };
}

/** Siblings keep positions 0..n-1 in display order, with no gaps and no duplicates. */
export function expectContiguous(items: { position: number }[]) {
  expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i));
}

/** Reads every item of a list by walking it with limit=1, checking each page's bookkeeping. */
export async function walkList(api: Api, path: string, key: string) {
  const seen: any[] = [];
  for (let offset = 0; ; offset += 1) {
    const res = await api.get(`${path}?limit=1&offset=${offset}`);
    expectStatus(res, 200);
    expect(res.body.limit).toBe(1);
    expect(res.body.offset).toBe(offset);
    expect(res.body[key].length).toBeLessThanOrEqual(1);
    seen.push(...res.body[key]);
    if (!res.body.has_more) break;
    expect(res.body[key]).toHaveLength(1);
    expect(offset).toBeLessThan(100);
  }
  return seen;
}

/** Asserts a timestamp is ISO 8601 and taken during the test (within a minute of now). */
export function expectRecent(value: string) {
  expect(value).toMatch(ISO_RE);
  expect(Math.abs(Date.now() - new Date(value).getTime())).toBeLessThan(60_000);
}

export type Ids = { projectId: string; deletedProjectId: string; courseId: string; moduleId: string; lessonId: string; blockId: string };
export type Call = { method: "get" | "post" | "patch" | "delete"; path: string; body?: unknown };

/** Every endpoint of the course tree that names a resource in its path. */
export function treeEndpoints(ids: Ids): Call[] {
  const { projectId, deletedProjectId, courseId, moduleId, lessonId, blockId } = ids;
  return [
    { method: "get", path: `/projects/${projectId}` },
    { method: "patch", path: `/projects/${projectId}`, body: { name: "Taken over" } },
    { method: "get", path: `/projects/${projectId}/courses` },
    { method: "post", path: `/projects/${projectId}/courses`, body: { title: "Intruder" } },
    { method: "get", path: `/courses/${courseId}` },
    { method: "patch", path: `/courses/${courseId}`, body: { title: "Taken over", position: 5 } },
    { method: "post", path: `/courses/${courseId}/publish` },
    { method: "post", path: `/courses/${courseId}/unpublish` },
    { method: "get", path: `/courses/${courseId}/modules` },
    { method: "post", path: `/courses/${courseId}/modules`, body: { title: "Intruder" } },
    { method: "get", path: `/modules/${moduleId}` },
    { method: "patch", path: `/modules/${moduleId}`, body: { title: "Taken over" } },
    { method: "get", path: `/modules/${moduleId}/lessons` },
    { method: "post", path: `/modules/${moduleId}/lessons`, body: { title: "Intruder" } },
    { method: "get", path: `/lessons/${lessonId}` },
    { method: "patch", path: `/lessons/${lessonId}`, body: { title: "Taken over" } },
    { method: "post", path: `/lessons/${lessonId}/publish` },
    { method: "post", path: `/lessons/${lessonId}/unpublish` },
    { method: "get", path: `/lessons/${lessonId}/blocks` },
    { method: "post", path: `/lessons/${lessonId}/blocks`, body: { type: "text", content: { body: "Intruder" } } },
    { method: "get", path: `/blocks/${blockId}` },
    { method: "patch", path: `/blocks/${blockId}`, body: { content: { body: "Taken over" } } },
    { method: "post", path: `/projects/${deletedProjectId}/restore` },
    { method: "delete", path: `/blocks/${blockId}` },
    { method: "delete", path: `/lessons/${lessonId}` },
    { method: "delete", path: `/modules/${moduleId}` },
    { method: "delete", path: `/courses/${courseId}` },
    { method: "delete", path: `/projects/${projectId}` },
  ];
}

/** The endpoints that name no resource in their path. */
export const topLevelEndpoints: Call[] = [
  { method: "get", path: "/workspaces" },
  { method: "get", path: "/projects" },
  { method: "post", path: "/projects", body: { name: "New" } },
  { method: "get", path: "/projects/deleted" },
];

export function call(api: Api, c: Call) {
  return c.method === "get" || c.method === "delete" ? api[c.method](c.path) : api[c.method](c.path, c.body);
}
