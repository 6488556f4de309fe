import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { ProjectParams } from "../projects/schemas";
import { write } from "@/lib/db/transaction";
import { createQuiz, deleteQuiz, getQuiz, listQuizzes, submitQuiz, updateQuiz } from "./quizzes";
import { QuizAttemptResult, QuizCreate, QuizDetail, QuizParams, QuizSubmission, QuizSummary, QuizUpdate } from "./schemas";

const tag = "Quizzes";

export const submitQuizEndpoint = defineEndpoint({
  operationId: "submit_quiz",
  method: "POST",
  path: "/quizzes/{quizId}/submit",
  tag,
  summary: "Submit a quiz attempt",
  description:
    "answers: [{question_id, selected_option_ids}]. A question scores 1 when the selected set equals its correct set; unanswered questions score 0. The result shows what was right. Learners may submit quizzes placed in lessons they can see (else 403).",
  params: QuizParams,
  body: QuizSubmission,
  response: QuizAttemptResult,
  status: 201,
  errors: ["forbidden"],
  run: (ctx) => write(ctx, (tx) => submitQuiz(tx, ctx.caller, ctx.params.quizId, ctx.body)),
});

export const listQuizzesEndpoint = defineEndpoint({
  operationId: "list_quizzes",
  method: "GET",
  path: "/projects/{projectId}/quizzes",
  tag,
  summary: "List quizzes",
  description: "A project's quizzes, newest first, with question_count instead of the questions.",
  params: ProjectParams,
  query: PageQuery,
  response: pageOf("quizzes", QuizSummary),
  status: 200,
  run: async ({ db, caller, params, query }) => listQuizzes(db, caller, params.projectId, query),
});

export const createQuizEndpoint = defineEndpoint({
  operationId: "create_quiz",
  method: "POST",
  path: "/projects/{projectId}/quizzes",
  tag,
  summary: "Create a quiz",
  description:
    "title 1..200 and question_ids (questions of the same project, no duplicates; array order is the quiz order). Place it in a lesson with a quiz block.",
  params: ProjectParams,
  body: QuizCreate,
  response: QuizDetail,
  status: 201,
  run: (ctx) => write(ctx, (tx) => createQuiz(tx, ctx.caller, ctx.params.projectId, ctx.body)),
});

export const getQuizEndpoint = defineEndpoint({
  operationId: "get_quiz",
  method: "GET",
  path: "/quizzes/{quizId}",
  tag,
  summary: "Read a quiz with its questions",
  params: QuizParams,
  response: QuizDetail,
  status: 200,
  run: async ({ db, caller, params }) => getQuiz(db, caller, params.quizId),
});

export const updateQuizEndpoint = defineEndpoint({
  operationId: "update_quiz",
  method: "PATCH",
  path: "/quizzes/{quizId}",
  tag,
  summary: "Update a quiz",
  description: "Send at least one of title and question_ids (replaces the whole set, in order).",
  params: QuizParams,
  body: QuizUpdate,
  response: QuizDetail,
  status: 200,
  run: (ctx) => write(ctx, (tx) => updateQuiz(tx, ctx.caller, ctx.params.quizId, ctx.body)),
});

export const deleteQuizEndpoint = defineEndpoint({
  operationId: "delete_quiz",
  method: "DELETE",
  path: "/quizzes/{quizId}",
  tag,
  summary: "Delete a quiz",
  description: "Moves the quiz to the trash; quiz blocks read quiz: null until it is restored.",
  params: QuizParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteQuiz(tx, ctx.caller, ctx.params.quizId)),
});
