import { buildOnce, cachedAnswer, keepAnswer, type Built, type Bytes } from "@/lib/api/answer-cache";
import { notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { coursesJson, utf8, type TreeRead } from "./tree-json";
import { visibleSql } from "./visibility";

/**
 * A course's rendering (its element of a project's `courses` array, and the whole body of GET
 * /courses/{id}) is a function of the rows its content version covers: its own, its modules',
 * lessons' and blocks', and the questions and quizzes its blocks show (the triggers of
 * prisma/migrations/20261127120000_course_content_version). So each is kept in the tree cache at
 * that version, per kind of read and audience, and a project read splices the current ones: after
 * a write it rebuilds the one course the write touched (docs/decisions/048-tree-fragments.md).
 */

/** A course and the content version it is to be rendered at. */
export type CourseAt = { id: string; version: string };

/** The kind of a course's rendering: with blocks or an outline, for a learner or an author. */
export const courseReadKind = ({ outline, learner }: TreeRead) =>
  `${outline ? "course-outline" : "course"}:${learner ? "learner" : "author"}`;

const scopeOf = (read: TreeRead, courseId: string) => `${courseReadKind(read)}:${courseId}`;

/**
 * The project's courses the reader sees, in position order, with their versions, and the
 * project's own version in the same snapshot (undefined when the project is gone).
 */
export async function visibleCourses(tx: Tx, projectId: string, learner: boolean) {
  const rows = await tx.$queryRawUnsafe<{ project: string; id: string | null; version: string | null }[]>(
    `SELECT p.content_version::text AS project, c.id::text, c.content_version::text AS version
     FROM projects p LEFT JOIN courses c ON c.project_id = p.id AND ${visibleSql("course", learner)}
     WHERE p.id = $1::uuid ORDER BY c.position`,
    projectId,
  );
  const courses = rows.flatMap(({ id, version }) => (id && version ? [{ id, version }] : []));
  return { projectVersion: rows[0]?.project, courses };
}

/** A course's content version now (undefined when it is gone). */
export async function courseVersion(tx: Tx, courseId: string) {
  return (await versionsNow(tx, [courseId])).get(courseId);
}

async function versionsNow(tx: Tx, courseIds: string[]): Promise<Map<string, string>> {
  const rows = await tx.$queryRawUnsafe<{ id: string; version: string }[]>(
    `SELECT id::text, content_version::text AS version FROM courses WHERE id = ANY($1::uuid[])`,
    courseIds,
  );
  return new Map(rows.map((r) => [r.id, r.version]));
}

/**
 * Renders the courses together (four statements however many), each current when its version did
 * not move while its rows were read: a write in between bumps it. A course gone or hidden
 * meanwhile is missing from the answer.
 */
async function buildCourses(tx: Tx, courses: CourseAt[], read: TreeRead): Promise<Map<string, Built>> {
  const ids = courses.map((c) => c.id);
  const built = await coursesJson(tx, ids, read);
  const now = await versionsNow(tx, ids);
  const listed = new Map(courses.map((c) => [c.id, c.version]));
  return new Map(built.map(({ id, parts }) => [id, { body: utf8(parts), current: now.get(id) === listed.get(id) }]));
}

/**
 * Each course's rendering at its version: from the cache where it has it, the rest built together
 * and kept when current. `current` says the answer is the courses at the versions given: false
 * when a write landed during a build (then a course may also be missing).
 */
export async function courseRenderings(tx: Tx, courses: CourseAt[], read: TreeRead): Promise<{ bodies: Bytes[]; current: boolean }> {
  const cached = courses.map((c) => cachedAnswer(scopeOf(read, c.id), c.version));
  const missing = courses.filter((_, i) => cached[i] === undefined);
  if (missing.length === 0) return { bodies: cached as Bytes[], current: true };
  const built = await buildCourses(tx, missing, read);
  let current = true;
  const bodies = courses.flatMap((course, i) => {
    const body = cached[i];
    if (body) return [body];
    const fresh = built.get(course.id);
    if (fresh?.current) keepAnswer(scopeOf(read, course.id), course.version, fresh.body);
    else current = false;
    return fresh ? [fresh.body] : [];
  });
  return { bodies, current };
}

/**
 * The body of GET /courses/{id} at the course's version: its rendering from the cache, or built
 * once however many ask at the same moment. A course gone or hidden meanwhile is not found.
 */
export async function courseBody(tx: Tx, course: CourseAt, read: TreeRead): Promise<Built> {
  const scope = scopeOf(read, course.id);
  const cached = cachedAnswer(scope, course.version);
  if (cached !== undefined) return { body: cached, current: true };
  return buildOnce(scope, course.version, async () => {
    const built = (await buildCourses(tx, [course], read)).get(course.id);
    if (!built) throw notFound("Course");
    return built;
  });
}
