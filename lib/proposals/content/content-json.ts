import { JsonText } from "@/lib/api/prebuilt";
import type { Tx } from "@/lib/db/client";

/**
 * GET /v3/content's answer, `{data: [...]}`, as JSON text built by PostgreSQL: a company's whole
 * library (thousands of products) without a row object, a Decimal or a DTO per product. It says
 * what `toContentItemDto` (./content.ts) and the response schema make of the same rows, field for
 * field; test/integration/content-json.test.ts holds the two side by side. Listing by ids (which
 * adds images) stays on the object path: it names at most 500 items.
 */
export type ContentListFilter = { companyIds: number[]; includeArchived: boolean; includeSources: boolean; externalId?: string };

export async function contentListJson(tx: Tx, filter: ContentListFilter): Promise<JsonText> {
  const object = (column: string) => `CASE WHEN jsonb_typeof(${column}) = 'object' THEN ${column} ELSE '{}'::jsonb END`;
  const where = [
    "p.company_id = ANY($1::int[])",
    filter.includeArchived ? "" : "p.archived_at IS NULL",
    filter.externalId === undefined ? "" : "(p.external_unique_id = $2 OR p.oracle_code_lower = $3)",
  ].filter(Boolean);
  // Each item's columns in the response schema's order; numbers as JavaScript writes them (float8's shortest form).
  const sql = `
    SELECT '{"data":[' || coalesce(string_agg(t.json, ',' ORDER BY t.created_at DESC, t.id DESC), '') || ']}' AS json
    FROM (
      SELECT p.created_at, p.id, (
        SELECT row_to_json(item)::text FROM (
          SELECT p.id AS product_id, v.id AS variation_id, ${object("p.title")} AS title, ${object("p.description")} AS description,
            floor(extract(epoch FROM p.created_at))::bigint AS created_at,
            ${filter.includeArchived ? "p.archived_at IS NOT NULL AS is_archived," : ""}
            ${filter.includeSources ? `${object("p.sources")} AS sources,` : ""}
            p.integration_id, p.integration_metadata, p.price::float8 AS price, p.tax_rate::float8 AS tax_rate, p.unit, p.course_id
        ) item
      ) AS json
      FROM products p JOIN variations v ON v.product_id = p.id
      WHERE ${where.join(" AND ")}
    ) t`;
  const params: unknown[] = [filter.companyIds];
  if (filter.externalId !== undefined) params.push(filter.externalId, filter.externalId.toLowerCase());
  const rows = await tx.$queryRawUnsafe<{ json: string }[]>(sql, ...params);
  return new JsonText(rows[0].json);
}
