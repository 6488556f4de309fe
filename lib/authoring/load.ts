import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { accessTo, can, projectOf, type Action } from "./access";
import { isVisibleToLearner, treeWhere } from "./visibility";

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
const inTree = (caller: Caller) => treeWhere({ learner: false, project: projectOf(caller).where });

const withProject = (caller: Caller) => ({ project: { select: projectOf(caller).select } });

function treeAccess(project: Parameters<typeof accessTo>[0], what: string, action: Action, visible: () => boolean) {
  const access = accessTo(project, what, action);
  return { access, visible: can(access.role, "content.read_drafts") || visible() };
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
  const { access, visible } = treeAccess(course.project, "Course", action, () => isVisibleToLearner({ course }));
  if (!visible) {
    if (ifHidden === "forbidden") throw new AppError("forbidden", "This course is not published");
    throw notFound("Course");
  }
  return { course, access };
}

export async function getModuleOrThrow({ tx, caller, moduleId, action = "content.read" }: Load<{ moduleId: string }>) {
  const mod = await tx.module.findFirst({
    where: { id: moduleId, ...inTree(caller).module },
    include: { course: { include: withProject(caller) } },
  });
  if (!mod) throw notFound("Module");
  const { access, visible } = treeAccess(mod.course.project, "Module", action, () => isVisibleToLearner({ course: mod.course }));
  if (!visible) throw notFound("Module");
  return { module: mod, access };
}

export async function getLessonOrThrow({ tx, caller, lessonId, action = "content.read" }: Load<{ lessonId: string }>) {
  const lesson = await tx.lesson.findFirst({
    where: { id: lessonId, ...inTree(caller).lesson },
    include: { module: { include: { course: { include: withProject(caller) } } } },
  });
  if (!lesson) throw notFound("Lesson");
  const course = lesson.module.course;
  const { access, visible } = treeAccess(course.project, "Lesson", action, () => isVisibleToLearner({ course, lesson }));
  if (!visible) throw notFound("Lesson");
  return { lesson, course, access };
}

export async function getBlockOrThrow({ tx, caller, blockId, action = "content.read" }: Load<{ blockId: string }>) {
  const block = await tx.block.findFirst({
    where: { id: blockId, ...inTree(caller).block },
    include: { lesson: { include: { module: { include: { course: { include: withProject(caller) } } } } } },
  });
  if (!block) throw notFound("Block");
  const { lesson } = block;
  const course = lesson.module.course;
  const { access, visible } = treeAccess(course.project, "Block", action, () => isVisibleToLearner({ course, lesson }));
  if (!visible) throw notFound("Block");
  return { block, lesson, course, access };
}

/** A quiz's undeleted questions in quiz order, each with its options in order. */
export const quizQuestionsInclude = {
  questions: {
    where: { question: { deletedAt: null } },
    orderBy: { sortOrder: "asc" as const },
    include: { question: { include: { options: { orderBy: { sortOrder: "asc" as const } } } } },
  },
};

/** Learners load a quiz only to take it (`quiz.submit`); reading one is for authors. */
export async function getQuizOrThrow({ tx, caller, quizId, action = "content.read_drafts" }: Load<{ quizId: string }>) {
  const { where, select } = projectOf(caller);
  const quiz = await tx.quiz.findFirst({
    where: { id: quizId, deletedAt: null, project: where },
    include: { ...quizQuestionsInclude, project: { select } },
  });
  if (!quiz) throw notFound("Quiz");
  return { quiz, access: accessTo(quiz.project, "Quiz", action) };
}

export async function getQuestionOrThrow({ tx, caller, questionId, action = "content.read_drafts" }: Load<{ questionId: string }>) {
  const { where, select } = projectOf(caller);
  const question = await tx.question.findFirst({
    where: { id: questionId, deletedAt: null, project: where },
    include: { options: { orderBy: { sortOrder: "asc" } }, project: { select } },
  });
  if (!question) throw notFound("Question");
  return { question, access: accessTo(question.project, "Question", action) };
}

export async function getCategoryOrThrow({ tx, caller, categoryId, action = "content.read_drafts" }: Load<{ categoryId: string }>) {
  const { where, select } = projectOf(caller);
  const category = await tx.category.findFirst({ where: { id: categoryId, deletedAt: null, project: where }, include: { project: { select } } });
  if (!category) throw notFound("Category");
  return { category, access: accessTo(category.project, "Category", action) };
}

/** A family counts its undeleted questions. */
export const familyCount = { _count: { select: { questions: { where: { deletedAt: null } } } } } as const;

export async function getQuestionFamilyOrThrow({ tx, caller, familyId, action = "content.read_drafts" }: Load<{ familyId: string }>) {
  const { where, select } = projectOf(caller);
  const family = await tx.questionFamily.findFirst({
    where: { id: familyId, deletedAt: null, project: where },
    include: { ...familyCount, project: { select } },
  });
  if (!family) throw notFound("Question family");
  return { family, access: accessTo(family.project, "Question family", action) };
}
