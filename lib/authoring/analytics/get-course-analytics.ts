import type { Caller } from "@/lib/api/authenticate";
import { dateRange } from "@/lib/api/date-range";
import { toIso } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { getCourseOrThrow } from "../load";
import { childrenVisibleTo } from "../visibility";
import { progressFigures, quizFigures } from "./analytics-sql";
import { HISTOGRAM_BANDS, type CourseAnalyticsDto, type CourseAnalyticsQueryValue } from "./schemas";

/**
 * The course a report is asked of, if the caller reads its drafts (authors and admins of its
 * project); to anyone else, learners included, it does not exist (404).
 */
export const getCourseToReport = (db: Tx, caller: Caller, courseId: string) =>
  getCourseOrThrow({ tx: db, caller, courseId, action: "content.read_drafts" });

/** What a learner meets of a course's children (the learner side's rule, lib/learn): published lessons, nothing deleted. */
const asLearnersSee = childrenVisibleTo({ readsDrafts: false });

/**
 * The course's published lessons in reading order (module position, then lesson position), each
 * with the quizzes its blocks place, in block order. The course's own state is not asked: an
 * unpublished course keeps its learners' progress (contract.md, Publishing), and its report.
 */
async function readingOrder(db: Tx, courseId: string) {
  const modules = await db.module.findMany({
    where: { courseId, ...asLearnersSee.module },
    orderBy: { position: "asc" },
    select: {
      id: true,
      title: true,
      lessons: {
        where: asLearnersSee.lesson,
        orderBy: { position: "asc" },
        select: {
          id: true,
          title: true,
          blocks: {
            where: { ...asLearnersSee.block, type: "quiz", quiz: { is: { deletedAt: null } } },
            orderBy: { position: "asc" },
            select: { quiz: { select: { id: true, title: true } } },
          },
        },
      },
    },
  });
  return modules.flatMap((m) => m.lessons.map((lesson) => ({ ...lesson, module: { id: m.id, title: m.title } })));
}

/**
 * How learners go through a course within a date range: the funnel (started, completed, median
 * time to complete), each published lesson's starts and completions, and each placed quiz's
 * counted attempts. `courseId` names a course found by getCourseToReport.
 */
export async function getCourseAnalytics(db: Tx, courseId: string, query: CourseAnalyticsQueryValue): Promise<CourseAnalyticsDto> {
  const range = dateRange(query);
  const lessons = await readingOrder(db, courseId);
  const quizzes = new Map<string, { quiz_id: string; title: string; lesson_id: string }>();
  for (const lesson of lessons) {
    for (const { quiz } of lesson.blocks) {
      if (quiz && !quizzes.has(quiz.id)) quizzes.set(quiz.id, { quiz_id: quiz.id, title: quiz.title, lesson_id: lesson.id });
    }
  }
  const progress = await progressFigures(
    db,
    lessons.map((l) => l.id),
    range,
  );
  const outcomes = await quizFigures(db, [...quizzes.keys()], { range, mode: query.attempts, passMark: query.pass_mark });
  const perLesson = new Map(progress.lessons.map((l) => [l.lesson_id, l]));
  const perQuiz = new Map(outcomes.map((q) => [q.quiz_id, q]));
  return {
    range: { from: toIso(range.from), to: toIso(range.to) },
    attempts: query.attempts,
    pass_mark: query.pass_mark,
    learners: { started: progress.started, completed: progress.completed, median_seconds_to_complete: progress.median_seconds },
    lessons: lessons.map((lesson, position) => ({
      lesson_id: lesson.id,
      title: lesson.title,
      module_id: lesson.module.id,
      module_title: lesson.module.title,
      position,
      started: perLesson.get(lesson.id)?.started ?? 0,
      completed: perLesson.get(lesson.id)?.completed ?? 0,
    })),
    quizzes: [...quizzes.values()].map((quiz) => {
      const figures = perQuiz.get(quiz.quiz_id);
      return {
        ...quiz,
        attempts: figures?.attempts ?? 0,
        learners: figures?.learners ?? 0,
        mean_percentage: figures?.mean_percentage ?? null,
        pass_rate: figures?.pass_rate ?? null,
        histogram: figures?.histogram ?? Array.from({ length: HISTOGRAM_BANDS }, () => 0),
      };
    }),
  };
}
