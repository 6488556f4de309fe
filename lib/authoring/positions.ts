import { notFound } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { RetryTransaction, writeStatement, type WriteContext } from "@/lib/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Sibling sets keep positions 0..n-1 among rows not deleted. Every change takes the parent's row
 * first, bumping its children_version: a write in a transaction holds it until commit, a write
 * that is one statement takes it only at the version its snapshot read (else it runs again). So
 * concurrent requests on one parent take turns and never leave gaps or duplicates. In one process
 * they also wait for the parent's turn before they begin (`siblingTurn`, decision 021).
 */
export type SiblingKind = "course" | "module" | "lesson" | "block";

export const isSiblingKind = (kind: string): kind is SiblingKind => kind in SETS;

/**
 * Each kind of sibling: its table, its parent's, and the columns a move within the parent answers
 * (`MovedRow`). Named, never `*`: a statement answering whole rows cannot stay prepared across a
 * migration that adds a column (lib/db/client.ts). A lesson's and a block's moves answer from the row.
 */
const SETS = {
  course: { table: "courses", parentColumn: "project_id", parentTable: "projects", columns: "id" },
  module: { table: "modules", parentColumn: "course_id", parentTable: "courses", columns: "id" },
  lesson: {
    table: "lessons",
    parentColumn: "module_id",
    parentTable: "modules",
    columns: "id, module_id, title, position, published_at, created_at, updated_at, deleted_at, deletion_batch_id",
  },
  block: {
    table: "blocks",
    parentColumn: "lesson_id",
    parentTable: "lessons",
    columns: "id, lesson_id, type, position, content, question_role, question_id, quiz_id, created_at, updated_at",
  },
} as const;

/**
 * The turn a write among siblings waits for in this process before its transaction begins
 * (`write`'s `turnOn`, lib/db/turns.ts): that of each parent it will lock.
 */
export const siblingTurn = (kind: SiblingKind, parentIds: readonly (string | undefined)[]) =>
  parentIds.flatMap((id) => (id ? [`${SETS[kind].parentTable}:${id}`] : []));

/**
 * The same for a row that moves or leaves its parent: its parent now and the one it moves to.
 * Read outside the transaction, only to choose whom to queue behind: a stale answer costs a wait
 * in PostgreSQL, never a wrong order (the parents' row locks decide that).
 */
export async function turnOfRow(db: Db, kind: SiblingKind, id: string, toParentId?: string) {
  const { table, parentColumn } = SETS[kind];
  const rows = await db.$queryRawUnsafe<{ parent_id: string }[]>(
    `SELECT ${parentColumn}::text AS parent_id FROM "${table}" WHERE id = $1::uuid`,
    id,
  );
  return siblingTurn(kind, [rows[0]?.parent_id, toParentId]);
}

/**
 * `parent AS (…)`: the parent's row (`id`, an SQL expression), taken by bumping its
 * children_version, but only if that version is still the one this statement's snapshot shows.
 */
const parentAtSnapshotSql = (parentTable: string, id: Prisma.Sql) => {
  const p = Prisma.raw(`"${parentTable}"`);
  return Prisma.sql`parent AS (
      UPDATE ${p} SET children_version = children_version + 1
      WHERE id = ${id} AND deleted_at IS NULL AND children_version = (SELECT children_version FROM ${p} WHERE id = ${id})
      RETURNING id)`;
};

/**
 * A new row among its siblings as CTEs of one statement (for `writeStatement`): `parent` takes the
 * parent's row, bumping its children_version, but only if that version is still the one this
 * statement's snapshot shows; `gap` is where the row goes (`position`, clamped to the end), room
 * is made there, and `insert` (an `INSERT … SELECT … FROM gap RETURNING …` using `gap.at`) becomes
 * `inserted`. A statement waiting for the parent's lock sees, once it has it, the newest version
 * of that row only: if another write changed the siblings meanwhile, `parent` is empty, nothing
 * is written, and the statement must run again on a new snapshot (`gone` says whether the parent
 * was deleted instead). Every write among siblings bumps the version first (`lockParents`).
 */
export function insertAmongSql(kind: SiblingKind, parentId: string, position: number | undefined, insert: Prisma.Sql): Prisma.Sql {
  const { table, parentColumn, parentTable } = SETS[kind];
  const [t, p, c] = [Prisma.raw(`"${table}"`), Prisma.raw(`"${parentTable}"`), Prisma.raw(parentColumn)];
  return Prisma.sql`${parentAtSnapshotSql(parentTable, Prisma.sql`${parentId}::uuid`)},
    gone AS (SELECT NOT EXISTS (SELECT 1 FROM ${p} WHERE id = ${parentId}::uuid AND deleted_at IS NULL) AS gone),
    n AS (SELECT count(*)::int AS n FROM ${t} WHERE ${c} = ${parentId}::uuid AND deleted_at IS NULL),
    gap AS (SELECT LEAST(COALESCE(${position ?? null}::int, n.n), n.n) AS at FROM n, parent),
    shifted AS (
      UPDATE ${t} AS s SET position = s.position + 1 FROM gap
      WHERE s.${c} = ${parentId}::uuid AND s.deleted_at IS NULL AND s.position >= gap.at
      RETURNING 1),
    inserted AS (${insert})`;
}

