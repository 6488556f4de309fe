import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { ModuleParams } from "../modules/schemas";
import { write } from "@/lib/db/transaction";
import { createLesson, deleteLesson, getLesson, listLessons, publishLesson, unpublishLesson, updateLesson } from "./lessons";
import { Lesson, LessonCreate, LessonParams, LessonUpdate } from "./schemas";

const tag = "Lessons";

export const listLessonsEndpoint = defineEndpoint({
  operationId: "list_lessons",
  method: "GET",
  path: "/modules/{moduleId}/lessons",
  tag,
  summary: "List a module's lessons",
  description: "Lessons in position order, without their blocks. Paginate with limit and offset.",
  params: ModuleParams,
  query: PageQuery,
  response: pageOf("lessons", Lesson),
  status: 200,
  run: async ({ db, caller, params, query }) => listLessons(db, caller, params.moduleId, query),
});

export const createLessonEndpoint = defineEndpoint({
  operationId: "create_lesson",
  method: "POST",
  path: "/modules/{moduleId}/lessons",
  tag,
  summary: "Create a lesson",
  description: "Creates a draft lesson (title 1..200) in a module, at position (0..32767) or last.",
  params: ModuleParams,
  body: LessonCreate,
  response: Lesson,
  status: 201,
  run: (ctx) => write(ctx, (tx) => createLesson(tx, ctx.caller, ctx.params.moduleId, ctx.body)),
});

export const getLessonEndpoint = defineEndpoint({
  operationId: "get_lesson",
  method: "GET",
  path: "/lessons/{lessonId}",
  tag,
  summary: "Read a lesson",
  description: "The lesson without its blocks; list_blocks reads those.",
  params: LessonParams,
  response: Lesson,
  status: 200,
  run: async ({ db, caller, params }) => getLesson(db, caller, params.lessonId),
});

export const updateLessonEndpoint = defineEndpoint({
  operationId: "update_lesson",
  method: "PATCH",
  path: "/lessons/{lessonId}",
  tag,
  summary: "Rename or move a lesson",
  description:
    "Send at least one of title, position and module_id (another module of the same course, to move the lesson there; with position, at that place).",
  params: LessonParams,
  body: LessonUpdate,
  response: Lesson,
  status: 200,
  run: (ctx) => write(ctx, (tx) => updateLesson(tx, ctx.caller, ctx.params.lessonId, ctx.body)),
});

export const deleteLessonEndpoint = defineEndpoint({
  operationId: "delete_lesson",
  method: "DELETE",
  path: "/lessons/{lessonId}",
  tag,
  summary: "Delete a lesson",
  description: "Moves the lesson and its blocks to the trash.",
  params: LessonParams,
  response: DeleteResult,
  status: 200,
  run: (ctx) => write(ctx, (tx) => deleteLesson(tx, ctx.caller, ctx.params.lessonId)),
});

export const publishLessonEndpoint = defineEndpoint({
  operationId: "publish_lesson",
  method: "POST",
  path: "/lessons/{lessonId}/publish",
  tag,
  summary: "Publish a lesson",
  description: "Learners see it once its course is published too.",
  params: LessonParams,
  response: Lesson,
  status: 200,
  run: (ctx) => write(ctx, (tx) => publishLesson(tx, ctx.caller, ctx.params.lessonId)),
});

export const unpublishLessonEndpoint = defineEndpoint({
  operationId: "unpublish_lesson",
  method: "POST",
  path: "/lessons/{lessonId}/unpublish",
  tag,
  summary: "Unpublish a lesson",
  description: "Makes the lesson a draft again, hidden from learners.",
  params: LessonParams,
  response: Lesson,
  status: 200,
  run: (ctx) => write(ctx, (tx) => unpublishLesson(tx, ctx.caller, ctx.params.lessonId)),
});
