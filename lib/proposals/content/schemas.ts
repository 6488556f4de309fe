import { z } from "zod";
import { NumericId, UnixTime } from "@/lib/api/schemas";
import { dataOf, Id, Language, QueryBoolean, QueryId, QueryIdList } from "../common-schemas";
import { Asset, ImageInput } from "../images/schemas";

/** The content library (proposals-service.md, Content library): one zod module for its requests and answers. */

const ByLanguage = z.record(z.string(), z.string()).describe("Keys are language codes");

/** Integration metadata; sources.integration.uniqueId and sources.oracle.code are what external_id matches. */
export const Sources = z
  .looseObject({
    integration: z.looseObject({ uniqueId: z.string().max(200).optional() }).optional(),
    oracle: z.looseObject({ code: z.string().max(200).optional() }).optional(),
  })
  .describe("Integration metadata, kept as sent: at least integration.uniqueId and oracle.code")
  .meta({ id: "ContentSources" });

const Price = z.number().min(0).max(9_999_999_999).describe("Price per unit in the company's currency, up to 4 decimals (our extension)");
const TaxRate = z.number().min(0).max(100).describe("Percent, e.g. 25 or 12.5, up to 2 decimals (our extension)");
const Unit = z.string().trim().max(50).describe("e.g. pcs, h, month (our extension)");
const Title = z.string().trim().min(1, "A title is required").max(500);
const Description = z.string().max(20_000);
const IntegrationMetadata = z.record(z.string(), z.unknown());

export const ContentItem = z
  .object({
    product_id: z.number().int(),
    variation_id: z.number().int().describe("Each product has exactly one variation; proposal blocks name it as content_id"),
    title: ByLanguage,
    description: ByLanguage,
    created_at: UnixTime,
    is_archived: z.boolean().optional().describe("Only with include_archived=true (and always on PUT)"),
    sources: Sources.optional().describe("Only with include_sources=true (and always on PUT)"),
    images: z.array(Asset).optional().describe("Only when filtering by variation_id or product_id (and always on PUT), in display order"),
    integration_id: z.number().int().nullable().describe("The integration that imported the product, if any"),
    integration_metadata: IntegrationMetadata.nullable().describe("Custom metadata set by the integration during import"),
    price: z.number().nullable().describe("Our extension: price per unit, or null"),
    tax_rate: z.number().nullable().describe("Our extension: tax percent, or null"),
    unit: z.string().nullable().describe("Our extension: unit of the price, or null"),
    course_id: z
      .uuid()
      .nullable()
      .describe("Our extension: the published course this item delivers (a proposal's quantity of it is seats), or null"),
  })
  .meta({ id: "ContentItem" });
export type ContentItemDto = z.infer<typeof ContentItem>;

/** Comma-separated ids, at most 500 of them (one query names a bounded set). */
const IdList = QueryIdList.refine((ids) => ids.length <= 500, "At most 500 ids");

export const ContentListQuery = z.object({
  company_id: QueryId.optional().describe(
    "Limits results to one company you belong to. Required with external_id, unless variation_id is given or product_id names at least one of your items",
  ),
  external_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Matches sources.integration.uniqueId exactly (case-sensitive) or sources.oracle.code case-insensitively"),
  variation_id: IdList.optional().describe("One id or comma-separated ids; adds images"),
  product_id: IdList.optional().describe("One id or comma-separated ids; adds images. With variation_id, items matching either"),
  include_archived: QueryBoolean.default(false).describe("true includes archived items and adds is_archived"),
  include_sources: QueryBoolean.default(false).describe("true adds sources"),
});
export type ContentListQueryInput = z.infer<typeof ContentListQuery>;

export const ContentList = z.object({ data: z.array(ContentItem) });

export const ContentCreate = z
  .strictObject({
    company_id: Id,
    language: Language.describe("Two letters (en, sv, de...): the language of title and description"),
    title: Title,
    description: Description.optional(),
    images: z
      .array(ImageInput)
      .min(1, "At least one image is required")
      .max(20)
      .describe("Hosted uuids or public URLs (with an empty uuid) that the service downloads; at least one must be valid"),
    price: Price.nullable().optional(),
    tax_rate: TaxRate.nullable().optional(),
    unit: Unit.nullable().optional(),
    sources: Sources.optional(),
    integration_id: Id.nullable().optional(),
    integration_metadata: IntegrationMetadata.nullable().optional(),
  })
  .meta({ id: "ContentCreate" });
