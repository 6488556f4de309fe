import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import { toIso, toIsoOrNull } from "@/lib/api/schemas";
import { can, getProjectOrThrow } from "@/lib/authoring/access";
import { blockInclude, toBlockDto } from "@/lib/authoring/dto";
import { getQuestionForSeat, getQuestionOrThrow, getQuizForSeat, getQuizOrThrow } from "@/lib/authoring/load";
import { foreignOptionIndexes, scoreAnswer } from "@/lib/authoring/quizzes/scoring";
import { childrenVisibleTo, isVisibleToLearner, undeletedTree, visibleToLearner } from "@/lib/authoring/visibility";
import type { Db, Tx } from "@/lib/db/client";
import { grantedCourseIds, hasCourseGrant, isNotFound, takeable } from "@/lib/enrolments/grant";
import type { WorkspaceRole } from "@/lib/generated/prisma/enums";

/**
 * The learner's side: published courses and lessons only (course and lesson both published,
 * nothing deleted), progress per learner, answers hidden until a quiz is submitted. A learner is a
 * member of the course's workspace, or holds a seat of that one course (lib/enrolments/grant.ts).
 */

const COURSE_HIDDEN = "This course is not published at the moment. Your progress is kept for when it is back.";

type Outline = { id: string; title: string; lessons: { id: string; title: string }[] }[];

/** The modules and lessons of courses already found visible: only published lessons, unless previewing. */
async function outlineOf(tx: Tx, courseIds: string[], readsDrafts = false) {
  const visible = childrenVisibleTo({ readsDrafts });
  const modules = await tx.module.findMany({
    where: { courseId: { in: courseIds }, ...visible.module },
    orderBy: [{ courseId: "asc" }, { position: "asc" }],
    include: { lessons: { where: visible.lesson, orderBy: { position: "asc" }, select: { id: true, title: true } } },
  });
  const byCourse = new Map<string, Outline>();
  for (const m of modules)
    byCourse.set(m.courseId, [...(byCourse.get(m.courseId) ?? []), { id: m.id, title: m.title, lessons: m.lessons }]);
  return byCourse;
}

async function progressOf(tx: Tx, userId: string, lessonIds: string[]) {
  const rows = await tx.lessonProgress.findMany({ where: { userId, lessonId: { in: lessonIds } } });
  return new Map(rows.map((r) => [r.lessonId, r]));
}

/** Where to continue: the lesson viewed last if unfinished, else the first unfinished one. */
function nextLesson(lessons: { id: string }[], progress: Map<string, { completedAt: Date | null; lastViewedAt: Date }>) {
  const viewed = lessons
    .filter((l) => progress.has(l.id))
    .sort((a, b) => progress.get(b.id)!.lastViewedAt.getTime() - progress.get(a.id)!.lastViewedAt.getTime())[0];
  if (viewed && !progress.get(viewed.id)!.completedAt) return viewed.id;
  return lessons.find((l) => !progress.get(l.id)?.completedAt)?.id ?? lessons[0]?.id ?? null;
}

/**
 * The caller's role for a course: theirs in its workspace, or a learner's through a seat of it.
 * Neither: 404 naming `what`, as for any item outside the caller's workspaces.
 */
async function roleForCourse(tx: Tx, caller: Caller, course: { id: string; projectId: string }, what: string): Promise<WorkspaceRole> {
  try {
    return (await getProjectOrThrow({ tx, caller, projectId: course.projectId, what })).role;
  } catch (error) {
    if (isNotFound(error) && (await hasCourseGrant(tx, caller.userId, course.id))) return "learner";
    throw error;
  }
}

