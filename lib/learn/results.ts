import type { Caller } from "@/lib/api/authenticate";
import { toIso } from "@/lib/api/schemas";
import { can, getProjectOrThrow, rolesWith } from "@/lib/authoring/access";
import { isVisibleToLearner, undeletedTree } from "@/lib/authoring/visibility";
import type { Tx } from "@/lib/db/client";

const BUCKETS = 10;

/**
 * How a project's quizzes and lessons do with learners, overall and per learner: for its authors.
 * Learners are the workspace's members who may not read drafts; authors' own submissions are not
 * results (their previews are not even stored: previewQuiz).
 */
export async function getProjectResults(tx: Tx, caller: Caller, projectId: string) {
  const access = await getProjectOrThrow({ tx, caller, projectId, action: "content.read_drafts" });
  // Authors try their own quizzes in previews: results count learners only.
  const learners = await tx.membership.findMany({
    where: { workspaceId: access.workspaceId, role: { notIn: rolesWith("content.read_drafts") } },
    select: { userId: true, user: { select: { name: true, email: true } } },
    orderBy: [{ user: { name: "asc" } }, { userId: "asc" }],
  });
  const quizzes = await tx.quiz.findMany({
    where: { projectId, deletedAt: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, title: true },
  });
  const attempts = await tx.quizAttempt.findMany({
    where: { quizId: { in: quizzes.map((q) => q.id) }, userId: { in: learners.map((l) => l.userId) } },
    select: { quizId: true, userId: true, percentage: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const lessons = await tx.lesson.findMany({
    where: undeletedTree({ id: projectId }).lesson,
    include: { module: { include: { course: true } } },
  });
  lessons.sort(
    (a, b) => a.module.course.position - b.module.course.position || a.module.position - b.module.position || a.position - b.position,
  );
  const progress = await tx.lessonProgress.groupBy({
    by: ["lessonId"],
    where: { lessonId: { in: lessons.map((l) => l.id) }, userId: { in: learners.map((l) => l.userId) } },
    _count: { _all: true, completedAt: true },
  });
  const counts = new Map(progress.map((p) => [p.lessonId, p._count]));
  const completions = await tx.lessonProgress.findMany({
    where: { lessonId: { in: lessons.map((l) => l.id) }, userId: { in: learners.map((l) => l.userId) }, completedAt: { not: null } },
    select: { userId: true, lessonId: true },
  });
  const lessonOrder = new Map(lessons.map((l, i) => [l.id, i]));
  const readsEmails = can(access.role, "members.read_emails");
  return {
    quizzes: quizzes.map((quiz) => {
      const own = attempts.filter((a) => a.quizId === quiz.id);
      const distribution = Array.from({ length: BUCKETS }, () => 0);
      for (const a of own) distribution[Math.min(BUCKETS - 1, Math.floor(a.percentage / (100 / BUCKETS)))]++;
      return {
        id: quiz.id,
        title: quiz.title,
        attempts: own.length,
        learners: new Set(own.map((a) => a.userId)).size,
        average_percentage: own.length ? own.reduce((sum, a) => sum + a.percentage, 0) / own.length : null,
        distribution,
      };
    }),
    learners: learners.map(({ userId, user }) => {
      const own = attempts.filter((a) => a.userId === userId);
      return {
        id: userId,
        name: user.name,
        email: readsEmails ? user.email : null,
        completed_lesson_ids: completions
          .filter((c) => c.userId === userId)
          .map((c) => c.lessonId)
          .sort((a, b) => lessonOrder.get(a)! - lessonOrder.get(b)!),
        quizzes: quizzes.flatMap((quiz) => {
          const tries = own.filter((a) => a.quizId === quiz.id);
          const last = tries.at(-1);
          if (!last) return [];
          return [
            {
              quiz_id: quiz.id,
              attempts: tries.length,
              best_percentage: Math.max(...tries.map((a) => a.percentage)),
              last_percentage: last.percentage,
              last_attempt_at: toIso(last.createdAt),
            },
          ];
        }),
      };
    }),
    lessons: lessons.map((l) => ({
      id: l.id,
      title: l.title,
      course_title: l.module.course.title,
      module_title: l.module.title,
      published: isVisibleToLearner({ course: l.module.course, lesson: l }),
      views: counts.get(l.id)?._all ?? 0,
      completions: counts.get(l.id)?.completedAt ?? 0,
    })),
  };
}
