import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";
import { can } from "./access";

/**
 * Who sees what of the course tree (contract.md, Roles): a learner reads a course and a lesson
 * when both are published and nothing above them is deleted; a caller who may read drafts reads
 * everything not deleted. The one place this rule is written.
 */

type TreeWhere = {
  course: Prisma.CourseWhereInput;
  module: Prisma.ModuleWhereInput;
  lesson: Prisma.LessonWhereInput;
  block: Prisma.BlockWhereInput;
};

/** Each level's own condition, its ancestors aside. */
function rowsVisible(learner: boolean) {
  const published = learner ? { publishedAt: { not: null } } : {};
  return {
    course: { deletedAt: null, ...published },
    module: { deletedAt: null },
    lesson: { deletedAt: null, ...published },
    block: { deletedAt: null },
  } satisfies TreeWhere;
}

/** Where-fragments for each level that also check every ancestor up to the project. */
function treeWhere(learner: boolean, project: Prisma.ProjectWhereInput) {
  const own = rowsVisible(learner);
  const course = { ...own.course, project: { deletedAt: null, ...project } };
  const inModule = { ...own.module, course };
  const lesson = { ...own.lesson, module: inModule };
  const block = { ...own.block, lesson };
  return { course, module: inModule, lesson, block } satisfies TreeWhere;
}

/**
 * What a learner may read, at each level, ancestors included; `project` narrows the project
 * further (e.g. to the caller's workspaces).
 */
export const visibleToLearner = (project: Prisma.ProjectWhereInput = {}) => treeWhere(true, project);

/** What a caller who may read drafts reads: everything not deleted, ancestors included. */
export const undeletedTree = (project: Prisma.ProjectWhereInput = {}) => treeWhere(false, project);

/**
 * The same rule in SQL, for the reads written by hand (decision 020): a block `b` joined up to its
 * project as `l`, `m`, `c` and `p`; none of them deleted; and what a learner reads besides.
 */
export const blockInTreeSql = {
  from: `blocks b JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id
    JOIN courses c ON c.id = m.course_id JOIN projects p ON p.id = c.project_id`,
  undeleted: "b.deleted_at IS NULL AND l.deleted_at IS NULL AND m.deleted_at IS NULL AND c.deleted_at IS NULL AND p.deleted_at IS NULL",
  published: "c.published_at IS NOT NULL AND l.published_at IS NOT NULL",
};

/** A caller by their role in the project, or a view that shows drafts or not (an author's preview). */
type Reader = { role: WorkspaceRole } | { readsDrafts: boolean };
const readsDrafts = (reader: Reader) => ("role" in reader ? can(reader.role, "content.read_drafts") : reader.readsDrafts);

/** What a caller reads of the children of a parent already found visible to them (lists, nested includes). */
export const childrenVisibleTo = (reader: Reader) => rowsVisible(!readsDrafts(reader));

type Publishable = { publishedAt: Date | null; deletedAt?: Date | null };

/** The rule for rows already loaded: the course, and the lesson when there is one. */
export function isVisibleToLearner(rows: { course: Publishable; lesson?: Publishable }): boolean {
  const shown = (row: Publishable) => row.publishedAt !== null && !row.deletedAt;
  return shown(rows.course) && (!rows.lesson || shown(rows.lesson));
}

/**
 * Is the quiz (or practice question) placed, by a block of its type, in a lesson a learner can
 * see? Only then may a learner take it.
 */
export async function isPlacedForLearners(tx: Tx, placed: { quizId: string } | { questionId: string }): Promise<boolean> {
  const byType = "quizId" in placed ? { type: "quiz", quizId: placed.quizId } : { type: "question", questionId: placed.questionId };
  const block = await tx.block.findFirst({ where: { ...byType, ...visibleToLearner().block }, select: { id: true } });
  return block !== null;
}
