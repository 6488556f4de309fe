import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import type { DeletionBatch } from "@/lib/generated/prisma/client";
import type { ProjectAccess } from "../access";
import { closeGap, currentPosition, insertAt, lockedPosition, lockParents, type SiblingKind } from "../positions";

export type DeletableKind = "project" | "course" | "module" | "lesson" | "block" | "question" | "quiz" | "category" | "question_family";

export const TABLES: Record<DeletableKind, string> = {
  project: "projects",
  course: "courses",
  module: "modules",
  lesson: "lessons",
  block: "blocks",
  question: "questions",
  quiz: "quizzes",
  category: "categories",
  question_family: "question_families",
};

const SIBLING_KINDS = new Set<DeletableKind>(["course", "module", "lesson", "block"]);

// $1 batch id, $2 deleted_at, $3 root id. Each statement sweeps the undeleted descendants of
// what the statements before it put in this batch.
const mark = (table: string, where: string) =>
  `UPDATE "${table}" SET deleted_at = $2, deletion_batch_id = $1::uuid WHERE deleted_at IS NULL AND ${where}`;
const inBatch = (table: string) => `(SELECT id FROM "${table}" WHERE deletion_batch_id = $1::uuid)`;
const underCourses = [
  mark("modules", `course_id IN ${inBatch("courses")}`),
  mark("lessons", `module_id IN ${inBatch("modules")}`),
  mark("blocks", `lesson_id IN ${inBatch("lessons")}`),
];
const CASCADE: Record<DeletableKind, string[]> = {
  project: [
    mark("courses", "project_id = $3::uuid"),
    ...underCourses,
    mark("categories", "project_id = $3::uuid"),
    mark("question_families", "project_id = $3::uuid"),
    mark("questions", "project_id = $3::uuid"),
    mark("quizzes", "project_id = $3::uuid"),
  ],
  course: [
    mark("modules", "course_id = $3::uuid"),
    mark("lessons", `module_id IN ${inBatch("modules")}`),
    mark("blocks", `lesson_id IN ${inBatch("lessons")}`),
  ],
  module: [mark("lessons", "module_id = $3::uuid"), mark("blocks", `lesson_id IN ${inBatch("lessons")}`)],
  lesson: [mark("blocks", "lesson_id = $3::uuid")],
  block: [],
  question: [],
  quiz: [],
  category: [mark("questions", "category_id = $3::uuid")],
  question_family: [mark("questions", "question_family_id = $3::uuid")],
};

/**
 * Deletes an item and its undeleted descendants as one batch: all hidden, nothing erased, and
 * restorable together. A positioned item's siblings close the gap it leaves: this is the one
 * layer that locks for it (the parent, then the item), so callers lock nothing. An item moved or
 * deleted since the caller loaded it makes the write run again, on fresh reads.
 */
export async function createDeletionBatch(
  tx: Tx,
  caller: Caller,
  root: { kind: DeletableKind; id: string; workspaceId: string; projectId: string | null },
): Promise<DeletionBatch> {
  const now = new Date();
  let sibling: { parentId: string; position: number } | undefined;
  if (SIBLING_KINDS.has(root.kind)) {
    const kind = root.kind as SiblingKind;
    const { parentId } = await currentPosition(tx, kind, root.id);
    await lockParents(tx, kind, [parentId]);
    sibling = { parentId, position: await lockedPosition(tx, kind, root.id, parentId) };
  }
  const batch = await tx.deletionBatch.create({
    data: {
      workspaceId: root.workspaceId,
      projectId: root.projectId,
      rootKind: root.kind,
      rootId: root.id,
      deletedById: caller.userId,
      deletedByName: caller.name,
      deletedAt: now,
    },
  });
  // PostgreSQL refuses more parameters than a statement uses: pass only those it names.
  const run = (sql: string) => {
    const used = Math.max(...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    return tx.$executeRawUnsafe(sql, ...[batch.id, now, root.id].slice(0, used));
  };
  await run(mark(TABLES[root.kind], "id = $3::uuid"));
  for (const sql of CASCADE[root.kind]) await run(sql);
  if (sibling) await closeGap(tx, root.kind as SiblingKind, sibling.parentId, sibling.position);
  return batch;
}

/** DELETE of an item the caller loaded for writing in a project: one batch, answered as DeleteResult. */
export async function trashItem(
  tx: Tx,
  caller: Caller,
  access: ProjectAccess,
  item: { kind: Exclude<DeletableKind, "project">; id: string },
) {
  await createDeletionBatch(tx, caller, { ...item, workspaceId: access.workspaceId, projectId: access.projectId });
  return { success: true, id: item.id };
}

/**
 * An item's newest unrestored deletion batch, row-locked for this transaction, or null when
 * nothing is left to restore. Parallel restores of one item queue on the lock; each one that
 * waited finds the batch restored and looks again, so it answers as a restore sent afterwards
 * would (404), not 200 with nothing restored. Take it before reading the item's state.
 */
export async function lockOpenBatch(
  tx: Tx,
  root: { projectId?: string; rootKind: DeletableKind; rootId: string },
): Promise<DeletionBatch | null> {
  for (;;) {
    const batch = await tx.deletionBatch.findFirst({ where: { ...root, restoredAt: null }, orderBy: { deletedAt: "desc" } });
    if (!batch) return null;
    const [row] = await tx.$queryRaw<{ restored_at: Date | null }[]>`
      SELECT restored_at FROM deletion_batches WHERE id = ${batch.id}::uuid FOR UPDATE`;
    if (row && row.restored_at === null) return batch;
  }
}

/**
 * Brings back exactly what a batch deleted. A positioned root returns to its old position, or
 * the end if that is now past the end; its siblings make room.
 */
export async function restoreBatch(tx: Tx, batch: DeletionBatch): Promise<number> {
  const kind = batch.rootKind as DeletableKind;
  if (SIBLING_KINDS.has(kind)) {
    const siblingKind = kind as SiblingKind;
    const { parentId, position } = await currentPosition(tx, siblingKind, batch.rootId);
    const at = await insertAt(tx, siblingKind, parentId, position);
    await tx.$executeRawUnsafe(`UPDATE "${TABLES[kind]}" SET position = $1 WHERE id = $2::uuid`, at, batch.rootId);
  }
  let restored = 0;
  for (const table of Object.values(TABLES)) {
    restored += await tx.$executeRawUnsafe(
      `UPDATE "${table}" SET deleted_at = NULL, deletion_batch_id = NULL WHERE deletion_batch_id = $1::uuid`,
      batch.id,
    );
  }
  await tx.deletionBatch.update({ where: { id: batch.id }, data: { restoredAt: new Date() } });
  return restored;
}
