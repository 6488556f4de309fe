/**
 * What the fuzz tests read straight from the database: a fingerprint of every table (to show an
 * invalid request wrote nothing) and the invariants no request may break, as SQL over the real
 * tables (the same on PGlite and PostgreSQL).
 */
import { getDb } from "@/lib/db/client";

/**
 * Tables a request may touch without writing anything of a user's: request budgets, and when a
 * key was last used (a column, left out below).
 */
const BOOKKEEPING = new Set(["rate_limits", "_prisma_migrations"]);
const VOLATILE_COLUMNS: Record<string, string[]> = { api_keys: ["last_used_at"] };

let fingerprintSql: string | undefined;

async function buildFingerprintSql(): Promise<string> {
  const db = await getDb();
  const columns = await db.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    if (BOOKKEEPING.has(table_name) || VOLATILE_COLUMNS[table_name]?.includes(column_name)) continue;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  return [...byTable]
    .map(([table, cols]) => {
      // Every insert or update leaves a row version with a newer transaction id (xmin), every
      // delete one row fewer: the row count and the newest xmin change with any committed write.
      // A table with a column that moves on every request is hashed without that column instead.
      const row = `json_build_array(${cols.map((c) => `"${c}"`).join(", ")})::text`;
      const hash = VOLATILE_COLUMNS[table]
        ? `coalesce(md5(string_agg(${row}, ',' ORDER BY ${row})), '')`
        : `coalesce(max(xmin::text::bigint), 0)::text`;
      return `SELECT '${table}' AS name, count(*)::int AS rows, ${hash} AS hash FROM "${table}"`;
    })
    .join(" UNION ALL ");
}

/** Every table's row count and newest row version (or content hash): equal fingerprints mean nothing was written. */
export async function fingerprint(): Promise<Record<string, string>> {
  fingerprintSql ??= await buildFingerprintSql();
  const db = await getDb();
  const rows = await db.$queryRawUnsafe<{ name: string; rows: number; hash: string }[]>(fingerprintSql);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.rows}:${r.hash}`]));
}

/** Siblings whose live (not deleted) positions are not exactly 0..n-1. */
const POSITIONS: { table: string; parent: string; position: string; live: string }[] = [
  { table: "courses", parent: "project_id", position: "position", live: "deleted_at IS NULL" },
  { table: "modules", parent: "course_id", position: "position", live: "deleted_at IS NULL" },
  { table: "lessons", parent: "module_id", position: "position", live: "deleted_at IS NULL" },
  { table: "blocks", parent: "lesson_id", position: "position", live: "deleted_at IS NULL" },
  { table: "question_options", parent: "question_id", position: "sort_order", live: "TRUE" },
  { table: "quiz_questions", parent: "quiz_id", position: "sort_order", live: "TRUE" },
  { table: "product_images", parent: "product_id", position: "position", live: "TRUE" },
];

/** Live rows under a deleted parent. */
const PARENTS: { table: string; column: string; parent: string }[] = [
  { table: "courses", column: "project_id", parent: "projects" },
  { table: "modules", column: "course_id", parent: "courses" },
  { table: "lessons", column: "module_id", parent: "modules" },
  { table: "blocks", column: "lesson_id", parent: "lessons" },
  { table: "categories", column: "project_id", parent: "projects" },
  { table: "question_families", column: "project_id", parent: "projects" },
  { table: "questions", column: "project_id", parent: "projects" },
  { table: "quizzes", column: "project_id", parent: "projects" },
];

const INVARIANTS: { name: string; sql: string }[] = [
  ...POSITIONS.map(({ table, parent, position, live }) => ({
    name: `${table}: positions 0..n-1 per ${parent}`,
    sql: `SELECT ${parent}::text AS at, array_agg(${position} ORDER BY ${position})::text AS detail FROM "${table}" WHERE ${live}
          GROUP BY ${parent} HAVING min(${position}) <> 0 OR max(${position}) <> count(*) - 1 OR count(DISTINCT ${position}) <> count(*)`,
  })),
  ...PARENTS.map(({ table, column, parent }) => ({
    name: `${table}: none live under a deleted ${parent}`,
    sql: `SELECT c.id::text AS at, p.id::text AS detail FROM "${table}" c JOIN "${parent}" p ON p.id = c.${column}
          WHERE c.deleted_at IS NULL AND p.deleted_at IS NOT NULL`,
  })),
  {
    name: "proposals: at most one next-version draft per source",
    sql: `SELECT source_id::text AS at, count(*)::text AS detail FROM proposals
          WHERE source_id IS NOT NULL AND status = 'draft' AND archived_at IS NULL GROUP BY source_id HAVING count(*) > 1`,
  },
  {
    name: "proposals: versions 1..n per series",
    sql: `SELECT series_id::text AS at, array_agg(version ORDER BY version)::text AS detail FROM proposals
          GROUP BY series_id HAVING min(version) <> 1 OR max(version) <> count(*)`,
  },
];

const invariantsSql = INVARIANTS.map(({ name, sql }) => `SELECT '${name}' AS name, at, detail FROM (${sql}) AS broken`).join(" UNION ALL ");

/** The invariants that do not hold, one line each (one query for all): an empty list when all hold. */
export async function brokenInvariants(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.$queryRawUnsafe<{ name: string; at: string; detail: string }[]>(invariantsSql);
  return rows.map((row) => `${row.name}: ${row.at} (${row.detail})`);
}
