import type { EndpointContext } from "@/lib/api/endpoint";
import type { Tx } from "./access";

class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super("dry run");
  }
}

/**
 * Runs a write in one transaction. With `dryRun`, everything runs and validates as usual, then
 * rolls back, and the would-be response is returned: an agent can preview a change exactly.
 */
export async function write<T>(ctx: Pick<EndpointContext<unknown, unknown, unknown>, "db" | "dryRun">, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.$transaction(
      async (tx) => {
        const result = await fn(tx);
        if (ctx.dryRun) throw new DryRunRollback(result);
        return result;
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result as T;
    throw error;
  }
}
