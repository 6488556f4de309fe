import type { Tx } from "@/lib/db/client";
import { RetryTransaction } from "@/lib/db/transaction";

/**
 * Sibling sets keep positions 0..n-1 among rows not deleted. Every change locks the parent row
 * first, so concurrent requests on one parent take turns and never leave gaps or duplicates.
 */
export type SiblingKind = "course" | "module" | "lesson" | "block";

const SETS = {
  course: { table: "courses", parentColumn: "project_id", parentTable: "projects" },
  module: { table: "modules", parentColumn: "course_id", parentTable: "courses" },
  lesson: { table: "lessons", parentColumn: "module_id", parentTable: "modules" },
  block: { table: "blocks", parentColumn: "lesson_id", parentTable: "lessons" },
} as const;

/**
 * Locks parents in a fixed order, so two moves between the same parents cannot deadlock. A parent
 * deleted since the caller read it makes the write run again (and answer as for a deleted parent).
 */
export async function lockParents(tx: Tx, kind: SiblingKind, parentIds: string[]) {
  const { parentTable } = SETS[kind];
  for (const id of [...new Set(parentIds)].sort()) {
    const rows = await tx.$queryRawUnsafe<{ deleted: boolean }[]>(
      `SELECT deleted_at IS NOT NULL AS deleted FROM "${parentTable}" WHERE id = $1::uuid FOR UPDATE`,
      id,
    );
    if (rows[0]?.deleted) throw new RetryTransaction(`${parentTable} ${id} was deleted`);
  }
}

/**
 * A row's position, read and locked once its parent is locked. The caller's copy may be stale: if
 * the row has since moved to another parent or been deleted, the write runs again on fresh reads.
 */
export async function lockedPosition(tx: Tx, kind: SiblingKind, id: string, parentId: string): Promise<number> {
  const { table, parentColumn } = SETS[kind];
  const rows = await tx.$queryRawUnsafe<{ position: number; parent_id: string; deleted: boolean }[]>(
    `SELECT position, ${parentColumn}::text AS parent_id, deleted_at IS NOT NULL AS deleted FROM "${table}" WHERE id = $1::uuid FOR UPDATE`,
    id,
  );
  const row = rows[0];
  if (!row || row.deleted || row.parent_id !== parentId) throw new RetryTransaction(`${table} ${id} changed`);
  return row.position;
}

export async function countSiblings(tx: Tx, kind: SiblingKind, parentId: string): Promise<number> {
  const { table, parentColumn } = SETS[kind];
  const rows = await tx.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM "${table}" WHERE ${parentColumn} = $1::uuid AND deleted_at IS NULL`,
    parentId,
  );
  return rows[0].n;
}

/** Makes room at `position` (clamped to the end) and returns the position to insert at. */
export async function openGap(tx: Tx, kind: SiblingKind, parentId: string, position: number | undefined): Promise<number> {
  const { table, parentColumn } = SETS[kind];
  const count = await countSiblings(tx, kind, parentId);
  const at = position === undefined ? count : Math.min(position, count);
  if (at < count) {
    await tx.$executeRawUnsafe(
      `UPDATE "${table}" SET position = position + 1 WHERE ${parentColumn} = $1::uuid AND deleted_at IS NULL AND position >= $2`,
      parentId,
      at,
    );
  }
  return at;
}

/** Closes the gap a row leaves at `position` (after it was deleted or moved away). */
export async function closeGap(tx: Tx, kind: SiblingKind, parentId: string, position: number) {
  const { table, parentColumn } = SETS[kind];
  await tx.$executeRawUnsafe(
    `UPDATE "${table}" SET position = position - 1 WHERE ${parentColumn} = $1::uuid AND deleted_at IS NULL AND position > $2`,
    parentId,
    position,
  );
}

/**
 * Moves a row among its siblings; a position past the end means the end. Returns the new position.
 * The row must be one of the (undeleted) siblings.
 */
export async function moveWithin(tx: Tx, kind: SiblingKind, parentId: string, id: string, from: number, to: number): Promise<number> {
  const { table, parentColumn } = SETS[kind];
  const count = await countSiblings(tx, kind, parentId);
  const target = Math.min(to, count - 1);
  if (target === from) return from;
  if (target > from) {
    await tx.$executeRawUnsafe(
      `UPDATE "${table}" SET position = position - 1
       WHERE ${parentColumn} = $1::uuid AND deleted_at IS NULL AND position > $2 AND position <= $3 AND id <> $4::uuid`,
      parentId,
      from,
      target,
      id,
    );
  } else {
    await tx.$executeRawUnsafe(
      `UPDATE "${table}" SET position = position + 1
       WHERE ${parentColumn} = $1::uuid AND deleted_at IS NULL AND position >= $2 AND position < $3 AND id <> $4::uuid`,
      parentId,
      target,
      from,
      id,
    );
  }
  await tx.$executeRawUnsafe(`UPDATE "${table}" SET position = $1 WHERE id = $2::uuid`, target, id);
  return target;
}

/** Where a new row goes under `parentId`, with room made for it: the parent is locked first. */
export async function insertAt(tx: Tx, kind: SiblingKind, parentId: string, position: number | undefined): Promise<number> {
  await lockParents(tx, kind, [parentId]);
  return openGap(tx, kind, parentId, position);
}

/**
 * Moves a row to `position` among its siblings, or under another parent (`toParentId`) at
 * `position` or the end; the parents are locked first, in a fixed order. Without a position or a
 * new parent, nothing moves.
 */
export async function moveTo(
  tx: Tx,
  kind: SiblingKind,
  id: string,
  move: { fromParentId: string; toParentId?: string; position?: number },
) {
  const { fromParentId, toParentId = fromParentId, position } = move;
  if (toParentId === fromParentId && position === undefined) return;
  await lockParents(tx, kind, [fromParentId, toParentId]);
  const from = await lockedPosition(tx, kind, id, fromParentId);
  if (toParentId === fromParentId) {
    await moveWithin(tx, kind, fromParentId, id, from, position!);
    return;
  }
  const { table, parentColumn } = SETS[kind];
  const at = await openGap(tx, kind, toParentId, position);
  await tx.$executeRawUnsafe(`UPDATE "${table}" SET ${parentColumn} = $1::uuid, position = $2 WHERE id = $3::uuid`, toParentId, at, id);
  await closeGap(tx, kind, fromParentId, from);
}

/** Reads a row's current position under the parent lock (the caller's copy may be stale). */
export async function currentPosition(tx: Tx, kind: SiblingKind, id: string): Promise<{ position: number; parentId: string }> {
  const { table, parentColumn } = SETS[kind];
  const rows = await tx.$queryRawUnsafe<{ position: number; parent_id: string }[]>(
    `SELECT position, ${parentColumn}::text AS parent_id FROM "${table}" WHERE id = $1::uuid`,
    id,
  );
  return { position: rows[0].position, parentId: rows[0].parent_id };
}
