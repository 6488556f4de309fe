import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import { can, roleIn, type Action, type ProjectAccess } from "./access";
import type { Tx } from "@/lib/db/client";

/**
 * Loaders for the course tree: each finds an undeleted item in a workspace the caller belongs
 * to, or answers 404. With an action, a caller whose role lacks it also gets 404 (the item is
 * not theirs to change). Without one, learners see only what is published.
 */
type Options = { action?: Action };

async function accessFor(tx: Tx, caller: Caller, projectId: string, workspaceId: string, what: string, options: Options) {
  const role = await roleIn(tx, caller, workspaceId);
  if (!role) throw notFound(what);
  if (options.action && !can(role, options.action)) throw notFound(what);
  return { projectId, workspaceId, role } satisfies ProjectAccess;
}

const projectSelect = { select: { id: true, workspaceId: true, deletedAt: true } } as const;

export async function loadCourse(tx: Tx, caller: Caller, courseId: string, options: Options & { forbiddenIfHidden?: boolean } = {}) {
  const course = await tx.course.findFirst({ where: { id: courseId, deletedAt: null }, include: { project: projectSelect } });
  if (!course || course.project.deletedAt) throw notFound("Course");
  const access = await accessFor(tx, caller, course.projectId, course.project.workspaceId, "Course", options);
  const visible = can(access.role, "content.read_drafts") || course.publishedAt !== null;
  if (!visible) {
    // GET /courses/{id} declares 403 for a course the caller may not read; elsewhere, 404.
    if (options.forbiddenIfHidden) throw new AppError("forbidden", "This course is not published");
    throw notFound("Course");
  }
  return { course, access };
}

export async function loadModule(tx: Tx, caller: Caller, moduleId: string, options: Options = {}) {
  const mod = await tx.module.findFirst({
    where: { id: moduleId, deletedAt: null },
    include: { course: { include: { project: projectSelect } } },
  });
  if (!mod || mod.course.deletedAt || mod.course.project.deletedAt) throw notFound("Module");
  const access = await accessFor(tx, caller, mod.course.projectId, mod.course.project.workspaceId, "Module", options);
  if (!can(access.role, "content.read_drafts") && !mod.course.publishedAt) throw notFound("Module");
  return { module: mod, access };
}

export async function loadLesson(tx: Tx, caller: Caller, lessonId: string, options: Options = {}) {
  const lesson = await tx.lesson.findFirst({
    where: { id: lessonId, deletedAt: null },
    include: { module: { include: { course: { include: { project: projectSelect } } } } },
  });
  if (!lesson || lesson.module.deletedAt || lesson.module.course.deletedAt || lesson.module.course.project.deletedAt) {
    throw notFound("Lesson");
  }
  const course = lesson.module.course;
  const access = await accessFor(tx, caller, course.projectId, course.project.workspaceId, "Lesson", options);
  if (!can(access.role, "content.read_drafts") && !(lesson.publishedAt && course.publishedAt)) throw notFound("Lesson");
  return { lesson, course, access };
}

export async function loadBlock(tx: Tx, caller: Caller, blockId: string, options: Options = {}) {
  const block = await tx.block.findFirst({
    where: { id: blockId, deletedAt: null },
    include: { lesson: { include: { module: { include: { course: { include: { project: projectSelect } } } } } } },
  });
  const lesson = block?.lesson;
  if (!block || !lesson || lesson.deletedAt || lesson.module.deletedAt || lesson.module.course.deletedAt || lesson.module.course.project.deletedAt) {
    throw notFound("Block");
  }
  const course = lesson.module.course;
  const access = await accessFor(tx, caller, course.projectId, course.project.workspaceId, "Block", options);
  if (!can(access.role, "content.read_drafts") && !(lesson.publishedAt && course.publishedAt)) throw notFound("Block");
  return { block, lesson, course, access };
}
