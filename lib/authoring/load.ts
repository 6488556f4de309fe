import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { placedInGrantedSql } from "@/lib/enrolments/grant";
import { Prisma } from "@/lib/generated/prisma/client";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";
import { accessTo, can, projectOf, rolesWithSql, type Action } from "./access";
import { blockInclude } from "./dto";
import { blockInTreeSql, isVisibleToLearner, lessonInTreeSql, undeletedTree } from "./visibility";

/**
 * Loaders for every item a request names. Each finds an undeleted item in a project of a workspace
 * the caller belongs to, in one query scoped by the caller, or answers 404 naming the item. The
 * action is what the caller means to do: a role without it gets 404 too (not theirs to touch).
 * Course-tree items are read with `content.read` by default, and a caller who may not read drafts
 * sees only what is visible to learners; question-bank items and quizzes are authors' material
 * and are read with `content.read_drafts` by default.
 */
type Load<Id> = { tx: Tx; caller: Caller; action?: Action } & Id;

/** Course-tree items undeleted up to their project, in the caller's workspaces. */
const inTree = (caller: Caller) => undeletedTree(projectOf(caller).where);

const withProject = (caller: Caller) => ({ project: { select: projectOf(caller).select } });

type Published = { publishedAt: Date | null };

/** The caller's access to a course-tree item; 404 (or `hidden`) when it is not visible to them. */
function treeAccess(
  rows: { course: Published & { project: Parameters<typeof accessTo>[0] }; lesson?: Published },
  what: string,
  action: Action,
  hidden = () => notFound(what),
) {
  const access = accessTo(rows.course.project, what, action);
  if (!can(access.role, "content.read_drafts") && !isVisibleToLearner(rows)) throw hidden();
  return access;
}

/**
 * A course. A caller who may not read it gets 404, or 403 with `ifHidden: "forbidden"` (contract.md
 * declares 403 for GET /courses/{id}).
 */
export async function getCourseOrThrow({
  tx,
  caller,
  courseId,
  action = "content.read",
  ifHidden = "not_found",
}: Load<{ courseId: string; ifHidden?: "not_found" | "forbidden" }>) {
  const course = await tx.course.findFirst({ where: { id: courseId, ...inTree(caller).course }, include: withProject(caller) });
  if (!course) throw notFound("Course");
  const forbidden = () => new AppError("forbidden", "This course is not published");
  return { course, access: treeAccess({ course }, "Course", action, ifHidden === "forbidden" ? forbidden : undefined) };
}

export async function getModuleOrThrow({ tx, caller, moduleId, action = "content.read" }: Load<{ moduleId: string }>) {
  const mod = await tx.module.findFirst({
    where: { id: moduleId, ...inTree(caller).module },
    include: { course: { include: withProject(caller) } },
  });
  if (!mod) throw notFound("Module");
  return { module: mod, access: treeAccess({ course: mod.course }, "Module", action) };
}

export async function getLessonOrThrow({ tx, caller, lessonId, action = "content.read" }: Load<{ lessonId: string }>) {
  const lesson = await tx.lesson.findFirst({
    where: { id: lessonId, ...inTree(caller).lesson },
    include: { module: { include: { course: { include: withProject(caller) } } } },
  });
  if (!lesson) throw notFound("Lesson");
  const course = lesson.module.course;
  return { lesson, course, access: treeAccess({ course, lesson }, "Lesson", action) };
}

/**
 * getLessonOrThrow's rule as one SQL expression, for the API-key lookup's statement (`readWithKey`):
 * the lesson's module and project as JSON text when the caller may do `action` to it, NULL where
 * getLessonOrThrow answers 404 (unknown, in the trash up to its project, not in the caller's
 * workspaces, a role without the action, a draft the caller may not read). Built from the rules'
 * own SQL forms (./access.ts, ./visibility.ts); test/integration/lesson-access-read.test.ts holds
 * the two paths equal.
 */
export function lessonAccessFor(lessonId: string, userId: Prisma.Sql, action: Action): Prisma.Sql {
  return Prisma.sql`SELECT json_build_object('module_id', l.module_id, 'project_id', p.id)
    FROM ${Prisma.raw(lessonInTreeSql.from)}
    JOIN memberships ms ON ms.workspace_id = p.workspace_id AND ms.user_id = ${userId}
    WHERE l.id = ${lessonId}::uuid AND ${Prisma.raw(lessonInTreeSql.undeleted)} AND ms.role IN ${rolesWithSql(action)}
      AND ${Prisma.raw(lessonInTreeSql.readableBy("ms.role"))}`;
}

/** What the API-key lookup read for the request (lib/api/endpoint.ts): undefined when it did not run. */
export type Prefetched = { prefetched?: string | null };

