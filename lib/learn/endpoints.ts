import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { DateTime } from "@/lib/api/schemas";
import { Block } from "@/lib/authoring/blocks/schemas";
import { QuestionTypeEnum } from "@/lib/authoring/questions/schemas";
import { previewQuiz } from "@/lib/authoring/quizzes/quizzes";
import { QuizAttemptResult, QuizSubmission } from "@/lib/authoring/quizzes/schemas";
import { issueDueCertificatesQuietly } from "@/lib/certificates/certificates";
import { checkAnswer, completeLesson, getLearnCourse, getLearnQuiz, listLearnCourses, readLearnLesson, uncompleteLesson } from "./learn";
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
  run: ({ db, caller, params, query }) => readLearnLesson(db, caller, params.lessonId, Boolean(query.preview)),
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
  run: async ({ db, caller, params }) => {
    const done = await db.$transaction((tx) => completeLesson(tx, caller, params.lessonId));
    // The last lesson of a course held through a seat completes it: its certificate (lib/certificates).
    await issueDueCertificatesQuietly(db, caller.userId);
    return done;
  },
});

export const uncompleteLessonEndpoint = defineEndpoint({
  operationId: "uncomplete_lesson",
  method: "DELETE",
  path: "/learn/lessons/{lessonId}/complete",
  tag,
  summary: "Mark a lesson as not complete (undo a completion)",
  params: z.object({ lessonId: z.uuid() }),
  response: z.object({ lesson_id: z.uuid(), completed: z.literal(false), completed_at: z.null() }),
  status: 200,
  errors: ["forbidden"],
  run: ({ db, caller, params }) => db.$transaction((tx) => uncompleteLesson(tx, caller, params.lessonId)),
});

export const previewQuizEndpoint = defineEndpoint({
  operationId: "preview_quiz",
  method: "POST",
  path: "/learn/quizzes/{quizId}/preview",
  tag,
  summary: "Score answers as a submission would, recording nothing: authors trying a quiz",
  description: "Same answers and scoring as POST /api/authoring/quizzes/{quizId}/submit; no attempt is stored. Learners: 404.",
  params: z.object({ quizId: z.uuid() }),
  body: QuizSubmission,
  response: QuizAttemptResult.pick({ score_correct: true, score_total: true, percentage: true, results: true }),
  status: 200,
  run: ({ db, caller, params, body }) => previewQuiz(db, caller, params.quizId, body),
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
  summary: "How learners do: quiz scores and lesson completions, overall and per learner",
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
    learners: z
      .array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          email: z.string().nullable().describe("For callers who may read members' emails"),
          completed_lesson_ids: z.array(z.uuid()).describe("Lessons of `lessons` the learner has completed, in that order"),
          quizzes: z
            .array(
              z.object({
                quiz_id: z.uuid(),
                attempts: z.number().int(),
                best_percentage: z.number(),
                last_percentage: z.number(),
                last_attempt_at: DateTime,
              }),
            )
            .describe("The quizzes the learner has attempted, in the order of `quizzes`"),
        }),
      )
      .describe("Every learner of the workspace, by name, whether they have started or not"),
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
