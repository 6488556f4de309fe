import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { Block } from "@/lib/authoring/blocks/schemas";
import { DateTime } from "@/lib/api/schemas";
import { QuestionTypeEnum } from "@/lib/authoring/questions/schemas";
import { checkAnswer, completeLesson, getLearnCourse, getLearnLesson, getLearnQuiz, listLearnCourses } from "./learn";
import { getProjectResults } from "./results";

const tag = "Learning";
const Ref = z.object({ id: z.uuid(), title: z.string() });

export const listLearnCoursesEndpoint = defineEndpoint({
  operationId: "list_learn_courses",
  method: "GET",
  path: "/learn/courses",
  tag,
  summary: "Published courses of your workspaces, with your progress",
  response: z.object({
    courses: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        description: z.string(),
        project: z.object({ id: z.uuid(), name: z.string() }),
        workspace: z.object({ id: z.uuid(), name: z.string() }),
        lesson_count: z.number().int(),
        completed_count: z.number().int(),
        next_lesson_id: z.uuid().nullable(),
        last_viewed_at: DateTime.nullable(),
      }),
    ),
  }),
  status: 200,
  run: async ({ db, caller }) => ({ courses: await listLearnCourses(db, caller) }),
});

export const getLearnCourseEndpoint = defineEndpoint({
  operationId: "get_learn_course",
  method: "GET",
  path: "/learn/courses/{courseId}",
  tag,
  summary: "A published course's outline with your progress",
  params: z.object({ courseId: z.uuid() }),
  response: z.object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    modules: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        lessons: z.array(z.object({ id: z.uuid(), title: z.string(), completed: z.boolean() })),
      }),
    ),
    lesson_count: z.number().int(),
    completed_count: z.number().int(),
    next_lesson_id: z.uuid().nullable(),
  }),
  status: 200,
  errors: ["forbidden"],
  run: ({ db, caller, params }) => getLearnCourse(db, caller, params.courseId),
});

export const getLearnLessonEndpoint = defineEndpoint({
  operationId: "get_learn_lesson",
  method: "GET",
  path: "/learn/lessons/{lessonId}",
  tag,
  summary: "A lesson to read (answers hidden); records where you are",
  params: z.object({ lessonId: z.uuid() }),
  query: z.object({ preview: z.enum(["1", "true"]).optional().describe("Authors: show a draft as learners will see it") }),
  response: z.object({
    id: z.uuid(),
    title: z.string(),
    preview: z.boolean(),
    course: Ref,
    module: Ref,
    blocks: z.array(Block),
    previous_lesson_id: z.uuid().nullable(),
    next_lesson_id: z.uuid().nullable(),
    position: z.number().int(),
    lesson_count: z.number().int(),
    completed: z.boolean(),
  }),
  status: 200,
  errors: ["forbidden"],
  run: ({ db, caller, params, query }) => db.$transaction((tx) => getLearnLesson(tx, caller, params.lessonId, Boolean(query.preview))),
});

export const completeLessonEndpoint = defineEndpoint({
  operationId: "complete_lesson",
  method: "POST",
  path: "/learn/lessons/{lessonId}/complete",
  tag,
  summary: "Mark a lesson complete",
  params: z.object({ lessonId: z.uuid() }),
  response: z.object({ lesson_id: z.uuid(), completed: z.boolean(), completed_at: DateTime }),
  status: 200,
  errors: ["forbidden"],
  run: ({ db, caller, params }) => db.$transaction((tx) => completeLesson(tx, caller, params.lessonId)),
});

export const getLearnQuizEndpoint = defineEndpoint({
  operationId: "get_learn_quiz",
  method: "GET",
  path: "/learn/quizzes/{quizId}",
  tag,
  summary: "A quiz to take, without answers, with your earlier attempts",
  params: z.object({ quizId: z.uuid() }),
  response: z.object({
    id: z.uuid(),
    title: z.string(),
    questions: z.array(
      z.object({
        id: z.uuid(),
        prompt: z.string(),
        question_type: QuestionTypeEnum,
        options: z.array(z.object({ id: z.uuid(), label: z.string(), sort_order: z.number().int() })),
      }),
    ),
    attempts: z.array(
      z.object({
        attempt_id: z.uuid(),
        score_correct: z.number().int(),
        score_total: z.number().int(),
        percentage: z.number(),
        created_at: DateTime,
      }),
    ),
  }),
  status: 200,
  errors: ["forbidden"],
  run: ({ db, caller, params }) => getLearnQuiz(db, caller, params.quizId),
});

export const projectResultsEndpoint = defineEndpoint({
  operationId: "get_project_results",
  method: "GET",
  path: "/projects/{projectId}/results",
  tag,
  summary: "How learners do: quiz scores and lesson completions",
  params: z.object({ projectId: z.uuid() }),
  response: z.object({
    quizzes: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        attempts: z.number().int(),
        learners: z.number().int(),
        average_percentage: z.number().nullable(),
        distribution: z.array(z.number().int()).describe("Attempts per 10-point score band, 0-9 … 90-100"),
      }),
    ),
    lessons: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        course_title: z.string(),
        module_title: z.string(),
        published: z.boolean(),
        views: z.number().int(),
        completions: z.number().int(),
      }),
    ),
  }),
  status: 200,
  run: ({ db, caller, params }) => getProjectResults(db, caller, params.projectId),
});

export const checkAnswerEndpoint = defineEndpoint({
  operationId: "check_answer",
  method: "POST",
  path: "/learn/questions/{questionId}/check",
  tag,
  summary: "Check a practice answer: right or wrong, and the right options",
  params: z.object({ questionId: z.uuid() }),
  body: z.object({ selected_option_ids: z.array(z.uuid()).max(50) }),
  response: z.object({ question_id: z.uuid(), is_correct: z.boolean(), correct_option_ids: z.array(z.uuid()) }),
  status: 200,
  errors: ["forbidden"],
  run: ({ db, caller, params, body }) => checkAnswer(db, caller, params.questionId, body.selected_option_ids),
});