/** What a write needs of the lesson it names: where it sits. */
export type LessonPlace = { moduleId: string; projectId: string };

/**
 * The lesson a write names, refused as getLessonOrThrow refuses: from what the key lookup read
 * (`prefetched`, from `lessonAccessFor`), or else (a session, an agent tool) by getLessonOrThrow.
 */
export async function lessonPlace(
  { db, caller, prefetched }: { db: Tx; caller: Caller } & Prefetched,
  lessonId: string,
  action: Action,
): Promise<LessonPlace> {
  if (prefetched === null) throw notFound("Lesson");
  if (prefetched !== undefined) {
    const place = JSON.parse(prefetched) as { module_id: string; project_id: string };
    return { moduleId: place.module_id, projectId: place.project_id };
  }
  const { lesson, access } = await getLessonOrThrow({ tx: db, caller, lessonId, action });
  return { moduleId: lesson.moduleId, projectId: access.projectId };
}

/** A block with its question and quiz (what its DTO shows), and the lesson up to the project: one statement. */
export async function getBlockOrThrow({ tx, caller, blockId, action = "content.read" }: Load<{ blockId: string }>) {
  const block = await tx.block.findFirst({
    where: { id: blockId, ...inTree(caller).block },
    include: { ...blockInclude, lesson: { include: { module: { include: { course: { include: withProject(caller) } } } } } },
  });
  if (!block) throw notFound("Block");
  const { lesson } = block;
  const course = lesson.module.course;
  return { block, lesson, course, access: treeAccess({ course, lesson }, "Block", action) };
}

/** A quiz's undeleted questions in quiz order, each with its options in order. */
export const quizQuestionsInclude = {
  questions: {
    where: { question: { deletedAt: null } },
    orderBy: { sortOrder: "asc" as const },
    include: { question: { include: { options: { orderBy: { sortOrder: "asc" as const } } } } },
  },
};

/** A family counts its undeleted questions. */
export const familyCount = { _count: { select: { questions: { where: { deletedAt: null } } } } } as const;

/** What scoring a quiz needs of it: each question's id and its options' ids and correctness, in order. */
export type ScoringKey = { question: { id: string; options: { id: string; isCorrect: boolean }[] } }[];

/**
 * A quiz's scoring key as one JSON value built by PostgreSQL: its undeleted questions in quiz order,
 * each with its options in order. 50 questions of 4 options are one small value to parse, where a
 * relation read made Prisma nest 250 rows into objects. No access rule here: callers check the quiz first.
 */
const scoringKeySql = (quizId: Prisma.Sql) => Prisma.sql`
  SELECT coalesce(json_agg(json_build_object('question', json_build_object('id', q.id, 'options', (
    SELECT coalesce(json_agg(json_build_object('id', o.id, 'isCorrect', o.is_correct) ORDER BY o.sort_order, o.id), '[]')
    FROM question_options o WHERE o.question_id = q.id
  ))) ORDER BY qq.sort_order, q.id), '[]')
  FROM quiz_questions qq JOIN questions q ON q.id = qq.question_id AND q.deleted_at IS NULL
  WHERE qq.quiz_id = ${quizId}`;

async function scoringKeyOf(tx: Tx, quizId: string): Promise<ScoringKey> {
  const [row] = await tx.$queryRaw<{ key: string }[]>`SELECT (${scoringKeySql(Prisma.sql`${quizId}::uuid`)})::text AS key`;
  return JSON.parse(row.key) as ScoringKey;
}

/** What submit_quiz reads with the API key (`quizToScoreFor`): null when the quiz is not the caller's to take. */
export type QuizToScore = { role: WorkspaceRole; seat: boolean; placed: boolean; questions: ScoringKey } | null;

/**
 * submit_quiz's read as one SQL expression, sent in the API-key lookup's statement: the caller's
 * role in the quiz's project, whether the caller may take it (a role that reads drafts always; any
 * other when it is placed in a lesson learners can take, `isPlacedForLearners`), and its scoring key; NULL
 * when the quiz is unknown, in the trash or not in the caller's workspaces, unless it is placed in a
 * course the caller holds a seat of (lib/enrolments/grant.ts). The same rules as
 * `getQuizToScore`; test/integration/quiz-submit-read.test.ts holds the two paths equal.
 */
