import { toIso, toIsoOrNull } from "@/lib/api/schemas";
import type { Block, Course, Lesson, Module, Question, QuestionOption } from "@/lib/generated/prisma/client";
import { isLearner, type ProjectAccess } from "./access";
import type { BlockDto } from "./blocks/schemas";
import type { CourseDto } from "./courses/schemas";
import type { QuestionDto } from "./questions/schemas";

/** Whether responses may carry answer keys: never for learners (contract.md, Roles). */
export type Audience = { withAnswers: boolean };

/** Answer keys go to those who may edit the questions: whoever reads drafts. */
export const audienceOf = (access: ProjectAccess): Audience => ({ withAnswers: !isLearner(access) });

export type QuestionRow = Question & { options: QuestionOption[] };
export type BlockRow = Block & {
  question: QuestionRow | null;
  quiz: { id: string; title: string; deletedAt: Date | null } | null;
};

export function toQuestionDto(q: QuestionRow, audience: Audience): QuestionDto {
  return {
    id: q.id,
    project_id: q.projectId,
    category_id: q.categoryId,
    question_family_id: q.questionFamilyId,
    prompt: q.prompt,
    question_type: q.questionType,
    difficulty: q.difficulty,
    options: [...q.options]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((o) => ({
        id: o.id,
        label: o.label,
        sort_order: o.sortOrder,
        ...(audience.withAnswers ? { is_correct: o.isCorrect } : {}),
      })),
    created_at: toIso(q.createdAt),
    updated_at: toIso(q.updatedAt),
  };
}

export function toBlockDto(b: BlockRow, audience: Audience): BlockDto {
  const question = b.question && !b.question.deletedAt ? toQuestionDto(b.question, audience) : null;
  const quiz = b.quiz && !b.quiz.deletedAt ? { id: b.quiz.id, title: b.quiz.title } : null;
  return {
    id: b.id,
    lesson_id: b.lessonId,
    type: b.type,
    position: b.position,
    content: b.content ?? null,
    question_role: (b.questionRole as BlockDto["question_role"]) ?? null,
    question_id: b.questionId,
    question,
    quiz_id: b.quizId,
    quiz,
    created_at: toIso(b.createdAt),
    updated_at: toIso(b.updatedAt),
  };
}

export function toLessonDto(l: Lesson, blocks: BlockDto[] | null = null) {
  return {
    id: l.id,
    module_id: l.moduleId,
    title: l.title,
    position: l.position,
    blocks,
    published_at: toIsoOrNull(l.publishedAt),
    created_at: toIso(l.createdAt),
    updated_at: toIso(l.updatedAt),
  };
}

export function toModuleDto(m: Module, lessons: ReturnType<typeof toLessonDto>[] | null = null) {
  return {
    id: m.id,
    course_id: m.courseId,
    title: m.title,
    position: m.position,
    lessons,
    created_at: toIso(m.createdAt),
    updated_at: toIso(m.updatedAt),
  };
}

export function toCourseDto(c: Course, modules: ReturnType<typeof toModuleDto>[] | null = null): CourseDto {
  return {
    id: c.id,
    project_id: c.projectId,
    title: c.title,
    description: c.description,
    position: c.position,
    modules,
    published_at: toIsoOrNull(c.publishedAt),
    created_at: toIso(c.createdAt),
    updated_at: toIso(c.updatedAt),
    sources: Array.isArray(c.sources) ? (c.sources as CourseDto["sources"]) : [],
  };
}

/** Prisma `include` for a block with what its DTO shows. */
export const blockInclude = {
  question: { include: { options: true } },
  quiz: { select: { id: true, title: true, deletedAt: true } },
} as const;
