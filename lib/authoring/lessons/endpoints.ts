import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { lessonAccessFor } from "../load";
import { ModuleParams } from "../modules/schemas";
import { siblingTurn, turnOfRow } from "../positions";
import { ifMatchOn } from "../versions";
import {
  createLesson,
  deleteLesson,
  getLesson,
  getLessonForUpdate,
  listLessons,
  moveLesson,
  publishLesson,
  unpublishLesson,
  updateLesson,
} from "./lessons";
import { Lesson, LessonCreate, LessonParams, LessonUpdate } from "./schemas";

const tag = "Lessons";

export const listLessonsEndpoint = defineEndpoint({
  operationId: "list_lessons",
  method: "GET",
  path: "/modules/{moduleId}/lessons",
  tag,
  summary: "List a module's lessons",
  description:
    "Returns one page of a module's lessons in position order, without their blocks ({lessons, has_more, limit, offset}). Use it to find a lesson id; paginate with limit and offset while has_more.",
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
  description:
    "Creates a draft lesson (title 1..200) in a module, at position (0..32767) or last, and returns it. Add content with create_block.",
  params: ModuleParams,
  body: LessonCreate,
  response: Lesson,
  status: 201,
  run: (ctx) =>
    write(ctx, (tx) => createLesson(tx, ctx.caller, ctx.params.moduleId, ctx.body), {
      turnOn: siblingTurn("lesson", [ctx.params.moduleId]),
    }),
});

export const getLessonEndpoint = defineEndpoint({
  operationId: "get_lesson",
  method: "GET",
  path: "/lessons/{lessonId}",
  tag,
  summary: "Read a lesson",
  description:
    "Returns one lesson (title, module_id, position, published_at, timestamps) without its blocks; list_blocks reads those. Use it to check a lesson's place and state.",
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
    "Send at least one of title, position and module_id (another module of the same course, to move the lesson there; with position, at that place). Returns the lesson as saved.",
  params: LessonParams,
  body: LessonUpdate,
  response: Lesson,
  status: 200,
  ifMatch: ifMatchOn("lessons", "lessonId", getLessonForUpdate),
  // With a key, the lesson's access is read in the key lookup's statement (the drag below uses it).
  readWithKey: (params) => (userId) => lessonAccessFor(params.lessonId, userId, "content.write"),
  run: async (ctx) => {
    const { title, position, module_id } = ctx.body;
    // The course tree's drag: a move within the module, one statement.
    if (position !== undefined && title === undefined && module_id === undefined) return moveLesson(ctx, ctx.params.lessonId, position);
    const moves = position !== undefined || module_id !== undefined;
    return write(ctx, (tx) => updateLesson(tx, ctx.caller, ctx.params.lessonId, ctx.body), {
      recordFirst: ctx.params.lessonId,
      turnOn: moves ? await turnOfRow(ctx.db, "lesson", ctx.params.lessonId, module_id) : undefined,
    });
  },
});

export const deleteLessonEndpoint = defineEndpoint({
  operationId: "delete_lesson",
  method: "DELETE",
  path: "/lessons/{lessonId}",
  tag,
  summary: "Delete a lesson",
  description:
    "Moves the lesson and its blocks to the trash (restore with restore_trash_item); later lessons of the module move up. Returns {success, id}.",
  params: LessonParams,
  response: DeleteResult,
  status: 200,
  run: async (ctx) =>
    write(ctx, (tx) => deleteLesson(tx, ctx.caller, ctx.params.lessonId), {
      turnOn: await turnOfRow(ctx.db, "lesson", ctx.params.lessonId),
    }),
});

export const publishLessonEndpoint = defineEndpoint({
  operationId: "publish_lesson",
  method: "POST",
  path: "/lessons/{lessonId}/publish",
  tag,
  summary: "Publish a lesson",
  description: "Returns the lesson as saved. Learners see it once its course is published too.",
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
  description: "Returns the lesson as saved. Makes the lesson a draft again, hidden from learners.",
  params: LessonParams,
  response: Lesson,
  status: 200,
  run: (ctx) => write(ctx, (tx) => unpublishLesson(tx, ctx.caller, ctx.params.lessonId)),
});