export function quizToScoreFor(quizId: string, userId: Prisma.Sql): Prisma.Sql {
  const readers = rolesWithSql("content.read_drafts");
  const placedForLearners = Prisma.sql`EXISTS (
        SELECT 1 FROM ${Prisma.raw(blockInTreeSql.from)}
        WHERE b.type = 'quiz' AND b.quiz_id = z.id AND ${Prisma.raw(blockInTreeSql.undeleted)} AND ${Prisma.raw(blockInTreeSql.published)})`;
  // No membership: a learner through a seat (lib/enrolments/grant.ts), when the quiz is placed in a granted course.
  const placedForSeat = placedInGrantedSql({ quizId: Prisma.sql`z.id` }, userId);
  return Prisma.sql`SELECT json_build_object('role', coalesce(ms.role::text, 'learner'), 'seat', ms.role IS NULL,
      'placed', CASE WHEN ms.role IS NULL THEN true ELSE ms.role IN ${readers} OR ${placedForLearners} END,
      'questions', (${scoringKeySql(Prisma.sql`z.id`)}))
    FROM quizzes z JOIN projects zp ON zp.id = z.project_id
    LEFT JOIN memberships ms ON ms.workspace_id = zp.workspace_id AND ms.user_id = ${userId}
    WHERE z.id = ${quizId}::uuid AND z.deleted_at IS NULL AND zp.deleted_at IS NULL
      AND (ms.role IS NOT NULL OR ${placedForSeat})`;
}

/** Question-bank items and quizzes: undeleted, in a project of the caller's workspaces. */
const inBank = (caller: Caller) => ({ deletedAt: null, project: projectOf(caller).where });

function found<T extends { project: Parameters<typeof accessTo>[0] }>(item: T | null, what: string, action: Action) {
  if (!item) throw notFound(what);
  return { item, access: accessTo(item.project, what, action) };
}

/** Learners load a quiz only to take it (`quiz.submit`); reading one is for authors. */
export async function getQuizOrThrow({ tx, caller, quizId, action = "content.read_drafts" }: Load<{ quizId: string }>) {
  const quiz = await tx.quiz.findFirst({
    where: { id: quizId, ...inBank(caller) },
    include: { ...quizQuestionsInclude, ...withProject(caller) },
  });
  const { item, access } = found(quiz, "Quiz", action);
  return { quiz: item, access };
}

/**
 * A quiz to score answers against (a submission or a preview), refused as getQuizOrThrow refuses;
 * then only the ids and correctness it is scored by are read (scoringKeyOf), not whole questions.
 */
export async function getQuizToScore({ tx, caller, quizId, action = "content.read_drafts" }: Load<{ quizId: string }>) {
  const quiz = await tx.quiz.findFirst({ where: { id: quizId, ...inBank(caller) }, include: withProject(caller) });
  const { item, access } = found(quiz, "Quiz", action);
  return { quiz: { ...item, questions: await scoringKeyOf(tx, item.id) }, access };
}

/**
 * A quiz for someone who takes it through a seat (lib/enrolments/grant.ts), who is no member of its
 * workspace: the caller has checked that it is placed in a course granted to them.
 */
export async function getQuizForSeat(tx: Tx, quizId: string) {
  const quiz = await tx.quiz.findFirst({
    where: { id: quizId, deletedAt: null, project: { deletedAt: null } },
    include: quizQuestionsInclude,
  });
  if (!quiz) throw notFound("Quiz");
  return quiz;
}

/** The same for a quiz to score: its id and scoring key only. */
export async function getQuizToScoreForSeat(tx: Tx, quizId: string) {
  return { id: (await getQuizForSeat(tx, quizId)).id, questions: await scoringKeyOf(tx, quizId) };
}

/** A practice question for someone who answers it through a seat (checked by the caller, as above). */
export async function getQuestionForSeat(tx: Tx, questionId: string) {
  const question = await tx.question.findFirst({
    where: { id: questionId, deletedAt: null, project: { deletedAt: null } },
    include: { options: { orderBy: { sortOrder: "asc" } } },
  });
  if (!question) throw notFound("Question");
  return question;
}

export async function getQuestionOrThrow({ tx, caller, questionId, action = "content.read_drafts" }: Load<{ questionId: string }>) {
  const question = await tx.question.findFirst({
    where: { id: questionId, ...inBank(caller) },
    include: { options: { orderBy: { sortOrder: "asc" } }, ...withProject(caller) },
  });
  const { item, access } = found(question, "Question", action);
  return { question: item, access };
}

export async function getCategoryOrThrow({ tx, caller, categoryId, action = "content.read_drafts" }: Load<{ categoryId: string }>) {
  const category = await tx.category.findFirst({ where: { id: categoryId, ...inBank(caller) }, include: withProject(caller) });
  const { item, access } = found(category, "Category", action);
  return { category: item, access };
}

export async function getQuestionFamilyOrThrow({ tx, caller, familyId, action = "content.read_drafts" }: Load<{ familyId: string }>) {
  const family = await tx.questionFamily.findFirst({
    where: { id: familyId, ...inBank(caller) },
    include: { ...familyCount, ...withProject(caller) },
  });
  const { item, access } = found(family, "Question family", action);
  return { family: item, access };
}
