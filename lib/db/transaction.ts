import { randomUUID } from "node:crypto";
import type { Caller } from "@/lib/api/authenticate";
import { Prisma } from "@/lib/generated/prisma/client";
import { queryRows, type Db, type Tx } from "./client";
import { isPoolWriteConflict } from "./pool-statements";
import { inTurn } from "./turns";

/** Who changed something, how and through which operation: recorded with every write. */
export type WriteContext = {
  db: Db;
  caller: Caller;
  via: "browser" | "api" | "agent";
  /** The browser tab that made the change, when it said so (X-Edit-Session). */
  editSession?: string;
  operationId: string;
  /** The request's path parameters: the default audit target is the first id among them. */
  params?: unknown;
  /** Run everything, then roll back and return the would-be result (the agent tools' dry_run). */
  dryRun?: boolean;
  /** Runs first inside the transaction: a check the write depends on (If-Match's version check). */
  precondition?: (tx: Tx) => Promise<void>;
};

/** The id of the item a write touched: uuids in the course-authoring service, numbers in proposals. */
export type AuditTarget = string | number | null;

export type WriteOptions<T> = {
  /** Names the changed item explicitly; by default, the `id` (or `uuid`) of the result, else the first path id. */
  target?: (result: T) => AuditTarget;
  /**
   * The changed item, known before the write runs: the event is then recorded first, before the
   * write takes its locks, so a write that locks a parent (an insert or a move among siblings)
   * holds that lock for one round trip less. A refused write rolls the event back with it.
   */
  recordFirst?: AuditTarget;
  /** The write records its event itself (`writeStatement`'s statement carries it). */
  recorded?: boolean;
  /**
   * Rows whose lock the write will wait for (the parents of siblings it shifts): writes naming
   * the same row take turns in this process before their transactions begin (./turns.ts).
   */
  turnOn?: readonly string[];
};

const isId = (v: unknown): v is string | number => typeof v === "string" || (typeof v === "number" && Number.isInteger(v));

function defaultTarget(result: unknown, params: unknown): AuditTarget {
  const r = result as { id?: unknown; uuid?: unknown } | null;
  if (isId(r?.id)) return r.id;
  if (isId(r?.uuid)) return r.uuid;
  return Object.values((params ?? {}) as Record<string, unknown>).find(isId) ?? null;
}

/** The audit event of a write: who, how, which operation, which item. One home for both ways to write. */
function auditEventOf(ctx: WriteContext, target: AuditTarget) {
  return {
    actorUserId: ctx.caller.userId,
    actorName: ctx.caller.name,
    via: ctx.via,
    apiKeyId: ctx.caller.apiKeyId,
    apiKeyName: ctx.caller.apiKey?.name ?? null,
    apiKeyPrefix: ctx.caller.apiKey?.prefix ?? null,
    operation: ctx.operationId,
    targetId: target === null ? null : String(target),
    editSession: ctx.editSession ?? null,
  };
}

async function recordChange(tx: Tx, ctx: WriteContext, target: AuditTarget) {
  await tx.auditEvent.create({ data: auditEventOf(ctx, target) });
}

/**
 * The audit event as a data-modifying CTE (`audit_event AS (INSERT …)`), for a write that is one
 * statement (`writeStatement`), or whose last statement records it (`write()` with `recorded`);
 * with `written`, only if that CTE (named before this one) has a row.
 */
export function auditEventSql(ctx: WriteContext, target: AuditTarget, written?: string): Prisma.Sql {
  const e = auditEventOf(ctx, target);
  const only = written ? Prisma.raw(`WHERE EXISTS (SELECT 1 FROM ${written})`) : Prisma.empty;
  return Prisma.sql`audit_event AS (
    INSERT INTO audit_events (id, actor_user_id, actor_name, via, api_key_id, api_key_name, api_key_prefix, operation, target_id, edit_session)
    SELECT ${randomUUID()}::uuid, ${e.actorUserId}::uuid, ${e.actorName}, ${e.via}, ${e.apiKeyId}::uuid, ${e.apiKeyName},
      ${e.apiKeyPrefix}, ${e.operation}, ${e.targetId}, ${e.editSession} ${only})`;
}

