/**
 * The one home of the tests' set-up: users with a key and a client, team workspaces with roles,
 * course trees and question banks made through the API, and timestamps set directly so that an
 * ordering test never waits for the clock.
 */
import { randomBytes } from "node:crypto";
import { createUser } from "@/lib/accounts/create-user";
import type { Caller } from "@/lib/api/authenticate";
import { createApiKey } from "@/lib/api-keys/api-keys";
import type { QuestionDto } from "@/lib/authoring/questions/schemas";
import { getDb } from "@/lib/db/client";
import { createTeamWorkspace, setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";
import { apiClient } from "./api-client";
import { expectStatus } from "./expect";
import type { TestServer } from "./http-server";

export type Api = ReturnType<typeof apiClient>;

// ---- Users and workspaces ---------------------------------------------------------------------

/** A new user with a personal workspace and an API key; every call makes a different one. */
export async function seedUser(overrides: { name?: string; email?: string; password?: string } = {}) {
  const db = await getDb();
  const suffix = randomBytes(4).toString("hex");
  const password = overrides.password ?? `pw-${randomBytes(9).toString("base64url")}`;
  const { user, workspace } = await createUser(
    db,
    {
      email: overrides.email ?? `user-${suffix}@example.test`,
      password,
      name: overrides.name ?? `User ${suffix}`,
    },
    { verified: true },
  );
  const apiKey = await createApiKey(db, { userId: user.id, name: "test key" });
  return { user, password, personalWorkspace: workspace, key: apiKey.key, apiKeyId: apiKey.id };
}

export type Member = Awaited<ReturnType<typeof seedUser>> & { api: Api };

/** The caller a seeded user's API key authenticates as: for calling domain functions directly. */
export const callerOf = (m: { user: { id: string; name: string; email: string }; apiKeyId: string }): Caller => ({
  userId: m.user.id,
  name: m.user.name,
  email: m.user.email,
  via: "api_key",
  apiKeyId: m.apiKeyId,
  apiKey: { name: "test key", prefix: "" },
});

export const authoringUrl = (server: TestServer) => `${server.url}/api/authoring`;

/** A client of the course-authoring service speaking with `key` (none: anonymous). */
export const authoringClient = (server: TestServer, key?: string) => apiClient(authoringUrl(server), key);

/** A new user (personal workspace, admin there) with a client speaking with their key. */
export async function newUser(server: TestServer, overrides: Parameters<typeof seedUser>[0] = {}): Promise<Member> {
  const user = await seedUser(overrides);
  return { ...user, api: authoringClient(server, user.key) };
}

export type Role = "admin" | "author" | "learner";

/** A team workspace owned (admin) by `owner`, with the other users added in the given roles. */
export async function teamWorkspace(
  owner: { user: { id: string } },
  members: { user: { user: { id: string } }; role: Role }[] = [],
  name = `Team ${randomBytes(3).toString("hex")}`,
) {
  const db = await getDb();
  const workspace = await createTeamWorkspace(db, { name, ownerUserId: owner.user.id });
  for (const m of members) await setWorkspaceMember(db, { workspaceId: workspace.id, userId: m.user.user.id, role: m.role });
  return workspace;
}

/** A team workspace whose admin, author and learner are three new users, each with a client. */
export async function seedTeam(server: TestServer, name = "Team") {
  const [admin, author, learner] = await Promise.all([newUser(server), newUser(server), newUser(server)]);
  const workspace = await teamWorkspace(
    admin,
    [
      { user: author, role: "author" },
      { user: learner, role: "learner" },
    ],
    name,
  );
  return { workspace, admin, author, learner };
}

/** A new user with a project in their personal workspace. */
export async function newUserWithProject(server: TestServer, projectName = "Project") {
  const member = await newUser(server);
  const project = await createProject(member.api, { name: projectName, workspace_id: member.personalWorkspace.id });
  return { ...member, projectId: project.id as string };
}

/** seedTeam, with a project its admin made in the team workspace. */
export async function seedTeamWithProject(server: TestServer, projectName = "Team project") {
  const team = await seedTeam(server);
  const project = await createProject(team.admin.api, { name: projectName, workspace_id: team.workspace.id });
  return { ...team, projectId: project.id as string };
}

// ---- Course trees -----------------------------------------------------------------------------

async function created(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expectStatus(r, 201);
  return r.body;
}

export const createProject = (api: Api, body: Record<string, unknown> = {}) => created(api.post("/projects", { name: "Project", ...body }));

export const createCourse = (api: Api, projectId: string, body: Record<string, unknown> = {}) =>
  created(api.post(`/projects/${projectId}/courses`, { title: "Course", ...body }));

export const createModule = (api: Api, courseId: string, body: Record<string, unknown> = {}) =>
  created(api.post(`/courses/${courseId}/modules`, { title: "Module", ...body }));

export const createLesson = (api: Api, moduleId: string, body: Record<string, unknown> = {}) =>
  created(api.post(`/modules/${moduleId}/lessons`, { title: "Lesson", ...body }));

export const createBlock = (api: Api, lessonId: string, body: Record<string, unknown> = { type: "text", content: { body: "Hello" } }) =>
  created(api.post(`/lessons/${lessonId}/blocks`, body));

export const textBlock = (api: Api, lessonId: string, body: string) => createBlock(api, lessonId, { type: "text", content: { body } });

/** A course of the project with one module, one lesson and one text block saying `text`. */
export async function courseWithBlock(api: Api, projectId: string, text = "Hello") {
  const course = await createCourse(api, projectId);
  const mod = await createModule(api, course.id);
  const lesson = await createLesson(api, mod.id);
  const block = await textBlock(api, lesson.id, text);
  return { course, module: mod, lesson, block };
}

/** A project > course > module > lesson > text block chain. */
export async function createTree(api: Api, projectBody: Record<string, unknown> = {}) {
  const project = await createProject(api, projectBody);
  const course = await createCourse(api, project.id);
  const mod = await createModule(api, course.id);
  const lesson = await createLesson(api, mod.id);
  const block = await createBlock(api, lesson.id);
  return { project, course, module: mod, lesson, block };
}

// ---- Review: threads, suggestions, review links (issue 41) -------------------------------------

/** A key of the member's that may only read, comment and suggest (scope `suggest`), with a client speaking with it. */
export async function suggestKeyOf(server: TestServer, member: { user: { id: string } }, name = "Review agent") {
  const made = await createApiKey(await getDb(), { userId: member.user.id, name, scope: "suggest" });
  return { key: made.key, apiKeyId: made.id, name, api: authoringClient(server, made.key) };
}

/** Starts a thread on a block (POST /blocks/{id}/comments). */
export const addComment = (api: Api, blockId: string, body: Record<string, unknown> = { body: "A remark" }) =>
  created(api.post(`/blocks/${blockId}/comments`, body));

/** Replies in a thread (POST /comments/{id}/replies). */
export const replyTo = (api: Api, commentId: string, body: Record<string, unknown> = { body: "A reply" }) =>
  created(api.post(`/comments/${commentId}/replies`, body));

/** Suggests new content for a block (POST /blocks/{id}/suggestions). */
export const suggestChange = (api: Api, blockId: string, body: Record<string, unknown>) =>
  created(api.post(`/blocks/${blockId}/suggestions`, body));

/** A review link of the course (POST /courses/{id}/review-links). */
export const createReviewLink = (api: Api, courseId: string, body: Record<string, unknown> = {}) =>
  created(api.post(`/courses/${courseId}/review-links`, body));

/** The token of a review link: the last segment of its url. */
export const reviewTokenOf = (link: { url: string }) => new URL(link.url).pathname.split("/").pop()!;

// ---- Question bank and quizzes ----------------------------------------------------------------

export const createCategory = (api: Api, projectId: string, name = "Arithmetic") =>
  created(api.post(`/projects/${projectId}/categories`, { name }));

export const createFamily = (api: Api, projectId: string, name = "Variants") =>
  created(api.post(`/projects/${projectId}/question-families`, { name }));

export const createQuestion = (api: Api, projectId: string, body: Record<string, unknown>) =>
  created(api.post(`/projects/${projectId}/questions`, body));

export type QuestionKind = "single" | "multiple" | "true_false";
const SHAPES: Record<QuestionKind, { question_type: string; flags: boolean[] }> = {
  single: { question_type: "single_choice", flags: [false, true, false] },
  multiple: { question_type: "multiple_choice", flags: [true, false, true, false] },
  true_false: { question_type: "true_false", flags: [true, false] },
};

/** A question body whose option labels say which are correct ("right 1", "wrong 0"). */
export function questionOfKind(categoryId: string, kind: QuestionKind = "single", extra: Record<string, unknown> = {}) {
  const { question_type, flags } = SHAPES[kind];
  return {
    category_id: categoryId,
    prompt: `A ${kind} question`,
    question_type,
    difficulty: 3,
    options: flags.map((is_correct, i) => ({ label: `${is_correct ? "right" : "wrong"} ${i}`, is_correct })),
    ...extra,
  };
}

/** A question of `kind` (see questionOfKind) in the project. */
export const createQuestionOfKind = (
  api: Api,
  projectId: string,
  categoryId: string,
  kind: QuestionKind = "single",
  extra: Record<string, unknown> = {},
): Promise<QuestionDto> => createQuestion(api, projectId, questionOfKind(categoryId, kind, extra));

type WithOptions = { options: { id: string; is_correct?: boolean }[] };
export const correctOptionIds = (q: WithOptions) => q.options.filter((o) => o.is_correct).map((o) => o.id);
export const wrongOptionIds = (q: WithOptions) => q.options.filter((o) => !o.is_correct).map((o) => o.id);

export const createQuiz = (api: Api, projectId: string, questionIds: string[] = [], title = "Checkpoint quiz") =>
  created(api.post(`/projects/${projectId}/quizzes`, { title, question_ids: questionIds }));

/** A category, a true/false question (first option correct) and a quiz holding it, in one project. */
export async function createQuestionAndQuiz(api: Api, projectId: string, label = "Q") {
  const category = await createCategory(api, projectId, `Category ${label}`);
  const question = await createQuestion(api, projectId, {
    category_id: category.id,
    prompt: `${label}: is the sky blue?`,
    question_type: "true_false",
    difficulty: 2,
    options: [
      { label: "True", is_correct: true },
      { label: "False", is_correct: false },
    ],
  });
  const quiz = await createQuiz(api, projectId, [question.id], `Quiz ${label}`);
  return { category, question, quiz };
}

/** The stored attempts at a quiz, oldest first. */
export async function quizAttempts(quizId: string) {
  const db = await getDb();
  return db.quizAttempt.findMany({ where: { quizId }, orderBy: { createdAt: "asc" } });
}

// ---- Timestamps -------------------------------------------------------------------------------
// Rows made within the same millisecond share a timestamp, so a test of "newest first" or "updated_at
// moves forward" sets the times it relies on instead of waiting for the clock.

export type TimestampedTable =
  "projects" | "courses" | "modules" | "lessons" | "blocks" | "categories" | "question_families" | "questions" | "quizzes" | "api_keys";
type TimestampColumn = "created_at" | "updated_at" | "published_at";
const DELETABLE_TABLES = [
  "projects",
  "courses",
  "modules",
  "lessons",
  "blocks",
  "categories",
  "question_families",
  "questions",
  "quizzes",
] as const;

/** A moment `minutes` before now: far enough back that whatever the test does next is later. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Sets timestamps of one row. Raw SQL, so Prisma's @updatedAt does not move updated_at meanwhile.
 * Answers the values as the API writes them (ISO 8601).
 */
export async function setTimestamps<C extends TimestampColumn>(table: TimestampedTable, id: string, times: Partial<Record<C, Date>>) {
  const db = await getDb();
  const entries = Object.entries(times) as [C, Date][];
  const sets = entries.map(([column], i) => `"${column}" = $${i + 2}`).join(", ");
  const count = await db.$executeRawUnsafe(`UPDATE "${table}" SET ${sets} WHERE id = $1::uuid`, id, ...entries.map(([, at]) => at));
  if (count !== 1) throw new Error(`setTimestamps: no row ${id} in ${table}`);
  return Object.fromEntries(entries.map(([column, at]) => [column, at.toISOString()])) as Record<C, string>;
}

/** `row` (an API response body) with those of `times` that it shows. */
const withTimes = <T extends object>(row: T, times: Record<string, string>): T => ({
  ...row,
  ...Object.fromEntries(Object.entries(times).filter(([column]) => column in row)),
});

/**
 * Makes a row look created and last updated `minutes` ago, so that a write now moves updated_at
 * forward. Answers `row` (its API response body) with the new times.
 */
export async function backdate<T extends { id: string }>(table: TimestampedTable, row: T, minutes = 10): Promise<T> {
  const at = minutesAgo(minutes);
  // api_keys has no updated_at.
  const times: Partial<Record<TimestampColumn, Date>> = table === "api_keys" ? { created_at: at } : { created_at: at, updated_at: at };
  return withTimes(row, await setTimestamps(table, row.id, times));
}

/**
 * Gives rows created_at (and updated_at) a minute apart in the order given, oldest first, so a
 * "newest first" list has one right order. Answers the rows (API response bodies) with the new times.
 */
export async function createdInOrder<T extends { id: string }>(table: TimestampedTable, rows: T[]): Promise<T[]> {
  const out: T[] = [];
  for (const [i, row] of rows.entries()) out.push(await backdate(table, row, rows.length - i));
  return out;
}

/**
 * Sets when a trash item (or a deleted project) was deleted: its deletion batch, which the trash
 * and the deleted-projects list read, and every row deleted along with it.
 */
export async function setDeletedAt(rootId: string, at: Date) {
  const db = await getDb();
  const batch = await db.deletionBatch.findFirstOrThrow({ where: { rootId, restoredAt: null } });
  await db.deletionBatch.update({ where: { id: batch.id }, data: { deletedAt: at } });
  for (const table of DELETABLE_TABLES) {
    await db.$executeRawUnsafe(`UPDATE "${table}" SET deleted_at = $2 WHERE deletion_batch_id = $1::uuid`, batch.id, at);
  }
}

/** Gives trash items (or deleted projects) deletion times a minute apart in the order given, oldest first. */
export async function deletedInOrder(rootIds: string[]) {
  for (const [i, id] of rootIds.entries()) await setDeletedAt(id, minutesAgo(rootIds.length - i));
}
