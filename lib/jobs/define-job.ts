import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { jobWakes } from "./poll-loop";
import type { JobKind, RetryPolicy } from "./queue";

/** A job of the `jobs` table, as its handler gets it. */
export type Job<P> = { id: string; attempts: number; payload: P };

/** Unless a kind says otherwise: tried again 30 s after a failure, doubling, twelve attempts (about a day and a half). */
const DEFAULT_RETRY: RetryPolicy = { baseSeconds: () => 30, maxAttempts: () => 12 };

/**
 * A kind of job kept in the `jobs` table, for work that has no table of its own: `run` is its
 * handler. With a line in lib/jobs/kinds.ts the worker does it; `enqueueJob` writes one.
 *
 * A job may be attempted more than once (its instance killed after the work, before settling), so
 * `run` makes its effect once: writes in one transaction keyed by something unique (a mail's dedupe
 * key), or a receiver told an id it can recognise. A throw is a failed attempt; an `isPermanent`
 * one fails the job at once.
 */
export function defineJob<P>(kind: {
  name: string;
  run: (job: Job<P>) => Promise<void>;
  retry?: RetryPolicy;
  /** Longer than an attempt can take; 5 minutes unless said. */
  leaseSeconds?: () => number;
  isPermanent?: (error: unknown) => boolean;
}): JobKind<Job<P>> {
  return {
    name: kind.name,
    table: {
      name: "jobs",
      statusType: "JobStatus",
      idType: "uuid",
      running: "running",
      returning: Prisma.sql`id::text AS id, attempts, payload`,
      eligible: Prisma.sql`q.kind = ${kind.name}`,
      hasLastError: true,
    },
    leaseSeconds: kind.leaseSeconds ?? (() => 300),
    retry: kind.retry ?? DEFAULT_RETRY,
    batch: 10,
    open: () => undefined,
    run: async (job) => {
      await kind.run(job);
      return { done: "done", set: Prisma.sql`finished_at = now(), last_error = NULL` };
    },
    isPermanent: kind.isPermanent,
    describe: (job) => `job ${job.id}`,
  };
}

/**
 * Writes a job in the caller's transaction: if the action commits, the worker does the job; if it
 * rolls back, there is none. Returns the job's id, or null when `dedupeKey` was used before.
 */
export async function enqueueJob<P>(
  tx: Tx,
  kind: JobKind<Job<P>>,
  payload: P,
  options: { dedupeKey?: string; runAt?: Date } = {},
): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO jobs (id, kind, payload, dedupe_key, next_attempt_at)
    VALUES (gen_random_uuid(), ${kind.name}, ${JSON.stringify(payload)}::jsonb, ${options.dedupeKey ?? null},
      COALESCE(${options.runAt ?? null}::timestamptz, now()))
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id::text AS id`;
  if (rows.length) jobWakes.wake(kind.name);
  return rows[0]?.id ?? null;
}