/**
 * Thrown inside a write when what it read before taking its locks has changed meanwhile (a row
 * moved to another parent or was deleted): the whole write runs again on fresh reads.
 */
export class RetryTransaction extends Error {
  constructor(reason: string) {
    super(`retry: ${reason}`);
  }
}

/** PostgreSQL chose this transaction as a deadlock victim or saw a write conflict: safe to rerun. */
function isWriteConflict(error: unknown): boolean {
  const e = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } } | null;
  return e?.code === "P2034" || e?.meta?.driverAdapterError?.cause?.kind === "TransactionWriteConflict" || isPoolWriteConflict(error);
}

const MAX_ATTEMPTS = 8;

class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super("dry run");
  }
}

/**
 * Runs a write in one transaction and records it in the audit trail. With `dryRun`, everything
 * runs and validates as usual, then rolls back, and the would-be response is returned: an agent
 * can preview a change exactly.
 */
export async function write<T>(ctx: WriteContext, fn: (tx: Tx) => Promise<T>, options: WriteOptions<T> = {}): Promise<T> {
  if (options.turnOn?.length) return inTurn(options.turnOn, () => write(ctx, fn, { ...options, turnOn: undefined }));
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(ctx, fn, options);
    } catch (error) {
      const retryable = error instanceof RetryTransaction || isWriteConflict(error);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * A write whose whole work is one SQL statement, given its audit event as a CTE to put in its WITH
 * clause: PostgreSQL runs the statement as its own transaction, so the write is one round trip
 * instead of BEGIN, the event, the work and COMMIT, each waiting for the server's event loop while
 * the write's row locks are held. `auditEvent(written)` records the event only if the CTE named
 * `written` has a row (a write that may find nothing to do); `check` may throw RetryTransaction
 * to run the statement again (it lost a race it can detect). It retries as `write()` does and
 * takes turns as `write()` does. A dry run or a precondition (If-Match) needs a transaction
 * around it: the statement then runs inside `write()`'s.
 */
export async function writeStatement<R>(
  ctx: WriteContext,
  target: AuditTarget,
  statement: (auditEvent: (written?: string) => Prisma.Sql) => Prisma.Sql,
  options: { check?: (rows: R[]) => void; turnOn?: readonly string[] } = {},
): Promise<R[]> {
  const { check, turnOn } = options;
  const auditEvent = (written?: string) => auditEventSql(ctx, target, written);
  const run = async (db: Db | Tx) => {
    const rows = await queryRows<R>(db, statement(auditEvent));
    check?.(rows);
    return rows;
  };
  if (ctx.dryRun || ctx.precondition) return write(ctx, run, { recorded: true, turnOn });
  if (turnOn?.length) return inTurn(turnOn, () => writeStatement(ctx, target, statement, { check }));
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(ctx.db);
    } catch (error) {
      const retryable = error instanceof RetryTransaction || isWriteConflict(error);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function writeOnce<T>(ctx: WriteContext, fn: (tx: Tx) => Promise<T>, options: WriteOptions<T>): Promise<T> {
  try {
    return await ctx.db.$transaction(
      async (tx) => {
        await ctx.precondition?.(tx);
        const early = options.recordFirst !== undefined && !ctx.dryRun;
        if (early) await recordChange(tx, ctx, options.recordFirst!);
        const result = await fn(tx);
        if (ctx.dryRun) throw new DryRunRollback(result);
        if (!early && !options.recorded)
          await recordChange(tx, ctx, options.target ? options.target(result) : defaultTarget(result, ctx.params));
        return result;
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result as T;
    throw error;
  }
}
