import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import { paged, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { WriteContext } from "@/lib/db/transaction";
import { Prisma, type Lesson } from "@/lib/generated/prisma/client";
import { toLessonDto } from "../dto";
import { getLessonOrThrow, getModuleOrThrow, lessonPlace, type Prefetched } from "../load";
import { insertAt, moveTo, moveWithinSql, writeAmongSiblings, type MovedRow } from "../positions";
import { trashItem } from "../trash/batches";
import { childrenVisibleTo } from "../visibility";

export async function listLessons(tx: Tx, caller: Caller, moduleId: string, page: Page) {
  const { access } = await getModuleOrThrow({ tx, caller, moduleId });
  const rows = await tx.lesson.findMany({
    where: { moduleId, ...childrenVisibleTo(access).lesson },
    orderBy: { position: "asc" },
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return { lessons: items.map((l) => toLessonDto(l)), ...rest };
}

export async function createLesson(tx: Tx, caller: Caller, moduleId: string, input: { title: string; position?: number }) {
  await getModuleOrThrow({ tx, caller, moduleId, action: "content.write" });
  const position = await insertAt(tx, "lesson", moduleId, input.position);
  return toLessonDto(await tx.lesson.create({ data: { moduleId, title: input.title, position } }));
}

export async function getLesson(tx: Tx, caller: Caller, lessonId: string) {
  const { lesson } = await getLessonOrThrow({ tx, caller, lessonId });
  return toLessonDto(lesson);
}

/** Renames and moves a lesson, within its module or to another module of the same course. */
/** The lesson as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getLessonForUpdate(tx: Tx, caller: Caller, lessonId: string) {
  return toLessonDto((await getLessonOrThrow({ tx, caller, lessonId, action: "content.write" })).lesson);
}

export async function updateLesson(
  tx: Tx,
  caller: Caller,
  lessonId: string,
  input: { title?: string; position?: number; module_id?: string },
) {
  const { lesson } = await getLessonOrThrow({ tx, caller, lessonId, action: "content.write" });
  const targetModuleId = input.module_id ?? lesson.moduleId;
  if (targetModuleId !== lesson.moduleId) {
    const target = await tx.module.findFirst({ where: { id: targetModuleId, deletedAt: null }, select: { courseId: true } });
    if (!target || target.courseId !== lesson.module.courseId) {
      throw validationError([{ path: "module_id", message: "Must be a module of the same course" }]);
    }
  }
  const updatedAt = new Date();
  // A move and nothing else: the move's own statement stamps the lesson and answers it as it now is.
  const moved = await moveTo(tx, "lesson", lessonId, {
    fromParentId: lesson.moduleId,
    toParentId: targetModuleId,
    position: input.position,
    touch: input.title === undefined ? updatedAt : undefined,
  });
  if (moved) return toLessonDto(lessonOf(moved));
  return toLessonDto(await tx.lesson.update({ where: { id: lessonId }, data: { title: input.title, updatedAt } }));
}

/**
 * update_lesson for a move within the lesson's module and nothing else (the tree's drag), as one
 * statement after its read (`writeStatement`, `moveWithinSql`; with a key, the read came with the
 * key's lookup, `lessonAccessFor`): the module's turn is taken, and one statement shifts the
 * siblings, places and stamps the lesson, records the event and answers the lesson as it now is.
 * A module whose lessons changed since the snapshot makes it run again.
 */
export async function moveLesson(ctx: WriteContext & Prefetched, lessonId: string, position: number) {
  const { moduleId } = await lessonPlace(ctx, lessonId, "content.write");
  const row = await writeAmongSiblings<MovedRow>(ctx, "lesson", {
    target: lessonId,
    parentId: moduleId,
    ctes: moveWithinSql("lesson", lessonId, position, new Date()),
    written: "moved",
    answer: Prisma.sql`moved.*`,
    missing: "Lesson",
  });
  return toLessonDto(lessonOf(row));
}

/** A lesson row as the database returns it, in Prisma's shape. */
const lessonOf = (row: MovedRow): Lesson => ({
  id: row.id as string,
  moduleId: row.module_id as string,
  title: row.title as string,
  position: row.position as number,
  publishedAt: row.published_at as Date | null,
  createdAt: row.created_at as Date,
  updatedAt: row.updated_at as Date,
  deletedAt: row.deleted_at as Date | null,
  deletionBatchId: row.deletion_batch_id as string | null,
});

export async function deleteLesson(tx: Tx, caller: Caller, lessonId: string) {
  const { lesson, access } = await getLessonOrThrow({ tx, caller, lessonId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "lesson", id: lesson.id });
}

export async function publishLesson(tx: Tx, caller: Caller, lessonId: string) {
  const { lesson } = await getLessonOrThrow({ tx, caller, lessonId, action: "content.publish" });
  return toLessonDto(await tx.lesson.update({ where: { id: lessonId }, data: { publishedAt: lesson.publishedAt ?? new Date() } }));
}

export async function unpublishLesson(tx: Tx, caller: Caller, lessonId: string) {
  await getLessonOrThrow({ tx, caller, lessonId, action: "content.publish" });
  return toLessonDto(await tx.lesson.update({ where: { id: lessonId }, data: { publishedAt: null } }));
}
