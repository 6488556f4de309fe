import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import { can, roleIn } from "@/lib/authoring/access";
import type { Tx } from "@/lib/db/client";
import { toIso, toIsoOrNull } from "@/lib/api/schemas";
import { blockInclude, toBlockDto } from "@/lib/authoring/dto";

/**
 * The learner's side: published courses and lessons only (course and lesson both published,
 * nothing deleted), progress per learner, answers hidden until a quiz is submitted.
 */
const publishedLessons = { deletedAt: null, publishedAt: { not: null } } as const;
const liveCourse = { deletedAt: null, publishedAt: { not: null }, project: { deletedAt: null } } as const;

type Outline = { id: string; title: string; lessons: { id: string; title: string }[] }[];

async function outlineOf(tx: Tx, courseIds: string[], includeDrafts = false) {
  const modules = await tx.module.findMany({
    where: { courseId: { in: courseIds }, deletedAt: null },
    orderBy: [{ courseId: "asc" }, { position: "asc" }],
    include: { lessons: { where: includeDrafts ? { deletedAt: null } : publishedLessons, orderBy: { position: "asc" }, select: { id: true, title: true } } },
  });
  const byCourse = new Map<string, Outline>();
  for (const m of modules) byCourse.set(m.courseId, [...(byCourse.get(m.courseId) ?? []), { id: m.id, title: m.title, lessons: m.lessons }]);
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

export async function listLearnCourses(tx: Tx, caller: Caller) {
  const courses = await tx.course.findMany({
    where: { ...liveCourse, project: { deletedAt: null, workspace: { memberships: { some: { userId: caller.userId } } } } },
    include: { project: { include: { workspace: true } } },
    orderBy: [{ project: { workspace: { name: "asc" } } }, { project: { name: "asc" } }, { position: "asc" }],
  });
  const outlines = await outlineOf(tx, courses.map((c) => c.id));
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

async function memberRole(tx: Tx, caller: Caller, projectId: string) {
  const project = await tx.project.findFirst({ where: { id: projectId, deletedAt: null }, select: { workspaceId: true } });
  return project ? roleIn(tx, caller, project.workspaceId) : null;
}

export async function getLearnCourse(tx: Tx, caller: Caller, courseId: string) {
  const course = await tx.course.findFirst({ where: { id: courseId, deletedAt: null } });
  const role = course ? await memberRole(tx, caller, course.projectId) : null;
  if (!course || !role) throw notFound("Course");
  if (!course.publishedAt) throw new AppError("forbidden", "This course is not published at the moment. Your progress is kept for when it is back.");
  const outline = (await outlineOf(tx, [courseId])).get(courseId) ?? [];
  const lessons = outline.flatMap((m) => m.lessons);
  const progress = await progressOf(tx, caller.userId, lessons.map((l) => l.id));
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
    where: { id: lessonId, deletedAt: null, module: { deletedAt: null, course: { deletedAt: null } } },
    include: { module: { include: { course: true } } },
  });
  const course = lesson?.module.course;
  const role = course ? await memberRole(tx, caller, course.projectId) : null;
  if (!lesson || !course || !role) throw notFound("Lesson");
  const previewing = preview && can(role, "content.read_drafts");
  if (!previewing && !(lesson.publishedAt && course.publishedAt)) {
    throw new AppError("forbidden", course.publishedAt ? "This lesson is not published." : "This course is not published at the moment. Your progress is kept for when it is back.");
  }
  const blocks = await tx.block.findMany({ where: { lessonId, deletedAt: null }, orderBy: { position: "asc" }, include: blockInclude });
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

export async function completeLesson(tx: Tx, caller: Caller, lessonId: string) {
  const lesson = await getLearnLesson(tx, caller, lessonId, false);
  const row = await tx.lessonProgress.update({
    where: { userId_lessonId: { userId: caller.userId, lessonId: lesson.id } },
    data: { completedAt: new Date() },
  });
  return { lesson_id: lessonId, completed: true, completed_at: toIso(row.completedAt!) };
}

/** A quiz to take: its questions without answers, and the caller's earlier attempts. */
export async function getLearnQuiz(tx: Tx, caller: Caller, quizId: string) {
  const quiz = await tx.quiz.findFirst({
    where: { id: quizId, deletedAt: null },
    include: {
      questions: {
        where: { question: { deletedAt: null } },
        orderBy: { sortOrder: "asc" },
        include: { question: { include: { options: { orderBy: { sortOrder: "asc" } } } } },
      },
    },
  });
  const role = quiz ? await memberRole(tx, caller, quiz.projectId) : null;
  if (!quiz || !role) throw notFound("Quiz");
  if (!can(role, "content.read_drafts")) {
    const placed = await tx.block.findFirst({
      where: { quizId, type: "quiz", deletedAt: null, lesson: { ...publishedLessons, module: { deletedAt: null, course: liveCourse } } },
      select: { id: true },
    });
    if (!placed) throw new AppError("forbidden", "This quiz is not part of a lesson you can take");
  }
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
  const question = await tx.question.findFirst({ where: { id: questionId, deletedAt: null }, include: { options: true } });
  const role = question ? await memberRole(tx, caller, question.projectId) : null;
  if (!question || !role) throw notFound("Question");
  if (!can(role, "content.read_drafts")) {
    const shown = await tx.block.findFirst({
      where: { questionId, type: "question", deletedAt: null, lesson: { ...publishedLessons, module: { deletedAt: null, course: liveCourse } } },
      select: { id: true },
    });
    if (!shown) throw new AppError("forbidden", "This question is not part of a lesson you can take");
  }
  const own = new Set(question.options.map((o) => o.id));
  const bad = selected.findIndex((id) => !own.has(id));
  if (bad >= 0) throw new AppError("validation_error", "Not an option of this question", { issues: [{ path: `selected_option_ids.${bad}`, message: "Not an option of this question" }] });
  const correct = question.options.filter((o) => o.isCorrect).map((o) => o.id);
  const chosen = [...new Set(selected)];
  return {
    question_id: questionId,
    is_correct: chosen.length === correct.length && chosen.every((id) => correct.includes(id)),
    correct_option_ids: correct,
  };
}
