import type { Db, Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Work done once per row, marked on the row itself (a schedule's run: the proposal sweep's
 * reminders and expiries). Each row is claimed by one UPDATE of its marker column whose subquery
 * locks it FOR UPDATE SKIP LOCKED, in the transaction that does its work: two instances never take
 * the same row, a crash before the commit leaves the row for the next run, and after it nothing is
 * left to do. One row per transaction: one that fails (logged) does not hold back the others, and
 * is skipped for the rest of the run. Unlike a job (./queue.ts), nothing is retried with a backoff
 * and no lease is needed: the claim and the work commit together.
 */
export type MarkEach = {
  /** Names the work in the log. */
  what: string;
  /** The table (a uuid `id`) and the timestamp column that marks a row done. Constants, never input. */
  table: string;
  marker: string;
  /** Which unmarked rows are due, the table being `q`, and in what order they are taken. */
  due: Prisma.Sql;
  order: Prisma.Sql;
  /** At most this many rows a run; the rest wait for the next. */
  maxPerRun: number;
  /** The row's work, in the transaction that claimed it. */
  handle: (tx: Tx, id: string) => Promise<void>;
};

const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

/** Claims and handles every due row, marking each with `now`; answers how many were done. */
export async function markEach(db: Db, work: MarkEach, now: Date): Promise<number> {
  const skip: string[] = [];
  let done = 0;
  while (done + skip.length < work.maxPerRun) {
    let claimed: string | null = null;
    try {
      await db.$transaction(async (tx) => {
        claimed = await claimOne(tx, work, now, skip);
        if (claimed !== null) await work.handle(tx, claimed);
      }, TX_OPTIONS);
    } catch (error) {
      // The claim rolled back with the rest; the row waits for the next run.
      console.error(`[jobs] ${work.what}:`, (error as Error).message);
      if (claimed === null) throw error;
      skip.push(claimed);
      continue;
    }
    if (claimed === null) return done;
    done++;
  }
  return done;
}

/**
 * The same claim for rows whose work is done a batch at a time, set-based (the item analysis's
 * answer tally): up to `batch` due rows are claimed and marked in one transaction, which hands them
 * to `handle` and commits the marks with its work; batches follow until fewer are due or
 * `maxPerRun` rows were done. A batch that fails rolls back whole and ends the run (thrown).
 */
export type MarkBatches = Omit<MarkEach, "handle"> & {
  batch: number;
  handle: (tx: Tx, ids: string[]) => Promise<void>;
};

/** Claims and handles due rows a batch at a time, marking each with `now`; answers how many were done. */
export async function markBatches(db: Db, work: MarkBatches, now: Date): Promise<number> {
  let done = 0;
  while (done < work.maxPerRun) {
    const limit = Math.min(work.batch, work.maxPerRun - done);
    const claimed = await db.$transaction(async (tx) => {
      const ids = await claimBatch(tx, work, now, limit);
      if (ids.length) await work.handle(tx, ids);
      return ids;
    }, TX_OPTIONS);
    done += claimed.length;
    if (claimed.length < limit) break;
  }
  return done;
}

async function claimOne(tx: Tx, work: MarkEach, now: Date, skip: string[]): Promise<string | null> {
  const table = Prisma.raw(`"${work.table}"`);
  const marker = Prisma.raw(`"${work.marker}"`);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE ${table} SET ${marker} = ${now}
    WHERE ${marker} IS NULL AND id = (
      SELECT q.id FROM ${table} q
      WHERE q.${marker} IS NULL AND ${work.due} AND NOT (q.id = ANY(${skip}::uuid[]))
      ORDER BY ${work.order}
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id`;
  return rows[0]?.id ?? null;
}

/** Up to `limit` due rows, locked as claimOne locks one (rows another instance holds are skipped), marked with `now`. */
async function claimBatch(tx: Tx, work: MarkBatches, now: Date, limit: number): Promise<string[]> {
  const table = Prisma.raw(`"${work.table}"`);
  const marker = Prisma.raw(`"${work.marker}"`);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH taken AS (
      SELECT q.id FROM ${table} q
      WHERE q.${marker} IS NULL AND ${work.due}
      ORDER BY ${work.order}
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED)
    UPDATE ${table} t SET ${marker} = ${now} FROM taken WHERE t.id = taken.id
    RETURNING t.id::text AS id`;
  return rows.map((r) => r.id);
}
