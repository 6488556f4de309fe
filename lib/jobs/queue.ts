import { getDb, type Db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { backoffMs } from "./backoff";

/*
 * The one claim, lease and settle of every kind of background work (docs/decisions/052).
 *
 * - Jobs are claimed by one UPDATE whose subquery takes due rows FOR UPDATE SKIP LOCKED, counts
 *   the attempt and leases them: two instances never claim one job, and no transaction stays open
 *   while the work talks to an SMTP server or a receiver (the embedded database has one connection).
 * - A job whose lease ended (its instance was killed mid-attempt) is due again and is taken over.
 * - Settling is fenced by the attempt number: a claim whose lease ran out cannot overwrite its
 *   successor's result. A failure is retried after `backoffMs`, until the kind's policy gives up.
 */

/**
 * A table whose rows are jobs, with the queue's columns: `id`, `status` (an enum with `pending` and
 * `failed`), `attempts`, `next_attempt_at`, `lease_until`, `created_at`. The rest are its kind's.
 */
export type JobTable = {
  name: string;
  /** The type of its `status` column. */
  statusType: string;
  idType: "uuid" | "int4";
  /**
   * The status of a job being attempted, until its `lease_until`. `pending` where the table has no
   * such status: a claimed job then stays pending, due again when its lease ends.
   */
  running: string;
  /** What a claim returns of each job, the table being `j`: `id` and `attempts` among it. */
  returning: Prisma.Sql;
  /** Which due rows this kind claims, the table being `q` (its kind's name; its endpoint turned on). */
  eligible?: Prisma.Sql;
  /** Whether a failed attempt's error is kept in its `last_error` column. */
  hasLastError: boolean;
};

/** A claimed job: its row as the table's `returning` reads it. */
export type Claimed = { id: string | number; attempts: number };

/** How an attempt ended well: the job's final status, and what else its settling writes in the same statement. */
export type Done = { done: string; set?: Prisma.Sql; with?: Prisma.Sql };

/** How an attempt failed: retried, unless permanent or out of attempts; `also` runs in the settling transaction. */
export type Failed = { failed: string; isPermanent?: boolean; also?: (tx: Tx) => Promise<void> };

export type Outcome = Done | Failed;

/** When a failed job is tried again (`backoffMs` from `baseSeconds`) and when it is failed for good. */
export type RetryPolicy = {
  baseSeconds: () => number;
  /** Failed once this many attempts failed. */
  maxAttempts?: () => number;
  /** Failed once an attempt fails this long after the job was written; the last try comes then. */
  retryForHours?: number;
};

/**
 * A kind of background work whose jobs wait in a table: where, how one is done, how it is retried.
 * `S` is what the jobs of one run share (an SMTP connection pool), made by `open` and ended by `close`.
 */
export type JobKind<J extends Claimed = Claimed, S = undefined> = {
  /** Its name: in the log, in the `jobs` table's `kind`, and to wake its loop (`jobWakes`). */
  name: string;
  table: JobTable;
  /** How long an attempt may take before another instance takes the job over: longer than any attempt can. */
  leaseSeconds: () => number;
  retry: RetryPolicy;
  /** Jobs claimed at once, attempted side by side. */
  batch: number;
  /** Batches under way at once in one run (while one waits for its slowest job, another goes on). */
  lanes?: number;
  // Methods, not function-typed fields: a list of kinds (lib/jobs/kinds.ts) holds each with its own job type.
  open(): S;
  close?(session: S): void;
  /** Does one claimed job, no transaction open. A throw is a failed attempt. */
  run(job: J, session: S): Promise<Outcome>;
  /** Whether a thrown error means the job can never succeed (failed at once). */
  isPermanent?(error: unknown): boolean;
  /** How the log names a job as it is done or an attempt fails; a kind without it logs neither. */
  describe?(job: J): string;
  /** Said once when this instance's worker starts the kind. */
  starting?(): void;
};

const statusOf = (table: JobTable, status: string) => Prisma.raw(`'${status}'::"${table.statusType}"`);
const secondsFromNow = (seconds: number) => Prisma.sql`now() + make_interval(secs => ${seconds}::float8)`;

/** Claims up to `limit` jobs of `kind` that are due, or whose attempt's lease ended. */
async function claimJobs<J extends Claimed, S>(db: Db, kind: JobKind<J, S>, limit: number): Promise<J[]> {
  const { table } = kind;
  const lease = secondsFromNow(kind.leaseSeconds());
  const running = statusOf(table, table.running);
  const leaseEnded = table.running === "pending" ? Prisma.empty : Prisma.sql`OR (q.status = ${running} AND q.lease_until < now())`;
  return db.$queryRaw<J[]>`
    UPDATE ${Prisma.raw(table.name)} j
    SET status = ${running}, attempts = j.attempts + 1, lease_until = ${lease}, next_attempt_at = ${lease}
    WHERE j.id IN (
      SELECT q.id FROM ${Prisma.raw(table.name)} q
      WHERE ((q.status = 'pending' AND q.next_attempt_at <= now()) ${leaseEnded})
        ${table.eligible ? Prisma.sql`AND ${table.eligible}` : Prisma.empty}
      ORDER BY q.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING ${table.returning}`;
}

/** The row of this claim of the job, and only while it still holds it. */
const heldBy = (table: JobTable, job: Claimed) =>
  Prisma.sql`id = ${job.id}::${Prisma.raw(table.idType)} AND status = ${statusOf(table, table.running)} AND attempts = ${job.attempts}`;

async function settleDone(db: Db, table: JobTable, job: Claimed, outcome: Done) {
  await db.$executeRaw`
    ${outcome.with ? Prisma.sql`WITH ${outcome.with}` : Prisma.empty}
    UPDATE ${Prisma.raw(table.name)} SET status = ${statusOf(table, outcome.done)}, lease_until = NULL
      ${outcome.set ? Prisma.sql`, ${outcome.set}` : Prisma.empty}
    WHERE ${heldBy(table, job)}`;
}

/** Puts a failed job back for its next try, or fails it; answers what it became (nothing: the claim had lost it). */
async function settleFailed<J extends Claimed, S>(
  tx: Tx,
  kind: JobKind<J, S>,
  job: J,
  outcome: Failed,
): Promise<{ status: string; next_attempt_at: Date } | undefined> {
  const { table, retry } = kind;
  const isOut = Boolean(outcome.isPermanent) || (retry.maxAttempts !== undefined && job.attempts >= retry.maxAttempts());
  // The last try of a job retried for some hours comes at their end.
  const deadline =
    retry.retryForHours === undefined
      ? Prisma.sql`'infinity'::timestamptz`
      : Prisma.sql`created_at + make_interval(hours => ${retry.retryForHours}::int)`;
  const [row] = await tx.$queryRaw<{ status: string; next_attempt_at: Date }[]>`
    UPDATE ${Prisma.raw(table.name)}
    SET lease_until = NULL,
        ${table.hasLastError ? Prisma.sql`last_error = ${outcome.failed.slice(0, 1000)},` : Prisma.empty}
        status = CASE WHEN ${isOut}::boolean OR now() >= ${deadline} THEN ${statusOf(table, "failed")} ELSE ${statusOf(table, "pending")} END,
        next_attempt_at = LEAST(${secondsFromNow(backoffMs(job.attempts, retry.baseSeconds() * 1000) / 1000)}, ${deadline})
    WHERE ${heldBy(table, job)}
    RETURNING status::text AS status, next_attempt_at`;
  return row;
}

async function settle<J extends Claimed, S>(db: Db, kind: JobKind<J, S>, job: J, outcome: Outcome) {
  if ("done" in outcome) {
    await settleDone(db, kind.table, job, outcome);
    // Said once it is recorded: an operator (and a test) reading the log knows it will not go again.
    if (kind.describe) console.log(`[${kind.name}] ${kind.describe(job)}: ${outcome.done}`);
    return;
  }
  const { also } = outcome;
  const settled = also
    ? await db.$transaction(async (tx) => {
        const row = await settleFailed(tx, kind, job, outcome);
        await also(tx);
        return row;
      })
    : await settleFailed(db, kind, job, outcome);
  if (settled && kind.describe) {
    const what = settled.status === "failed" ? "failed for good" : `will be retried at ${settled.next_attempt_at.toISOString()}`;
    console.warn(`[${kind.name}] ${kind.describe(job)} ${what}: ${outcome.failed.slice(0, 1000)}`);
  }
}

async function attempt<J extends Claimed, S>(kind: JobKind<J, S>, job: J, session: S): Promise<Outcome> {
  try {
    return await kind.run(job, session);
  } catch (error) {
    return { failed: String((error as Error)?.message ?? error), isPermanent: kind.isPermanent?.(error) ?? false };
  }
}

/**
 * Does every job of `kind` that is due now, batch after batch, and answers how many it settled
 * (done, failed, or put back for a retry). The worker's loop calls it; tests call it to do the
 * work at once, `session` replacing the kind's own.
 */
export async function runDueJobs<J extends Claimed, S>(kind: JobKind<J, S>, db?: Db, session?: S): Promise<number> {
  const conn = db ?? (await getDb());
  const shared = session ?? kind.open();
  let settled = 0;
  const lane = async () => {
    for (;;) {
      const batch = await claimJobs(conn, kind, kind.batch);
      if (!batch.length) return;
      await Promise.all(
        batch.map(async (job) => {
          await settle(conn, kind, job, await attempt(kind, job, shared));
          settled++;
        }),
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: kind.lanes ?? 1 }, lane));
    return settled;
  } finally {
    if (session === undefined) kind.close?.(shared);
  }
}
