import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { ProjectParams } from "../projects/schemas";
import { ifMatchOn } from "../versions";
import { createQuestion, deleteQuestion, getQuestion, getQuestionForUpdate, listQuestions, updateQuestion } from "./questions";
import { QuestionCreate, QuestionDetail, QuestionListQuery, QuestionParams, QuestionUpdate } from "./schemas";

const tag = "Question bank";
const RULES =
  "Option rules: true_false exactly 2 options with exactly 1 correct; single_choice 2+ options with exactly 1 correct; multiple_choice 2+ options with 2+ correct.";

export const listQuestionsEndpoint = defineEndpoint({
  operationId: "list_questions",
  method: "GET",
  path: "/projects/{projectId}/questions",
  tag,
  summary: "List questions",
  description:
    "Returns one page of the question bank, newest first, each question with its options; filter by category_id, question_family_id, question_type or difficulty (1..5). Use it to find question ids for quizzes and question blocks.",
  params: ProjectParams,
  query: QuestionListQuery,
  response: pageOf("questions", QuestionDetail),
  status: 200,
  run: async ({ db, caller, params, query }) => listQuestions(db, caller, params.projectId, query),
});

export const createQuestionEndpoint = defineEndpoint({
  operationId: "create_question",
  method: "POST",
  path: "/projects/{projectId}/questions",
  tag,
  summary: "Create a question",
  description: `Returns the question as saved, with its options and their ids. category_id (same project), prompt, question_type, difficulty 1..5 and options [{label, is_correct}] in order. ${RULES}`,
  params: ProjectParams,
  body: QuestionCreate,
  response: QuestionDetail,
  status: 201,
  run: (ctx) => write(ctx, (tx) => createQuestion(tx, ctx.caller, ctx.params.projectId, ctx.body)),
});

export const getQuestionEndpoint = defineEndpoint({
  operationId: "get_question",
  method: "GET",
  path: "/questions/{questionId}",
  tag,
  summary: "Read a question",
  description:
    "Returns one question of the bank: prompt, question_type, difficulty, category and family, and its options in order with is_correct. Use it before update_question (options replace the full set: send an option's id to keep it).",
  params: QuestionParams,
  response: QuestionDetail,
  status: 200,
  run: async ({ db, caller, params }) => getQuestion(db, caller, params.questionId),
});

export const updateQuestionEndpoint = defineEndpoint({
  operationId: "update_question",
  method: "PATCH",
  path: "/questions/{questionId}",
  tag,
  summary: "Update a question",
  description: `Returns the question as saved, with its options and their ids. Send any fields to change. options replace the full set (send an option's id to keep it). The merged question is validated, so changing question_type alone can fail because of the current options. ${RULES}`,
  params: QuestionParams,
  body: QuestionUpdate,
  response: QuestionDetail,
  status: 200,
  ifMatch: ifMatchOn("questions", "questionId", getQuestionForUpdate),
  run: (ctx) => write(ctx, (tx) => updateQuestion(tx, ctx.caller, ctx.params.questionId, ctx.body)),
});

export const deleteQuestionEndpoint = defineEndpoint({
  operationId: "delete_question",
  method: "DELETE",
  path: "/questions/{questionId}",
  tag,
  summary: "Delete a question",
  description:
    "Moves the question to the trash; blocks that show it read question: null until it is restored with restore_trash_item. Returns {success, id}.",
  params: QuestionParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteQuestion(tx, ctx.caller, ctx.params.questionId)),
});
