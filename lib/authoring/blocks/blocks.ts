import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import { JsonText } from "@/lib/api/prebuilt";
import { paged, type Page } from "@/lib/api/schemas";
import type { Db, Tx } from "@/lib/db/client";
import type { WriteContext } from "@/lib/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import { audienceOf, blockInclude, toBlockDto } from "../dto";
import { getBlockOrThrow, getLessonOrThrow, lessonPlace, type Prefetched } from "../load";
import { insertAmongSql, insertAt, moveTo, moveWithinSql, writeAmongSiblings } from "../positions";
import { trashItem } from "../trash/batches";
import { authorBlockJsonFrom } from "../tree-json";
import { childrenVisibleTo } from "../visibility";

type Refs = { question_id?: string; quiz_id?: string };
type BlockInput = { type: string; position?: number; content?: unknown; question_role?: string };

/** A block may point only at an undeleted question or quiz of its own project. */
async function checkReferences(tx: Db | Tx, projectId: string, refs: Refs) {
  if (refs.question_id) {
    const q = await tx.question.findFirst({ where: { id: refs.question_id, projectId, deletedAt: null }, select: { id: true } });
    if (!q) throw validationError([{ path: "question_id", message: "No such question in this project" }]);
  }
  if (refs.quiz_id) {
    const q = await tx.quiz.findFirst({ where: { id: refs.quiz_id, projectId, deletedAt: null }, select: { id: true } });
    if (!q) throw validationError([{ path: "quiz_id", message: "No such quiz in this project" }]);
  }
}

/** Content is stored as given (never validated); JSON null is stored as SQL null. */
const contentValue = (content: unknown) =>
  content === undefined ? undefined : content === null ? Prisma.DbNull : (content as Prisma.InputJsonValue);

