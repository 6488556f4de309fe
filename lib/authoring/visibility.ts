import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";
import { can, rolesWith } from "./access";

/**
 * Who sees what of the course tree (contract.md, Roles): a learner reads a course and a lesson
 * when both are published and nothing above them is deleted; a caller who may read drafts reads
 * everything not deleted. The one place this rule is written: the two tables below, from which
 * the Prisma `where`s, the SQL of the hand-written reads and the test on loaded rows are built.
 */

type Level = "project" | "course" | "module" | "lesson" | "block";

/** Every level, from a block up to its project: each is hidden from everyone once deleted. */
const LEVELS: readonly Level[] = ["block", "lesson", "module", "course", "project"];

/** The levels a learner sees only once published (in the order their SQL conditions are written). */
const PUBLISHED_FOR_LEARNERS: readonly Level[] = ["course", "lesson"];

/** What each level is called in the hand-written SQL (`blockInTreeSql.from`, ./tree-json.ts). */
const ALIAS: Record<Level, string> = { project: "p", course: "c", module: "m", lesson: "l", block: "b" };

const hidesDrafts = (level: Level, learner: boolean) => learner && PUBLISHED_FOR_LEARNERS.includes(level);

type TreeWhere = {
  course: Prisma.CourseWhereInput;
  module: Prisma.ModuleWhereInput;
  lesson: Prisma.LessonWhereInput;
  block: Prisma.BlockWhereInput;
};

/** One level's own condition as a Prisma `where`, its ancestors aside. */
const rowWhere = (level: Level, learner: boolean) => ({
  deletedAt: null,
  ...(hidesDrafts(level, learner) ? { publishedAt: { not: null } } : {}),
});

/** Each level's own condition, its ancestors aside. */
function rowsVisible(learner: boolean) {
  return {
    course: rowWhere("course", learner),
    module: rowWhere("module", learner),
    lesson: rowWhere("lesson", learner),
    block: rowWhere("block", learner),
  } satisfies TreeWhere;
}

/** Where-fragments for each level that also check every ancestor up to the project. */
function treeWhere(learner: boolean, project: Prisma.ProjectWhereInput) {
  const own = rowsVisible(learner);
  const course = { ...own.course, project: { ...rowWhere("project", learner), ...project } };
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

const undeletedSql = (alias: string) => `${alias}.deleted_at IS NULL`;
const publishedSql = (alias: string) => `${alias}.published_at IS NOT NULL`;

/** One level's own condition in SQL, for the row `alias` names (by default the level's usual alias). */
export const visibleSql = (level: Level, learner: boolean, alias = ALIAS[level]) =>
  hidesDrafts(level, learner) ? `${undeletedSql(alias)} AND ${publishedSql(alias)}` : undeletedSql(alias);

/** Each level's table, and the column naming the level above it. */
const TABLE: Record<Level, { table: string; up?: string }> = {
  block: { table: "blocks", up: "lesson_id" },
  lesson: { table: "lessons", up: "module_id" },
  module: { table: "modules", up: "course_id" },
  course: { table: "courses", up: "project_id" },
  project: { table: "projects" },
};

/**
 * The same rule in SQL, for the reads written by hand (decision 020): a row of `level` joined up
 * to its project by the levels' usual aliases (`b`, `l`, `m`, `c`, `p`); none of them deleted; and
 * what a learner reads besides.
 */
function inTreeSql(level: "block" | "lesson") {
  const levels = LEVELS.slice(LEVELS.indexOf(level));
  const joins = levels.slice(1).map((up, i) => {
    const below = levels[i];
    return `JOIN ${TABLE[up].table} ${ALIAS[up]} ON ${ALIAS[up]}.id = ${ALIAS[below]}.${TABLE[below].up}`;
  });
  const published = PUBLISHED_FOR_LEARNERS.map((l) => publishedSql(ALIAS[l])).join(" AND ");
  const readers = rolesWith("content.read_drafts")
    .map((role) => `'${role}'`)
    .join(",");
  return {
    from: [`${TABLE[level].table} ${ALIAS[level]}`, ...joins].join(" "),
    undeleted: levels.map((l) => undeletedSql(ALIAS[l])).join(" AND "),
    published,
    /** Readable by the role the SQL expression `role` names: drafts for those who read them, else published only. */
    readableBy: (role: string) => `(${role} IN (${readers}) OR (${published}))`,
  };
}

/** A block `b` up to its project. */
export const blockInTreeSql = inTreeSql("block");

/** A lesson `l` up to its project. */
export const lessonInTreeSql = inTreeSql("lesson");

/** A caller by their role in the project, or a view that shows drafts or not (an author's preview). */
type Reader = { role: WorkspaceRole } | { readsDrafts: boolean };
const readsDrafts = (reader: Reader) => ("role" in reader ? can(reader.role, "content.read_drafts") : reader.readsDrafts);

/** What a caller reads of the children of a parent already found visible to them (lists, nested includes). */
export const childrenVisibleTo = (reader: Reader) => rowsVisible(!readsDrafts(reader));

type Publishable = { publishedAt: Date | null; deletedAt?: Date | null };

/** One loaded row of `level` by the rule. */
const isRowVisible = (level: Level, learner: boolean, row: Publishable) =>
  !row.deletedAt && (!hidesDrafts(level, learner) || row.publishedAt !== null);

/** The rule for rows already loaded: the course, and the lesson when there is one. */
export function isVisibleToLearner(rows: { course: Publishable; lesson?: Publishable }): boolean {
  return isRowVisible("course", true, rows.course) && (!rows.lesson || isRowVisible("lesson", true, rows.lesson));
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