export type ContentCreateInput = z.infer<typeof ContentCreate>;

export const ContentCreated = dataOf(z.object({ product_id: z.number().int(), variation_id: z.number().int(), message: z.string() }));

export const ContentUpdate = z
  .strictObject({
    product_id: Id.optional().describe("The item, by product id; or give variation_id (both: they must name the same item)"),
    variation_id: Id.optional(),
    language: Language.describe("The language title (and description) are set in; other languages are kept"),
    title: Title,
    description: Description.optional().describe("This language's description; omitted: unchanged"),
    images: z
      .array(ImageInput)
      .min(1, "At least one image is required")
      .max(20)
      .optional()
      .describe("Replaces the images, as on create; omitted: unchanged"),
    price: Price.nullable().optional().describe("null clears; omitted: unchanged"),
    tax_rate: TaxRate.nullable().optional().describe("null clears; omitted: unchanged"),
    unit: Unit.nullable().optional().describe("null clears; omitted: unchanged"),
    sources: Sources.optional().describe("Replaces the sources; omitted: unchanged"),
    integration_id: Id.nullable().optional(),
    integration_metadata: IntegrationMetadata.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.product_id === undefined && body.variation_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["product_id"], message: "Give product_id or variation_id" });
    }
  })
  .meta({ id: "ContentUpdate" });
export type ContentUpdateInput = z.infer<typeof ContentUpdate>;

export const ContentDetail = dataOf(ContentItem);

/** PATCH /v3/content/{productId} (issue 43): the course the item delivers. */
export const ContentCourseParams = z.object({ productId: NumericId });
export const ContentCourseBody = z
  .strictObject({
    course_id: z
      .uuid()
      .nullable()
      .describe("A published course of the workspace the company sells, which you may author; null: the item delivers no course"),
  })
  .meta({ id: "ContentCourse" });

/** DELETE /v3/content: one item by query, or many with action=bulk and a body. */
export const ContentDeleteQuery = z.object({
  product_id: QueryId.optional().describe("The item to archive (or variation_id)"),
  variation_id: QueryId.optional().describe("The item to archive (or product_id)"),
  action: z.enum(["bulk"]).optional().describe("bulk: archive the items named in the body"),
});

const IdArray = z.array(Id).max(1000);

/** The ids of a bulk archive (DELETE /v3/content?action=bulk) or restore. */
export const ContentIdFields = z
  .strictObject({
    variation_ids: IdArray.optional(),
    product_ids: IdArray.optional(),
  })
  .meta({ id: "ContentIds", description: "variation_ids, product_ids or both" });

/** Either list or both. */
export const ContentIdsBody = ContentIdFields.superRefine((body, ctx) => {
  if (body.variation_ids === undefined && body.product_ids === undefined) {
    ctx.addIssue({ code: "custom", path: ["product_ids"], message: "Give variation_ids, product_ids or both" });
  }
});
export type ContentIdsInput = z.infer<typeof ContentIdsBody>;

export const ContentArchived = z.object({ success: z.boolean(), message: z.string() }).meta({ id: "ContentArchived" });
export const ContentBulkArchived = z
  .object({
    archived_count: z.number().int().describe("Items archived by this request; already archived ones are not counted"),
    product_ids: z.array(z.number().int()).describe("The product ids of exactly those items, ascending"),
    message: z.string(),
  })
  .meta({ id: "ContentBulkArchived" });
export const ContentDeleteResult = dataOf(z.union([ContentArchived, ContentBulkArchived]));

export const ContentRestored = dataOf(
  z
    .object({
      restored_count: z.number().int().describe("Items restored by this request; items already active are not counted"),
      product_ids: z.array(z.number().int()).describe("The product ids of exactly those items, ascending"),
      message: z.string(),
    })
    .meta({ id: "ContentRestored" }),
);
