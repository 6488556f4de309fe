import type { FieldDef, Pool, types as PgTypes } from "pg";
import { Prisma } from "@/lib/generated/prisma/client";

/*
 * One statement written in SQL, sent to PostgreSQL's pool without Prisma's runtime: the hot
 * requests' statements (the API key's lookup, a write that is one statement) spent more CPU in
 * Prisma's query pipeline than in the driver (bench/README.md, "28 November"). What the caller gets
 * is what `$queryRaw` gives: the same rows, with the same JavaScript types for the column types
 * below; any other column type is refused, so a statement that would read differently fails its
 * tests instead of answering something else.
 */

/** Column types whose value `$queryRaw` and the driver read alike (pg-types' own parsers, by OID). */
const SAME_AS_PRISMA = new Set([
  16, // bool
  21, // int2
  23, // int4
  25, // text
  114, // json
  700, // float4
  701, // float8
  1043, // varchar
  1184, // timestamptz (a Date: the connection's time zone is UTC)
  2950, // uuid
  3802, // jsonb
  1000, // bool[]
  1007, // int4[]
  1009, // text[]
  1015, // varchar[]
  2951, // uuid[]
]);

const INT8 = 20;
const NUMERIC = 1700;
/** Types the database itself defines (enums): both read their label as text. */
const FIRST_USER_OID = 16384;

/** The driver's parsers, but int8 as a bigint and numeric as a Decimal, as `$queryRaw` reads them. */
function resultTypes(driverTypes: typeof PgTypes) {
  return {
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === INT8) return (value: string) => BigInt(value);
      if (oid === NUMERIC) return (value: string) => new Prisma.Decimal(value);
      return driverTypes.getTypeParser(oid, format ?? "text");
    },
  };
}

function assertReadAlike(fields: FieldDef[], sql: string) {
  for (const field of fields) {
    const oid = field.dataTypeID;
    if (SAME_AS_PRISMA.has(oid) || oid === INT8 || oid === NUMERIC || oid >= FIRST_USER_OID) continue;
    throw new Error(
      `column "${field.name}" (type OID ${oid}) has no reading here; cast it in the SQL or run it with $queryRaw: ${sql.slice(0, 200)}`,
    );
  }
}

/** A statement sent: its text, and its parameters as a JSON array. */
export type StatementListener = (statement: { query: string; params: string }) => void;

const jsonSafe = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

export type PoolStatements = {
  run: (query: Prisma.Sql) => Promise<unknown[]>;
  /** Hears every statement `run` sends, as Prisma's query events say it (the tests count a request's statements). */
  listeners: Set<StatementListener>;
};

/**
 * A runner on `pool` (`driverTypes`: the driver's type parsers); `name` gives a statement's
 * prepared name (the Prisma adapter's, so a text Prisma has prepared on a connection is not
 * prepared twice).
 */
export function poolStatements(
  pool: Pool,
  driverTypes: typeof PgTypes,
  name: (query: { sql: string }) => string | undefined,
): PoolStatements {
  const listeners = new Set<StatementListener>();
  const types = resultTypes(driverTypes);
  return {
    listeners,
    run: async (query) => {
      const text = query.text;
      if (listeners.size) {
        const sent = { query: text, params: JSON.stringify(query.values, jsonSafe) };
        for (const listener of listeners) listener(sent);
      }
      const result = await pool.query({ text, values: query.values as unknown[], name: name({ sql: text }), types });
      assertReadAlike(result.fields, text);
      return result.rows;
    },
  };
}

/** PostgreSQL refused a statement for a conflict with another transaction: it is safe to run again. */
export function isPoolWriteConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // serialization_failure, deadlock_detected
  return code === "40001" || code === "40P01";
}
