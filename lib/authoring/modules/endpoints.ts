import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { CourseParams } from "../courses/schemas";
import { siblingTurn, turnOfRow } from "../positions";
import { ifMatchOn } from "../versions";
import { createModule, deleteModule, getModule, getModuleForUpdate, listModules, updateModule } from "./modules";
import { Module, ModuleCreate, ModuleParams, ModuleUpdate } from "./schemas";

const tag = "Modules";

export const listModulesEndpoint = defineEndpoint({
  operationId: "list_modules",
  method: "GET",
  path: "/courses/{courseId}/modules",
  tag,
  summary: "List a course's modules",
  description:
    "Returns one page of a course's modules in position order, without their lessons ({modules, has_more, limit, offset}). Use it to find a module id; paginate with limit and offset while has_more.",
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
  description:
    "Creates a module (title 1..200) in a course, at position (0..32767) or last, and returns it. Add lessons with create_lesson.",
  params: CourseParams,
  body: ModuleCreate,
  response: Module,
  status: 201,
  run: (ctx) =>
    write(ctx, (tx) => createModule(tx, ctx.caller, ctx.params.courseId, ctx.body), {
      turnOn: siblingTurn("module", [ctx.params.courseId]),
    }),
});

export const getModuleEndpoint = defineEndpoint({
  operationId: "get_module",
  method: "GET",
  path: "/modules/{moduleId}",
  tag,
  summary: "Read a module",
  description:
    "Returns one module: id, course_id, title, position and timestamps; `lessons` is null here (list_lessons reads them, get_course reads the whole tree). Use it to check a module's course and place before moving or renaming it.",
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
  description: "Send at least one of title and position; a position past the end means the end. Returns the module as saved.",
  params: ModuleParams,
  body: ModuleUpdate,
  response: Module,
  status: 200,
  ifMatch: ifMatchOn("modules", "moduleId", getModuleForUpdate),
  run: async (ctx) =>
    write(ctx, (tx) => updateModule(tx, ctx.caller, ctx.params.moduleId, ctx.body), {
      turnOn: ctx.body.position !== undefined ? await turnOfRow(ctx.db, "module", ctx.params.moduleId) : undefined,
    }),
});

export const deleteModuleEndpoint = defineEndpoint({
  operationId: "delete_module",
  method: "DELETE",
  path: "/modules/{moduleId}",
  tag,
  summary: "Delete a module",
  description: "Moves the module, its lessons and their blocks to the trash (restore with restore_trash_item). Returns {success, id}.",
  params: ModuleParams,
  response: DeleteResult,
  status: 200,
  run: async (ctx) =>
    write(ctx, (tx) => deleteModule(tx, ctx.caller, ctx.params.moduleId), {
      turnOn: await turnOfRow(ctx.db, "module", ctx.params.moduleId),
    }),
});
