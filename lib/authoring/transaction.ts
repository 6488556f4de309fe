import type { EndpointContext } from "@/lib/api/endpoint";
import type { Tx } from "./access";

/** The item a change touched: the id in its result, else the first id in its path. */
function targetOf(result: unknown, params: unknown): string | null {
  const id = (result as { id?: unknown } | null)?.id;
  if (typeof id === "string") return id;
  const fromPath = Object.values((params ?? {}) as Record<string, unknown>).find((v) => typeof v === "string");
  return (fromPath as string | undefined) ?? null;
}

async function recordChange(
  tx: Tx,
  ctx: Pick<EndpointContext<unknown, unknown, unknown>, "caller" | "via" | "operationId" | "params">,
  result: unknown,
) {
  await tx.auditEvent.create({
    data: {
      actorUserId: ctx.caller.userId,
      actorName: ctx.caller.name,
      via: ctx.via,
      apiKeyId: ctx.caller.apiKeyId,
      apiKeyName: ctx.caller.apiKey?.name ?? null,
      apiKeyPrefix: ctx.caller.apiKey?.prefix ?? null,
      operation: ctx.operationId,
      targetId: targetOf(result, ctx.params),
    },
  });
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
  return e?.code === "P2034" || e?.meta?.driverAdapterError?.cause?.kind === "TransactionWriteConflict";
}

const MAX_ATTEMPTS = 8;

class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super("dry run");
  }
}

/**
 * Runs a write in one transaction. With `dryRun`, everything runs and validates as usual, then
 * rolls back, and the would-be response is returned: an agent can preview a change exactly.
 */
export async function write<T>(
  ctx: Pick<EndpointContext<unknown, unknown, unknown>, "db" | "dryRun" | "caller" | "via" | "operationId" | "params">,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(ctx, fn);
    } catch (error) {
      const retryable = error instanceof RetryTransaction || isWriteConflict(error);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function writeOnce<T>(
  ctx: Pick<EndpointContext<unknown, unknown, unknown>, "db" | "dryRun" | "caller" | "via" | "operationId" | "params">,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.$transaction(
      async (tx) => {
        const result = await fn(tx);
        if (ctx.dryRun) throw new DryRunRollback(result);
        await recordChange(tx, ctx, result);
        return result;
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result as T;
    throw error;
  }
}
