import type { Caller } from "@/lib/api/authenticate";
import { toIsoOrNull } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/client";
import { getCourseOrThrow } from "../load";
import { undeletedTree, visibleToLearner } from "../visibility";
import type { CourseSnapshot, SnapshotBlock, SnapshotLesson, SnapshotQuestion } from "./snapshot-types";

/**
 * The course as it leaves the app, read in a few statements: every lesson (`lessons: "all"`, the
 * archive and review copies) or only those learners see (`"visible"`). The caller must be allowed
 * to read drafts (authors and admins); anyone else gets 404.
 */
export async function loadCourseSnapshot(db: Db, caller: Caller, courseId: string, lessons: "all" | "visible"): Promise<CourseSnapshot> {
  const { course } = await getCourseOrThrow({ tx: db, caller, courseId, action: "content.read_drafts" });
  // Which lessons go: the visibility rule's own `where` (visibility.ts), narrowed to this course.
  const lessonRule = lessons === "all" ? undeletedTree().lesson : visibleToLearner().lesson;
  const [moduleRows, lessonRows] = await Promise.all([
    db.module.findMany({ where: { courseId, deletedAt: null }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    db.lesson.findMany({ where: { AND: [lessonRule, { module: { courseId } }] }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
  ]);
  const blockRows = await db.block.findMany({
    where: { lessonId: { in: lessonRows.map((l) => l.id) }, deletedAt: null },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, lessonId: true, type: true, position: true, content: true, questionRole: true, questionId: true, quizId: true },
  });

  const quizIds = unique(blockRows.map((b) => (b.type === "quiz" ? b.quizId : null)));
  const quizRows = await db.quiz.findMany({
    where: { id: { in: quizIds }, deletedAt: null },
    select: {
      id: true,
      title: true,
      passPercentage: true,
      questions: { where: { question: { deletedAt: null } }, orderBy: { sortOrder: "asc" }, select: { questionId: true } },
    },
  });
  const questionIds = unique([
    ...blockRows.map((b) => (b.type === "question" ? b.questionId : null)),
    ...quizRows.flatMap((q) => q.questions.map((qq) => qq.questionId)),
  ]);
  const questionRows = await db.question.findMany({
    where: { id: { in: questionIds }, deletedAt: null },
    include: { options: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const [categoryRows, familyRows] = await Promise.all([
    db.category.findMany({ where: { id: { in: unique(questionRows.map((q) => q.categoryId)) } }, orderBy: { name: "asc" } }),
    db.questionFamily.findMany({ where: { id: { in: unique(questionRows.map((q) => q.questionFamilyId)) } }, orderBy: { name: "asc" } }),
  ]);

  const liveQuizzes = new Set(quizRows.map((q) => q.id));
  const liveQuestions = new Set(questionRows.map((q) => q.id));
  const blocksOf = groupBy(
    blockRows.map((b): SnapshotBlock & { lessonId: string } => ({
      lessonId: b.lessonId,
      id: b.id,
      type: b.type,
      position: b.position,
      content: b.content ?? null,
      question_role: b.questionRole,
      // As the Block DTO shows them: a question or quiz in the trash is no longer named.
      question_id: b.questionId && liveQuestions.has(b.questionId) ? b.questionId : null,
      quiz_id: b.quizId && liveQuizzes.has(b.quizId) ? b.quizId : null,
    })),
    (b) => b.lessonId,
  );
  const lessonsOf = groupBy(
    lessonRows.map((l): SnapshotLesson & { moduleId: string } => ({
      moduleId: l.moduleId,
      id: l.id,
      title: l.title,
      position: l.position,
      published_at: toIsoOrNull(l.publishedAt),
      blocks: (blocksOf.get(l.id) ?? []).map(({ lessonId: _, ...b }) => b),
    })),
    (l) => l.moduleId,
  );

  return {
    course: {
      id: course.id,
      project_id: course.projectId,
      title: course.title,
      description: course.description,
      sources: course.sources,
      published_at: toIsoOrNull(course.publishedAt),
    },
    modules: moduleRows.map((m) => ({
      id: m.id,
      title: m.title,
      position: m.position,
      lessons: (lessonsOf.get(m.id) ?? []).map(({ moduleId: _, ...l }) => l),
    })),
    questions: questionRows.map((q): SnapshotQuestion => ({
      id: q.id,
      category_id: q.categoryId,
      question_family_id: q.questionFamilyId,
      prompt: q.prompt,
      question_type: q.questionType,
      difficulty: q.difficulty,
      options: q.options.map((o) => ({ id: o.id, label: o.label, sort_order: o.sortOrder, is_correct: o.isCorrect })),
    })),
    quizzes: quizRows.map((q) => ({
      id: q.id,
      title: q.title,
      pass_percentage: q.passPercentage,
      question_ids: q.questions.map((qq) => qq.questionId),
    })),
    categories: categoryRows.map((c) => ({ id: c.id, name: c.name })),
    families: familyRows.map((f) => ({ id: f.id, name: f.name, description: f.description })),
  };
}

const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}