export async function listLearnCourses(tx: Tx, caller: Caller) {
  const granted = await grantedCourseIds(tx, caller.userId);
  const courses = await tx.course.findMany({
    where: {
      OR: [
        visibleToLearner({ workspace: { memberships: { some: { userId: caller.userId } } } }).course,
        ...(granted.length ? [{ AND: [visibleToLearner().course, { id: { in: granted } }] }] : []),
      ],
    },
    include: { project: { include: { workspace: true } } },
    orderBy: [{ project: { workspace: { name: "asc" } } }, { project: { name: "asc" } }, { position: "asc" }],
  });
  const outlines = await outlineOf(
    tx,
    courses.map((c) => c.id),
  );
  const lessonIds = [...outlines.values()].flat().flatMap((m) => m.lessons.map((l) => l.id));
  const progress = await progressOf(tx, caller.userId, lessonIds);
  return courses.map((c) => {
    const lessons = (outlines.get(c.id) ?? []).flatMap((m) => m.lessons);
    const seen = lessons.map((l) => progress.get(l.id)).filter(Boolean);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      project: { id: c.project.id, name: c.project.name },
      workspace: { id: c.project.workspace.id, name: c.project.workspace.name },
      lesson_count: lessons.length,
      completed_count: lessons.filter((l) => progress.get(l.id)?.completedAt).length,
      next_lesson_id: nextLesson(lessons, progress),
      last_viewed_at: toIsoOrNull(seen.sort((a, b) => b!.lastViewedAt.getTime() - a!.lastViewedAt.getTime())[0]?.lastViewedAt),
    };
  });
}

export async function getLearnCourse(tx: Tx, caller: Caller, courseId: string) {
  const course = await tx.course.findFirst({ where: { id: courseId, ...undeletedTree().course } });
  if (!course) throw notFound("Course");
  await roleForCourse(tx, caller, course, "Course");
  if (!isVisibleToLearner({ course })) throw new AppError("forbidden", COURSE_HIDDEN);
  const outline = (await outlineOf(tx, [courseId])).get(courseId) ?? [];
  const lessons = outline.flatMap((m) => m.lessons);
  const progress = await progressOf(
    tx,
    caller.userId,
    lessons.map((l) => l.id),
  );
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    modules: outline.map((m) => ({
      id: m.id,
      title: m.title,
      lessons: m.lessons.map((l) => ({ id: l.id, title: l.title, completed: !!progress.get(l.id)?.completedAt })),
    })),
    lesson_count: lessons.length,
    completed_count: lessons.filter((l) => progress.get(l.id)?.completedAt).length,
    next_lesson_id: nextLesson(lessons, progress),
  };
}

/**
 * A lesson to read. Learners reach only published lessons of published courses; an author may
 * preview a draft (nothing is recorded then).
 */
export async function getLearnLesson(tx: Tx, caller: Caller, lessonId: string, preview: boolean) {
  const lesson = await tx.lesson.findFirst({
    where: { id: lessonId, ...undeletedTree().lesson },
    include: { module: { include: { course: true } } },
  });
  if (!lesson) throw notFound("Lesson");
  const course = lesson.module.course;
  const role = await roleForCourse(tx, caller, course, "Lesson");
  const previewing = preview && can(role, "content.read_drafts");
  if (!previewing && !isVisibleToLearner({ course, lesson })) {
    throw new AppError("forbidden", isVisibleToLearner({ course }) ? "This lesson is not published." : COURSE_HIDDEN);
  }
  const blocks = await tx.block.findMany({
    where: { lessonId, ...childrenVisibleTo({ readsDrafts: previewing }).block },
    orderBy: { position: "asc" },
    include: blockInclude,
  });
  const outline = (await outlineOf(tx, [course.id], previewing)).get(course.id) ?? [];
  const order = outline.flatMap((m) => m.lessons.map((l) => l.id));
  const at = order.indexOf(lessonId);
  let progress = await tx.lessonProgress.findUnique({ where: { userId_lessonId: { userId: caller.userId, lessonId } } });
  if (!previewing) {
    progress = await tx.lessonProgress.upsert({
      where: { userId_lessonId: { userId: caller.userId, lessonId } },
      create: { userId: caller.userId, lessonId },
      update: { lastViewedAt: new Date() },
    });
  }
  return {
    id: lesson.id,
    title: lesson.title,
    preview: previewing,
    course: { id: course.id, title: course.title },
    module: { id: lesson.module.id, title: lesson.module.title },
    blocks: blocks.map((b) => toBlockDto(b, { withAnswers: false })),
    previous_lesson_id: at > 0 ? order[at - 1] : null,
    next_lesson_id: at >= 0 && at < order.length - 1 ? order[at + 1] : null,
    position: at + 1,
    lesson_count: order.length,
    completed: !!progress?.completedAt,
  };
}

