/**
 * A timestamp column as SQL text for the JSON PostgreSQL builds: ISO-8601 in UTC with milliseconds,
 * character for character what `Date.toISOString()` writes (`toIso`, lib/api/schemas.ts) for the
 * object path, so the two paths answer the same times.
 */
export const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
