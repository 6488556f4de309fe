import type { Caller } from "@/lib/api/authenticate";
import type { IfMatch } from "@/lib/api/endpoint";
import type { Tx } from "@/lib/db/client";

/** The tables of course-authoring items that carry an `updated_at` and can be updated. */
export type VersionedTable =
  "projects" | "courses" | "modules" | "lessons" | "blocks" | "categories" | "question_families" | "questions" | "quizzes";

/**
 * If-Match for an update of the item a path id names (lib/api/endpoint.ts, IfMatch): its row is
 * locked with `FOR UPDATE` and its `updated_at` read in milliseconds, as the API writes it;
 * `current` reads the item as the update answers, refusing as the update would.
 */
export function ifMatchOn<K extends string>(
  table: VersionedTable,
  idParam: K,
  current: (tx: Tx, caller: Caller, id: string) => Promise<unknown>,
): IfMatch<Record<K, string>> {
  return {
    version: async (tx, params) => {
      const rows = await tx.$queryRawUnsafe<{ ms: number }[]>(
        `SELECT round(extract(epoch FROM updated_at) * 1000)::float8 AS ms FROM "${table}" WHERE id = $1::uuid FOR UPDATE`,
        params[idParam],
      );
      return rows[0] ? new Date(rows[0].ms) : null;
    },
    current: (tx, caller, params) => current(tx, caller, params[idParam]),
  };
}