/**
 * A move within the row's parent as CTEs of one statement (for `writeStatement`), taking the
 * parent's row at the version this statement's snapshot shows as `insertAmongSql` does: the row's
 * place is read, the siblings between its old and new place shift, and `moved` is the row at its
 * new place (a position past the end means the end), stamped `touch` and answering its `columns`.
 * `moved` is empty when another write changed the siblings meanwhile (run the statement again) or
 * the row or its parent is gone (`gone`).
 */
export function moveWithinSql(kind: SiblingKind, id: string, to: number, touch: Date): Prisma.Sql {
  const { table, parentColumn, parentTable, columns } = SETS[kind];
  const [t, p, c] = [Prisma.raw(`"${table}"`), Prisma.raw(`"${parentTable}"`), Prisma.raw(parentColumn)];
  return Prisma.sql`place AS (SELECT ${c} AS parent_id, position AS from_pos FROM ${t} WHERE id = ${id}::uuid AND deleted_at IS NULL),
    ${parentAtSnapshotSql(parentTable, Prisma.sql`(SELECT parent_id FROM place)`)},
    gone AS (SELECT NOT EXISTS (SELECT 1 FROM place JOIN ${p} ON ${p}.id = place.parent_id WHERE ${p}.deleted_at IS NULL) AS gone),
    n AS (SELECT count(*)::int AS n FROM ${t} WHERE ${c} = (SELECT parent_id FROM place) AND deleted_at IS NULL),
    m AS (SELECT place.from_pos, LEAST(${to}::int, n.n - 1) AS target FROM place, n, parent),
    shifted AS (
      UPDATE ${t} AS s SET position = s.position + CASE WHEN m.target > m.from_pos THEN -1 ELSE 1 END FROM m
      WHERE s.${c} = (SELECT parent_id FROM place) AND s.deleted_at IS NULL AND s.id <> ${id}::uuid AND m.target <> m.from_pos
        AND s.position BETWEEN LEAST(m.from_pos, m.target) AND GREATEST(m.from_pos, m.target)
      RETURNING 1),
    moved AS (
      UPDATE ${t} AS s SET position = m.target, updated_at = ${touch} FROM m WHERE s.id = ${id}::uuid
      RETURNING ${Prisma.raw(columns.replace(/(\w+)/g, "s.$1"))})`;
}

/**
 * Runs a write among siblings that is one statement (`writeStatement`), in the parent's turn:
 * `ctes` from `insertAmongSql` or `moveWithinSql`, the audit event recorded only if the CTE named
 * `written` has a row, and `answer` (select-list SQL over `written`) as the result. No row written
 * means the row or its parent is gone (404 naming `missing`) or another writer changed the
 * siblings since the statement's snapshot (the statement runs again).
 */
export async function writeAmongSiblings<R>(
  ctx: WriteContext,
  kind: SiblingKind,
  write: { target: string; parentId: string; ctes: Prisma.Sql; written: "inserted" | "moved"; answer: Prisma.Sql; missing: string },
): Promise<R> {
  const w = Prisma.raw(write.written);
  const [row] = await writeStatement<R & { gone: boolean; written: boolean }>(
    ctx,
    write.target,
    (auditEvent) => Prisma.sql`WITH ${write.ctes}, ${auditEvent(write.written)}
      SELECT gone.gone, ${w}.id IS NOT NULL AS written, ${write.answer} FROM gone LEFT JOIN ${w} ON true`,
    {
      turnOn: siblingTurn(kind, [write.parentId]),
      check: ([result]) => {
        if (result.written) return;
        if (result.gone) throw notFound(write.missing);
        throw new RetryTransaction(`the ${SETS[kind].table} of ${SETS[kind].parentTable} ${write.parentId} changed`);
      },
    },
  );
  return row;
}

/**
 * Locks parents in a fixed order, so two moves between the same parents cannot deadlock. A parent
 * deleted since the caller read it makes the write run again (and answer as for a deleted parent).
 */
