import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { CourseParams } from "../courses/schemas";
import { write } from "@/lib/db/transaction";
import { createModule, deleteModule, getModule, listModules, updateModule } from "./modules";
import { Module, ModuleCreate, ModuleParams, ModuleUpdate } from "./schemas";

const tag = "Modules";

export const listModulesEndpoint = defineEndpoint({
  operationId: "list_modules",
  method: "GET",
  path: "/courses/{courseId}/modules",
  tag,
  summary: "List a course's modules",
  description: "Modules in position order, without their lessons. Paginate with limit and offset.",
  params: CourseParams,
  query: PageQuery,
  response: pageOf("modules", Module),
  status: 200,
  run: async ({ db, caller, params, query }) => listModules(db, caller, params.courseId, query),
});

export const createModuleEndpoint = defineEndpoint({
  operationId: "create_module",
  method: "POST",
  path: "/courses/{courseId}/modules",
  tag,
  summary: "Create a module",
  description: "Creates a module (title 1..200) in a course, at position (0..32767) or last.",
  params: CourseParams,
  body: ModuleCreate,
  response: Module,
  status: 201,
  run: (ctx) => write(ctx, (tx) => createModule(tx, ctx.caller, ctx.params.courseId, ctx.body)),
});

export const getModuleEndpoint = defineEndpoint({
  operationId: "get_module",
  method: "GET",
  path: "/modules/{moduleId}",
  tag,
  summary: "Read a module",
  params: ModuleParams,
  response: Module,
  status: 200,
  run: async ({ db, caller, params }) => getModule(db, caller, params.moduleId),
});

export const updateModuleEndpoint = defineEndpoint({
  operationId: "update_module",
  method: "PATCH",
  path: "/modules/{moduleId}",
  tag,
  summary: "Rename or move a module",
  description: "Send at least one of title and position. A position past the end means the end.",
  params: ModuleParams,
  body: ModuleUpdate,
  response: Module,
  status: 200,
  run: (ctx) => write(ctx, (tx) => updateModule(tx, ctx.caller, ctx.params.moduleId, ctx.body)),
});

export const deleteModuleEndpoint = defineEndpoint({
  operationId: "delete_module",
  method: "DELETE",
  path: "/modules/{moduleId}",
  tag,
  summary: "Delete a module",
  description: "Moves the module, its lessons and their blocks to the trash.",
  params: ModuleParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteModule(tx, ctx.caller, ctx.params.moduleId)),
});
