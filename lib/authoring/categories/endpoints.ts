import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { ProjectParams } from "../projects/schemas";
import { ifMatchOn } from "../versions";
import { createCategory, deleteCategory, getCategory, getCategoryForUpdate, listCategories, updateCategory } from "./categories";
import { Category, CategoryParams, CategoryWrite } from "./schemas";

const tag = "Question bank";

export const listCategoriesEndpoint = defineEndpoint({
  operationId: "list_categories",
  method: "GET",
  path: "/projects/{projectId}/categories",
  tag,
  summary: "List question categories",
  description:
    "Returns one page of a project's question categories, by name ({categories, has_more, limit, offset}). Use it to find a category_id for create_question; paginate with limit and offset.",
  params: ProjectParams,
  query: PageQuery,
  response: pageOf("categories", Category),
  status: 200,
  run: async ({ db, caller, params, query }) => listCategories(db, caller, params.projectId, query),
});

export const createCategoryEndpoint = defineEndpoint({
  operationId: "create_category",
  method: "POST",
  path: "/projects/{projectId}/categories",
  tag,
  summary: "Create a question category",
  description: "name 1..120 characters, unique in the project (a duplicate answers 400 conflict). Every question belongs to a category.",
  params: ProjectParams,
  body: CategoryWrite,
  response: Category,
  status: 201,
  errors: ["conflict"],
  run: (ctx) => write(ctx, (tx) => createCategory(tx, ctx.caller, ctx.params.projectId, ctx.body)),
});

export const getCategoryEndpoint = defineEndpoint({
  operationId: "get_category",
  method: "GET",
  path: "/categories/{categoryId}",
  tag,
  summary: "Read a question category",
  description:
    "Returns one question category (id, project_id, name, updated_at). Use it to check a category id before creating questions in it; list_questions with category_id lists its questions.",
  params: CategoryParams,
  response: Category,
  status: 200,
  run: async ({ db, caller, params }) => getCategory(db, caller, params.categoryId),
});

export const updateCategoryEndpoint = defineEndpoint({
  operationId: "update_category",
  method: "PATCH",
  path: "/categories/{categoryId}",
  tag,
  summary: "Rename a question category",
  description:
    "Renames a question category (name 1..120, unique in the project: a duplicate answers 400 conflict). Returns the category as saved. Its questions keep belonging to it.",
  params: CategoryParams,
  body: CategoryWrite,
  response: Category,
  status: 200,
  errors: ["conflict"],
  ifMatch: ifMatchOn("categories", "categoryId", getCategoryForUpdate),
  run: (ctx) => write(ctx, (tx) => updateCategory(tx, ctx.caller, ctx.params.categoryId, ctx.body)),
});

export const deleteCategoryEndpoint = defineEndpoint({
  operationId: "delete_category",
  method: "DELETE",
  path: "/categories/{categoryId}",
  tag,
  summary: "Delete a question category",
  description: "Moves the category and its questions to the trash, together (restore with restore_trash_item). Returns {success, id}.",
  params: CategoryParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteCategory(tx, ctx.caller, ctx.params.categoryId)),
});
