import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { ProjectParams } from "../projects/schemas";
import { ifMatchOn } from "../versions";
import {
  createQuestionFamily,
  deleteQuestionFamily,
  getQuestionFamily,
  getQuestionFamilyForUpdate,
  listQuestionFamilies,
  updateQuestionFamily,
} from "./question-families";
import { QuestionFamily, QuestionFamilyCreate, QuestionFamilyDetail, QuestionFamilyParams, QuestionFamilyUpdate } from "./schemas";

const tag = "Question bank";

export const listQuestionFamiliesEndpoint = defineEndpoint({
  operationId: "list_question_families",
  method: "GET",
  path: "/projects/{projectId}/question-families",
  tag,
  summary: "List question families",
  description:
    "Returns a project's question families by name, with question_count. Families group variants of one question (e.g. AI-written variants); use it to find a question_family_id.",
  params: ProjectParams,
  query: PageQuery,
  response: pageOf("question_families", QuestionFamily),
  status: 200,
  run: async ({ db, caller, params, query }) => listQuestionFamilies(db, caller, params.projectId, query),
});

export const createQuestionFamilyEndpoint = defineEndpoint({
  operationId: "create_question_family",
  method: "POST",
  path: "/projects/{projectId}/question-families",
  tag,
  summary: "Create a question family",
  description:
    "Creates a family (name 1..200, description up to 2000) and returns it. Put questions in it with question_family_id on create_question or update_question.",
  params: ProjectParams,
  body: QuestionFamilyCreate,
  response: QuestionFamily,
  status: 201,
  run: (ctx) => write(ctx, (tx) => createQuestionFamily(tx, ctx.caller, ctx.params.projectId, ctx.body)),
});

export const getQuestionFamilyEndpoint = defineEndpoint({
  operationId: "get_question_family",
  method: "GET",
  path: "/question-families/{familyId}",
  tag,
  summary: "Read a question family with its questions",
  description:
    "Returns the question family (name, description, question_count) with its questions, each with its options. Use it to compare the variants of one question or to pick one for a quiz.",
  params: QuestionFamilyParams,
  response: QuestionFamilyDetail,
  status: 200,
  run: async ({ db, caller, params }) => getQuestionFamily(db, caller, params.familyId),
});

export const updateQuestionFamilyEndpoint = defineEndpoint({
  operationId: "update_question_family",
  method: "PATCH",
  path: "/question-families/{familyId}",
  tag,
  summary: "Update a question family",
  description:
    "Send at least one of name (1..200) and description (up to 2000). Returns the family as saved, with question_count. Its questions are not changed.",
  params: QuestionFamilyParams,
  body: QuestionFamilyUpdate,
  response: QuestionFamily,
  status: 200,
  ifMatch: ifMatchOn("question_families", "familyId", getQuestionFamilyForUpdate),
  run: (ctx) => write(ctx, (tx) => updateQuestionFamily(tx, ctx.caller, ctx.params.familyId, ctx.body)),
});

export const deleteQuestionFamilyEndpoint = defineEndpoint({
  operationId: "delete_question_family",
  method: "DELETE",
  path: "/question-families/{familyId}",
  tag,
  summary: "Delete a question family",
  description: "Moves the family and its questions to the trash, together (restore with restore_trash_item). Returns {success, id}.",
  params: QuestionFamilyParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteQuestionFamily(tx, ctx.caller, ctx.params.familyId)),
});