/**
 * The learner's read of a lesson, in one transaction with the visit it records: what
 * GET /learn/lessons/{id} answers and what the lesson page renders on the server.
 */
export function readLearnLesson(db: Db, caller: Caller, lessonId: string, preview: boolean) {
  return db.$transaction((tx) => getLearnLesson(tx, caller, lessonId, preview));
}

/** A lesson is complete only when its reader says so; reading it (GET) records the visit only. */
export async function completeLesson(tx: Tx, caller: Caller, lessonId: string) {
  const lesson = await getLearnLesson(tx, caller, lessonId, false);
  const row = await tx.lessonProgress.update({
    where: { userId_lessonId: { userId: caller.userId, lessonId: lesson.id } },
    data: { completedAt: new Date() },
  });
  return { lesson_id: lessonId, completed: true, completed_at: toIso(row.completedAt!) };
}

/** Takes a completion back: the lesson counts as not complete again, the visit stays recorded. */
export async function uncompleteLesson(tx: Tx, caller: Caller, lessonId: string) {
  const lesson = await getLearnLesson(tx, caller, lessonId, false);
  await tx.lessonProgress.update({
    where: { userId_lessonId: { userId: caller.userId, lessonId: lesson.id } },
    data: { completedAt: null },
  });
  return { lesson_id: lessonId, completed: false, completed_at: null };
}

/** A quiz to take: its questions without answers, and the caller's earlier attempts. */
export async function getLearnQuiz(tx: Tx, caller: Caller, quizId: string) {
  const { quiz } = await takeable(
    tx,
    caller,
    { quizId },
    () => getQuizOrThrow({ tx, caller, quizId, action: "quiz.submit" }),
    async () => ({ quiz: await getQuizForSeat(tx, quizId) }),
  );
  const attempts = await tx.quizAttempt.findMany({ where: { quizId, userId: caller.userId }, orderBy: { createdAt: "desc" } });
  return {
    id: quiz.id,
    title: quiz.title,
    questions: quiz.questions.map(({ question: q }) => ({
      id: q.id,
      prompt: q.prompt,
      question_type: q.questionType,
      options: q.options.map((o) => ({ id: o.id, label: o.label, sort_order: o.sortOrder })),
    })),
    attempts: attempts.map((a) => ({
      attempt_id: a.id,
      score_correct: a.scoreCorrect,
      score_total: a.scoreTotal,
      percentage: a.percentage,
      created_at: toIso(a.createdAt),
    })),
  };
}

/**
 * Instant feedback on a practice question: whether the chosen options are right, and which are.
 * Only for a question shown in a lesson the caller can see (authors: any question of theirs).
 */
export async function checkAnswer(tx: Tx, caller: Caller, questionId: string, selected: string[]) {
  const { question } = await takeable(
    tx,
    caller,
    { questionId },
    () => getQuestionOrThrow({ tx, caller, questionId, action: "quiz.submit" }),
    async () => ({ question: await getQuestionForSeat(tx, questionId) }),
  );
  const [bad] = foreignOptionIndexes(question.options, selected);
  if (bad !== undefined) {
    throw new AppError("validation_error", "Not an option of this question", {
      issues: [{ path: `selected_option_ids.${bad}`, message: "Not an option of this question" }],
    });
  }
  const { is_correct, correct_option_ids } = scoreAnswer(question.options, selected);
  return { question_id: questionId, is_correct, correct_option_ids };
}