export async function lockParents(tx: Tx, kind: SiblingKind, parentIds: string[]) {
  const { parentTable } = SETS[kind];
  for (const id of [...new Set(parentIds)].sort()) {
    // Taking the row by bumping its children_version tells a one-statement write that read the
    // siblings before this one commits to run again (insertAmongSql).
    const rows = await tx.$queryRawUnsafe<{ deleted: boolean }[]>(
      `UPDATE "${parentTable}" SET children_version = children_version + 1 WHERE id = $1::uuid RETURNING deleted_at IS NOT NULL AS deleted`,
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

/**
 * Makes room at `position` (clamped to the end) and returns the position to insert at: one
 * statement, so the parent's lock is held for as few round trips as possible.
 */
export async function openGap(tx: Tx, kind: SiblingKind, parentId: string, position: number | undefined): Promise<number> {
  const { table, parentColumn } = SETS[kind];
  const rows = await tx.$queryRawUnsafe<{ at: number }[]>(
    `WITH n AS (SELECT count(*)::int AS n FROM "${table}" WHERE ${parentColumn} = $1::uuid AND deleted_at IS NULL),
          gap AS (SELECT LEAST(COALESCE($2::int, n), n) AS at FROM n),
          shifted AS (
            UPDATE "${table}" AS s SET position = s.position + 1 FROM gap
            WHERE s.${parentColumn} = $1::uuid AND s.deleted_at IS NULL AND s.position >= gap.at
            RETURNING 1)
     SELECT at FROM gap`,
    parentId,
    position ?? null,
  );
  return rows[0].at;
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

/** A row as the database returns it (snake_case columns), for a caller that maps it to its own shape. */
export type MovedRow = Record<string, unknown>;

/**
 * Moves a row among its siblings (the parent is locked); a position past the end means the end.
 * One statement reads the row's place under the lock, counts the siblings, shifts those between
 * and sets the row's position, and with `touch` also stamps its `updated_at` and returns the row as
 * it now is: a caller with nothing else to change needs no further statement under the lock. If
 * the row has meanwhile left the parent or been deleted, the write runs again on fresh reads.
 */
async function moveWithin(tx: Tx, kind: SiblingKind, parentId: string, id: string, to: number, touch?: Date): Promise<MovedRow | null> {
  const { table, parentColumn, columns } = SETS[kind];
  const rows = await tx.$queryRawUnsafe<MovedRow[]>(
    `WITH r AS (
            SELECT position AS from_pos FROM "${table}"
            WHERE id = $2::uuid AND ${parentColumn} = $1::uuid AND deleted_at IS NULL FOR UPDATE),
          n AS (SELECT count(*)::int AS n FROM "${table}" WHERE ${parentColumn} = $1::uuid AND deleted_at IS NULL),
          m AS (SELECT r.from_pos, LEAST($3::int, n.n - 1) AS target FROM r, n),
          shifted AS (
            UPDATE "${table}" AS s SET position = s.position + CASE WHEN m.target > m.from_pos THEN -1 ELSE 1 END FROM m
            WHERE s.${parentColumn} = $1::uuid AND s.deleted_at IS NULL AND s.id <> $2::uuid AND m.target <> m.from_pos
              AND s.position BETWEEN LEAST(m.from_pos, m.target) AND GREATEST(m.from_pos, m.target)
            RETURNING 1),
          moved AS (
            UPDATE "${table}" AS s SET position = m.target, updated_at = COALESCE($4::timestamptz, s.updated_at) FROM m
            WHERE s.id = $2::uuid AND (m.target <> m.from_pos OR $4::timestamptz IS NOT NULL)
            RETURNING ${columns.replace(/(\w+)/g, "s.$1")})
     SELECT ${columns.replace(/(\w+)/g, "moved.$1")} FROM m LEFT JOIN moved ON true`,
    parentId,
    id,
    to,
    touch ?? null,
  );
  // No row: the row left (retry). A row of nulls: it stayed where it was and nothing was stamped.
  if (!rows[0]) throw new RetryTransaction(`${table} ${id} changed`);
  return rows[0].id ? rows[0] : null;
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
  move: { fromParentId: string; toParentId?: string; position?: number; touch?: Date },
): Promise<MovedRow | null> {
  const { fromParentId, toParentId = fromParentId, position } = move;
  if (toParentId === fromParentId && position === undefined) return null;
  await lockParents(tx, kind, [fromParentId, toParentId]);
  if (toParentId === fromParentId) return moveWithin(tx, kind, fromParentId, id, position!, move.touch);
  const from = await lockedPosition(tx, kind, id, fromParentId);
  const { table, parentColumn } = SETS[kind];
  const at = await openGap(tx, kind, toParentId, position);
  await tx.$executeRawUnsafe(`UPDATE "${table}" SET ${parentColumn} = $1::uuid, position = $2 WHERE id = $3::uuid`, toParentId, at, id);
  await closeGap(tx, kind, fromParentId, from);
  return null;
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
