import { defineEndpoint } from "@/lib/api/endpoint";
import { CourseParams } from "../courses/schemas";
import { QuestionParams } from "../questions/schemas";
import { QuizParams } from "../quizzes/schemas";
import { getCourseAnalytics, getCourseToReport } from "./get-course-analytics";
import { getItemAnalysis, getQuizToReport } from "./get-item-analysis";
import { getQuestionAnalysis, getQuestionToReport } from "./get-question-analysis";
import { CourseAnalytics, CourseAnalyticsQuery, ItemAnalysis, ItemAnalysisQuery, QuestionAnalysis } from "./schemas";

const tag = "Analytics";

const dayOf = (iso: string) => iso.slice(0, 10);

export const getCourseAnalyticsEndpoint = defineEndpoint({
  operationId: "get_course_analytics",
  method: "GET",
  path: "/courses/{courseId}/analytics",
  tag,
  summary: "Read how learners go through a course",
  description:
    "Returns the course's learner funnel within a date range (from included, to not; default the last 365 days): learners who " +
    "started and who completed every published lesson, the median seconds from first start to last completion, each published " +
    "lesson in reading order with its starts and completions, and each quiz placed in them with its counted attempts (attempts=first: " +
    "each learner's first attempt only, the default; all: every one), learners, mean percentage, pass rate at pass_mark (default 70) " +
    "and a histogram of 10 bands. format=csv (or Accept: text/csv) answers one row per lesson. Authors and admins only; anyone else gets 404.",
  params: CourseParams,
  query: CourseAnalyticsQuery,
  load: ({ db, caller, params }) => getCourseToReport(db, caller, params.courseId),
  response: CourseAnalytics,
  status: 200,
  run: ({ db, params, query }) => getCourseAnalytics(db, params.courseId, query),
  csv: (result, { params }) => ({
    filename: `course-analytics-${params.courseId}-${dayOf(result.range.from)}-${dayOf(result.range.to)}.csv`,
    header: ["position", "lesson_id", "lesson_title", "module_id", "module_title", "started", "completed"],
    rows: result.lessons.map((l) => [l.position, l.lesson_id, l.title, l.module_id, l.module_title, l.started, l.completed]),
  }),
});

export const getQuizItemAnalysisEndpoint = defineEndpoint({
  operationId: "get_quiz_item_analysis",
  method: "GET",
  path: "/quizzes/{quizId}/item-analysis",
  tag,
  summary: "Read how each question of a quiz works",
  description:
    "Returns, for each question of the quiz in quiz order, over its counted attempts (attempts=first: each learner's first attempt, " +
    "the default; all: every one): answered, facility (share right), discrimination (corrected point-biserial: the correlation " +
    "between the item and the rest of the score; null under 5 answers or without variance), flags (too_easy above 0.9, too_hard " +
    "below 0.2, weak_discrimination below 0.1) and each option's chosen share. Use it to find questions to rewrite. format=csv " +
    "(or Accept: text/csv) answers one row per question. Authors and admins only; anyone else gets 404.",
  params: QuizParams,
  query: ItemAnalysisQuery,
  load: ({ db, caller, params }) => getQuizToReport(db, caller, params.quizId),
  response: ItemAnalysis,
  status: 200,
  run: ({ db, loaded, query }) => getItemAnalysis(db, loaded.quiz, query),
  csv: (result, { params }) => ({
    filename: `item-analysis-${params.quizId}.csv`,
    header: ["position", "question_id", "prompt", "question_family_name", "answered", "facility", "discrimination", "flags"],
    rows: result.items.map((item, position) => [
      position,
      item.question_id,
      item.prompt,
      item.question_family_name,
      item.answered,
      item.facility,
      item.discrimination,
      item.flags.join(" "),
    ]),
  }),
});

export const getQuestionItemAnalysisEndpoint = defineEndpoint({
  operationId: "get_question_item_analysis",
  method: "GET",
  path: "/questions/{questionId}/item-analysis",
  tag,
  summary: "Read how a bank question works in every quiz that asks it",
  description:
    "Returns the question's item analysis in each quiz that asks it (not those in the trash), over their counted attempts " +
    "(attempts=first: each learner's first attempt, the default; all: every one): answered, facility, discrimination against the " +
    "rest of that quiz's score, flags; then over all of them: answers and option shares pooled, discrimination weighted by each " +
    "quiz's answers. format=csv (or Accept: text/csv) answers one row per quiz. Authors and admins only; anyone else gets 404.",
  params: QuestionParams,
  query: ItemAnalysisQuery,
  load: ({ db, caller, params }) => getQuestionToReport(db, caller, params.questionId),
  response: QuestionAnalysis,
  status: 200,
  run: ({ db, loaded, query }) => getQuestionAnalysis(db, loaded.question, query),
  csv: (result, { params }) => ({
    filename: `question-analysis-${params.questionId}.csv`,
    header: ["quiz_id", "quiz_title", "attempts", "answered", "facility", "discrimination", "flags"],
    rows: result.quizzes.map((quiz) => [
      quiz.quiz_id,
      quiz.title,
      quiz.attempts,
      quiz.answered,
      quiz.facility,
      quiz.discrimination,
      quiz.flags.join(" "),
    ]),
  }),
});
