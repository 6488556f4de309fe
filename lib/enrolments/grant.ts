import type { Caller } from "@/lib/api/authenticate";
import { AppError } from "@/lib/api/errors";
import { can } from "@/lib/authoring/access";
import { blockInTreeSql, isPlacedForLearners } from "@/lib/authoring/visibility";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";

/**
 * An enrolment's seat is a grant on one course, not a workspace role (issue 43, docs/decisions/069):
 * the account whose verified email holds a seat reads that course's published lessons, completes
 * them and takes the quizzes placed in them, through the same endpoints as a workspace's learners,
 * and nothing else of the workspace. An address not yet verified holds nothing: anybody may sign up
 * with any address, and only the invitation's link (or a verification mail) proves it is theirs.
 */

/**
 * SQL: the ids of the courses granted to the user `userId` names (a uuid parameter, or a column of
 * the enclosing query such as the key lookup's `u.id`: so its own aliases are ones no caller uses).
 */
export const grantedCoursesSql = (userId: Prisma.Sql) => Prisma.sql`
  SELECT grant_e.course_id FROM enrolment_learners grant_el
  JOIN enrolments grant_e ON grant_e.id = grant_el.enrolment_id
  JOIN users grant_u ON grant_u.email = grant_el.email AND grant_u.email_verified_at IS NOT NULL
  WHERE grant_u.id = ${userId}`;

/** The courses the user holds a seat of. */
export async function grantedCourseIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ course_id: string }[]>`${grantedCoursesSql(Prisma.sql`${userId}::uuid`)}`;
  return [...new Set(rows.map((r) => r.course_id))];
}

export async function hasCourseGrant(tx: Tx, userId: string, courseId: string): Promise<boolean> {
  return (await grantedCourseIds(tx, userId)).includes(courseId);
}

/**
 * SQL: whether a quiz or practice question is placed, by a block of its type, in a lesson a learner
 * can see of a course granted to the user: only then may they take it.
 */
export const placedInGrantedSql = (placed: { quizId: Prisma.Sql } | { questionId: Prisma.Sql }, userId: Prisma.Sql) => {
  const byType =
    "quizId" in placed
      ? Prisma.sql`b.type = 'quiz' AND b.quiz_id = ${placed.quizId}`
      : Prisma.sql`b.type = 'question' AND b.question_id = ${placed.questionId}`;
  return Prisma.sql`EXISTS (
    SELECT 1 FROM ${Prisma.raw(blockInTreeSql.from)}
    WHERE ${byType} AND ${Prisma.raw(blockInTreeSql.undeleted)} AND ${Prisma.raw(blockInTreeSql.published)}
      AND c.id IN (${grantedCoursesSql(userId)}))`;
};

/** Whether the user may take the quiz, or answer the practice question, through a seat. */
export async function isPlacedInGranted(tx: Tx, userId: string, placed: { quizId: string } | { questionId: string }): Promise<boolean> {
  const item = "quizId" in placed ? { quizId: Prisma.sql`${placed.quizId}::uuid` } : { questionId: Prisma.sql`${placed.questionId}::uuid` };
  const [row] = await tx.$queryRaw<{ placed: boolean }[]>`SELECT ${placedInGrantedSql(item, Prisma.sql`${userId}::uuid`)} AS placed`;
  return row.placed;
}

export const isNotFound = (error: unknown) => error instanceof AppError && error.code === "not_found";

/**
 * A quiz or practice question the caller may take: loaded as a member loads it, and for a member
 * who does not read drafts only when it is placed in a lesson learners can see (else 403); failing
 * the member's load (404), for a seat holder when it is placed in a lesson they can see of a course
 * granted to them. The one rule of the quiz's read, its submission and a practice question's check.
 */
export async function takeable<M extends { access: { role: WorkspaceRole } }, S>(
  tx: Tx,
  caller: Caller,
  placed: { quizId: string } | { questionId: string },
  asMember: () => Promise<M>,
  asSeatHolder: () => Promise<S>,
): Promise<M | S> {
  let found: M;
  try {
    found = await asMember();
  } catch (error) {
    if (isNotFound(error) && (await isPlacedInGranted(tx, caller.userId, placed))) return asSeatHolder();
    throw error;
  }
  if (!can(found.access.role, "content.read_drafts") && !(await isPlacedForLearners(tx, placed))) {
    throw new AppError("forbidden", `This ${"quizId" in placed ? "quiz" : "question"} is not part of a lesson you can take`);
  }
  return found;
}
