import { defineEndpoint } from "@/lib/api/endpoint";
import { pageOf, PageQuery } from "@/lib/api/schemas";
import { DeleteResult } from "@/lib/authoring/common-schemas";
import { write } from "@/lib/db/transaction";
import { siblingTurn, turnOfRow } from "../positions";
import { ProjectParams } from "../projects/schemas";
import { CourseOutline } from "../projects/schemas";
import { ifMatchOn } from "../versions";
import {
  createCourse,
  deleteCourse,
  getCourseTree,
  getCourseForUpdate,
  listCourses,
  publishCourse,
  unpublishCourse,
  updateCourse,
} from "./courses";
import { getPublishChecks } from "./publish-checks";
import { Course, CourseCreate, CourseParams, CourseUpdate, PublishChecks } from "./schemas";

const tag = "Courses";

export const listCoursesEndpoint = defineEndpoint({
  operationId: "list_courses",
  method: "GET",
  path: "/projects/{projectId}/courses",
  tag,
  summary: "List a project's courses",
  description:
    "Returns one page of a project's courses in position order, without their modules ({courses, has_more, limit, offset}). Use it to find a course id; paginate with limit (1..500) and offset while has_more.",
  params: ProjectParams,
  query: PageQuery,
  response: pageOf("courses", Course),
  status: 200,
  run: async ({ db, caller, params, query }) => listCourses(db, caller, params.projectId, query),
});

export const createCourseEndpoint = defineEndpoint({
  operationId: "create_course",
  method: "POST",
  path: "/projects/{projectId}/courses",
  tag,
  summary: "Create a course",
  description:
    "Creates a draft course (title 1..200, description up to 2000, up to 20 sources) and returns it. With a position (0..32767) it is inserted there and later courses shift; without one it goes last.",
  params: ProjectParams,
  body: CourseCreate,
  response: Course,
  status: 201,
  run: (ctx) =>
    write(ctx, (tx) => createCourse(tx, ctx.caller, ctx.params.projectId, ctx.body), {
      turnOn: siblingTurn("course", [ctx.params.projectId]),
    }),
});

export const getCourseEndpoint = defineEndpoint({
  operationId: "get_course",
  method: "GET",
  path: "/courses/{courseId}",
  tag,
  summary: "Read a course with its modules, lessons and blocks",
  description:
    "Returns the whole course tree: the course with its modules, lessons and blocks in position order. Use it to read or review one course; a learner gets 403 for a course that is not published.",
  params: CourseParams,
  response: Course,
  status: 200,
  errors: ["forbidden"],
  run: async ({ db, caller, params, ifNoneMatch }) => getCourseTree(db, caller, params.courseId, { ifNoneMatch }),
});

export const getCourseOutlineEndpoint = defineEndpoint({
  operationId: "get_course_outline",
  method: "GET",
  path: "/courses/{courseId}/outline",
  tag,
  summary: "Read a course's structure without block content",
  description:
    "Returns the course with its modules and lessons in position order, each lesson with block_count instead of its blocks: the course's part of get_project_outline. A learner gets 403 for a course that is not published, and only its published lessons. Answers carry an ETag; send it back as If-None-Match to get 304 while nothing changed.",
  params: CourseParams,
  response: CourseOutline,
  status: 200,
  errors: ["forbidden"],
  run: async ({ db, caller, params, ifNoneMatch }) => getCourseTree(db, caller, params.courseId, { ifNoneMatch, outline: true }),
});

export const updateCourseEndpoint = defineEndpoint({
  operationId: "update_course",
  method: "PATCH",
  path: "/courses/{courseId}",
  tag,
  summary: "Update or move a course",
  description:
    "Send at least one of title, description, sources (replaces the whole list) and position; a position past the end means the end. Returns the course as saved (modules is null).",
  params: CourseParams,
  body: CourseUpdate,
  response: Course,
  status: 200,
  ifMatch: ifMatchOn("courses", "courseId", getCourseForUpdate),
  run: async (ctx) =>
    write(ctx, (tx) => updateCourse(tx, ctx.caller, ctx.params.courseId, ctx.body), {
      turnOn: ctx.body.position !== undefined ? await turnOfRow(ctx.db, "course", ctx.params.courseId) : undefined,
    }),
});

export const deleteCourseEndpoint = defineEndpoint({
  operationId: "delete_course",
  method: "DELETE",
  path: "/courses/{courseId}",
  tag,
  summary: "Delete a course",
  description:
    "Moves the course, its modules, lessons and blocks to the project's trash. Restore with restore_trash_item. Returns {success, id}.",
  params: CourseParams,
  response: DeleteResult,
  status: 200,
  run: async (ctx) =>
    write(ctx, (tx) => deleteCourse(tx, ctx.caller, ctx.params.courseId), {
      turnOn: await turnOfRow(ctx.db, "course", ctx.params.courseId),
    }),
});

export const publishCourseEndpoint = defineEndpoint({
  operationId: "publish_course",
  method: "POST",
  path: "/courses/{courseId}/publish",
  tag,
  summary: "Publish a course",
  description:
    "Returns the course as saved. Publishes the course and every draft lesson in it. published_at is kept when the course was already published.",
  params: CourseParams,
  response: Course,
  status: 200,
  run: (ctx) => write(ctx, (tx) => publishCourse(tx, ctx.caller, ctx.params.courseId)),
});

export const unpublishCourseEndpoint = defineEndpoint({
  operationId: "unpublish_course",
  method: "POST",
  path: "/courses/{courseId}/unpublish",
  tag,
  summary: "Unpublish a course",
  description:
    "Returns the course as saved. Hides the course from learners (published_at becomes null). Lessons keep their own state; learners keep their progress.",
  params: CourseParams,
  response: Course,
  status: 200,
  run: (ctx) => write(ctx, (tx) => unpublishCourse(tx, ctx.caller, ctx.params.courseId)),
});

export const getPublishChecksEndpoint = defineEndpoint({
  operationId: "get_publish_checks",
  method: "GET",
  path: "/courses/{courseId}/publish-checks",
  tag,
  summary: "Check a course before publishing",
  description:
    "Returns `problems`, what learners would meet in the course's lessons that the author probably did not mean: " +
    "lessons without blocks, video blocks that cannot play (invalid YouTube id or start time, non-web address), question or " +
    "quiz blocks whose question or quiz is in the trash, quizzes without questions; each names its lesson, block and quiz. " +
    "Also returns `diagrams`, the Mermaid code of every diagram block, for you to parse (the server does not). " +
    "Use it before publishing, and after fixing, to see what is left; publishing is allowed either way.",
  params: CourseParams,
  response: PublishChecks,
  status: 200,
  run: async ({ db, caller, params }) => getPublishChecks(db, caller, params.courseId),
});