export async function listBlocks(tx: Tx, caller: Caller, lessonId: string, page: Page) {
  const { access } = await getLessonOrThrow({ tx, caller, lessonId });
  const rows = await tx.block.findMany({
    where: { lessonId, ...childrenVisibleTo(access).block },
    orderBy: { position: "asc" },
    include: blockInclude,
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return { blocks: items.map((b) => toBlockDto(b, audienceOf(access))), ...rest };
}

export async function createBlock(tx: Tx, caller: Caller, lessonId: string, input: Refs & BlockInput & { id?: string }) {
  const { access } = await getLessonOrThrow({ tx, caller, lessonId, action: "content.write" });
  await checkReferences(tx, access.projectId, input);
  const position = await insertAt(tx, "block", lessonId, input.position);
  const data = {
    id: input.id,
    lessonId,
    type: input.type,
    position,
    content: contentValue(input.content),
    questionRole: input.question_role ?? null,
    questionId: input.question_id ?? null,
    quizId: input.quiz_id ?? null,
  };
  // The parent is locked until commit: a block that points at nothing is written in one
  // statement, without reading relations it does not have.
  const block =
    data.questionId || data.quizId
      ? await tx.block.create({ data, include: blockInclude })
      : { ...(await tx.block.create({ data })), question: null, quiz: null };
  return toBlockDto(block, { withAnswers: true });
}

/**
 * create_block as one statement after its reads (`writeStatement`): access (with a key, in the
 * key's lookup: `lessonAccessFor`) and references are read first, outside the lesson's turn; the
 * lesson's turn is then taken, and one statement makes room, inserts the block, records the audit
 * event and answers the block's JSON (the object list's object path reads the same;
 * test/integration/authoring-tree-blocks.test.ts holds them equal). A lesson whose blocks changed since the statement's snapshot makes it run again.
 */
export async function insertBlock(ctx: WriteContext & Prefetched, lessonId: string, input: Refs & BlockInput, id: string) {
  const { projectId } = await lessonPlace(ctx, lessonId, "content.write");
  await checkReferences(ctx.db, projectId, input);
  const content = input.content === undefined || input.content === null ? null : JSON.stringify(input.content);
  const insert = Prisma.sql`INSERT INTO blocks (id, lesson_id, type, position, content, question_role, question_id, quiz_id, created_at, updated_at)
    SELECT ${id}::uuid, ${lessonId}::uuid, ${input.type}, gap.at, ${content}::jsonb, ${input.question_role ?? null},
      ${input.question_id ?? null}::uuid, ${input.quiz_id ?? null}::uuid, now(), now() FROM gap
    RETURNING id, lesson_id, type, position, content, question_role, question_id, quiz_id, created_at, updated_at`;
  const { json } = await writeAmongSiblings<{ json: string }>(ctx, "block", {
    target: id,
    parentId: lessonId,
    ctes: insertAmongSql("block", lessonId, input.position, insert),
    written: "inserted",
    answer: Prisma.raw(`${authorBlockJsonFrom("inserted")} AS json`),
    missing: "Lesson",
  });
  return new JsonText(json);
}

/**
 * update_block for a move within the block's lesson and nothing else (the editor's drag), as one
 * statement after its read (`moveWithinSql`), in the lesson's turn: the siblings shift, the block
 * is placed and stamped, the event recorded, and the block's JSON answered as `updateBlock` answers
 * it. A lesson whose blocks changed since the snapshot makes it run again.
 */
export async function moveBlock(ctx: WriteContext, blockId: string, position: number) {
  const { block } = await getBlockOrThrow({ tx: ctx.db, caller: ctx.caller, blockId, action: "content.write" });
  const { json } = await writeAmongSiblings<{ json: string }>(ctx, "block", {
    target: blockId,
    parentId: block.lessonId,
    ctes: moveWithinSql("block", blockId, position, new Date()),
    written: "moved",
    answer: Prisma.raw(`${authorBlockJsonFrom("moved")} AS json`),
    missing: "Block",
  });
  return new JsonText(json);
}

export async function getBlock(tx: Tx, caller: Caller, blockId: string) {
  const { block, access } = await getBlockOrThrow({ tx, caller, blockId });
  return toBlockDto(block, audienceOf(access));
}

/** The block as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getBlockForUpdate(tx: Tx, caller: Caller, blockId: string) {
  const { block } = await getBlockOrThrow({ tx, caller, blockId, action: "content.write" });
  return toBlockDto(block, { withAnswers: true });
}

export async function updateBlock(
  tx: Tx,
  caller: Caller,
  blockId: string,
  input: Refs & { position?: number; content?: unknown; question_role?: string; lesson_id?: string },
) {
  const { block, lesson, access } = await getBlockOrThrow({ tx, caller, blockId, action: "content.write" });
  const issues = [];
  if (block.type !== "question" && input.question_id !== undefined)
    issues.push({ path: "question_id", message: "Only a question block takes question_id" });
  if (block.type !== "question" && input.question_role !== undefined)
    issues.push({ path: "question_role", message: "Only a question block takes question_role" });
  if (block.type !== "quiz" && input.quiz_id !== undefined) issues.push({ path: "quiz_id", message: "Only a quiz block takes quiz_id" });
  if (issues.length) throw validationError(issues);
  await checkReferences(tx, access.projectId, input);

  const targetLessonId = input.lesson_id ?? block.lessonId;
  if (targetLessonId !== block.lessonId) {
    const target = await tx.lesson.findFirst({
      where: { id: targetLessonId, deletedAt: null },
      select: { module: { select: { courseId: true } } },
    });
    if (!target || target.module.courseId !== lesson.module.courseId) {
      throw validationError([{ path: "lesson_id", message: "Must be a lesson of the same course" }]);
    }
  }
  await moveTo(tx, "block", blockId, { fromParentId: block.lessonId, toParentId: targetLessonId, position: input.position });
  const updated = await tx.block.update({
    where: { id: blockId },
    data: {
      content: contentValue(input.content),
      questionRole: input.question_role,
      questionId: input.question_id,
      quizId: input.quiz_id,
      updatedAt: new Date(),
    },
    include: blockInclude,
  });
  return toBlockDto(updated, { withAnswers: true });
}

export async function deleteBlock(tx: Tx, caller: Caller, blockId: string) {
  const { block, access } = await getBlockOrThrow({ tx, caller, blockId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "block", id: block.id });
}
