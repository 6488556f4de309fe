import { randomUUID } from "node:crypto";
import { validationError, type ValidationIssue } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { choicesOf, quantityRangeIssues } from "./block-choices";
import type { BlockInput } from "./schemas";

/** A proposal's block as stored (proposals.blocks): what the read model shows, customisations included. */
export type StoredBlock = {
  uuid: string;
  type: "product-block" | "video-block";
  content_id: number | null;
  video_url: string | null;
  title: string;
  description: string;
  image_uuids: string[];
  price: number | null;
  quantity: number;
  discount: number | null;
  tax_rate: number | null;
  unit: string | null;
  /*
   * The buyer's choices (docs/decisions/035-buyer-choices.md). Absent on blocks stored before they
   * existed: read them through `choicesOf` (./block-choices.ts), which fills in a fixed, included block.
   */
  optional?: boolean;
  selected?: boolean;
  quantity_min?: number | null;
  quantity_max?: number | null;
  /**
   * The course the block's content item delivers (issue 43, docs/decisions/068): its quantity is
   * seats. Read from the library whenever the request names the item, so it follows the item's link;
   * absent on blocks that deliver none.
   */
  course?: BlockCourse;
};

export type BlockCourse = { id: string; title: string };

/**
 * How block input is read. On create, title, description and image_uuids override the library's;
 * on patch and new version they are ignored, and a block keeps its editor customisations only
 * when its uuid is echoed (proposals-service.md, PATCH).
 */
export type BlockMode = "create" | "revise";

type LibraryItem = {
  variationId: number;
  title: string;
  description: string;
  imageUuids: string[];
  price: number | null;
  taxRate: number | null;
  unit: string | null;
  course: BlockCourse | null;
};

/** A multilingual field in the proposal's language, else the first language it has. */
export function inLanguage(value: unknown, language: string): string {
  const map = (value ?? {}) as Record<string, unknown>;
  const chosen = map[language] ?? Object.values(map).find((v) => typeof v === "string");
  return typeof chosen === "string" ? chosen : "";
}

/** A library item as read for a block list: ./blocks.ts reads it, or a statement that reads more (`libraryJsonSql`). */
export type LibraryRow = {
  variationId: number;
  companyId: number;
  archived: boolean;
  title: unknown;
  description: unknown;
  imageUuids: string[];
  price: number | null;
  taxRate: number | null;
  unit: string | null;
  /** The course the item delivers, unless that course is in the trash. */
  course: BlockCourse | null;
};

/** The library items named by variation id, with their images. Prices as float8: the double nearest the stored decimal, as Decimal.toNumber() gives it. */
const librarySql = (variationIds: number[]) => Prisma.sql`
  SELECT v.id AS "variationId", p.company_id AS "companyId", p.archived_at IS NOT NULL AS archived, p.title, p.description,
    coalesce((SELECT array_agg(a.uuid::text ORDER BY i.position) FROM product_images i JOIN assets a ON a.id = i.asset_id
              WHERE i.product_id = p.id), '{}') AS "imageUuids",
    p.price::float8 AS price, p.tax_rate::float8 AS "taxRate", p.unit,
    (SELECT json_build_object('id', c.id, 'title', c.title) FROM courses c WHERE c.id = p.course_id AND c.deleted_at IS NULL) AS course
  FROM variations v JOIN products p ON p.id = v.product_id
  WHERE v.id = ANY(${variationIds}::int[])`;

/** The same rows as one JSON array, for a statement that reads them beside something else (LibraryRow[] once parsed). */
export const libraryJsonSql = (variationIds: number[]) =>
  Prisma.sql`(SELECT coalesce(json_agg(l), '[]') FROM (${librarySql(variationIds)}) l)`;

/** The variation ids a block list names, once each. */
export const namedVariationIds = (blocks: BlockInput[]) => [
  ...new Set(blocks.map((b) => b.content_id).filter((id): id is number => id !== undefined)),
];

/** A company's library items by variation id, in the proposal's language; others' and archived ones marked. */
function libraryOf(rows: LibraryRow[], companyId: number, language: string) {
  const found = new Map<number, LibraryItem | "archived" | "elsewhere">();
  for (const row of rows) {
    if (row.companyId !== companyId) found.set(row.variationId, "elsewhere");
    else if (row.archived) found.set(row.variationId, "archived");
    else {
      found.set(row.variationId, {
        variationId: row.variationId,
        title: inLanguage(row.title, language),
        description: inLanguage(row.description, language),
        imageUuids: row.imageUuids,
        price: row.price,
        taxRate: row.taxRate,
        unit: row.unit,
        course: row.course,
      });
    }
  }
  return found;
}

/**
 * Turns a request's block list into the stored list, in request order: blocks named by uuid keep
 * what the editor customised, new ones take the library's title, description, images, price and
 * tax rate. Archived items, items of other companies and unknown uuids are refused, all at once.
 */
export async function resolveBlocks(
  tx: Tx,
  input: {
    companyId: number;
    language: string;
    blocks: BlockInput[];
    existing: StoredBlock[];
    mode: BlockMode;
    /** The items `namedVariationIds` names, when a statement that ran already read them (`libraryJsonSql`). */
    libraryRows?: LibraryRow[];
  },
): Promise<StoredBlock[]> {
  const issues: ValidationIssue[] = [];
  const existing = new Map(input.existing.map((b) => [b.uuid, b]));
  const seen = new Set<string>();
  const ids = namedVariationIds(input.blocks);
  const rows = input.libraryRows ?? (ids.length ? await tx.$queryRaw<LibraryRow[]>(librarySql(ids)) : []);
  const library = libraryOf(rows, input.companyId, input.language);

  const out: StoredBlock[] = [];
  input.blocks.forEach((block, index) => {
    const at = (field: string) => `blocks.${index}${field ? `.${field}` : ""}`;
    const previous = block.uuid ? existing.get(block.uuid) : undefined;
    if (block.uuid) {
      if (seen.has(block.uuid)) issues.push({ path: at("uuid"), message: "This block is listed twice" });
      seen.add(block.uuid);
      if (!previous) issues.push({ path: at("uuid"), message: "No block with this uuid in this proposal: leave uuid out for a new block" });
    }
    let item: LibraryItem | undefined;
    if (block.content_id !== undefined) {
      const found = library.get(block.content_id);
      if (found === "archived") issues.push({ path: at("content_id"), message: "This content item is archived: restore it first" });
      else if (!found || found === "elsewhere")
        issues.push({ path: at("content_id"), message: "No content item with this variation id in this company" });
      else item = found;
    }
    const type = block.type ?? (block.video_url && block.content_id === undefined ? "video-block" : "product-block");
    const sameContent = previous && previous.type === type && previous.content_id === (block.content_id ?? null);
    const custom = input.mode === "create";
    const base: StoredBlock = sameContent
      ? { ...previous }
      : {
          uuid: previous?.uuid ?? randomUUID(),
          type,
          content_id: block.content_id ?? null,
          video_url: null,
          title: item?.title ?? "",
          description: item?.description ?? "",
          image_uuids: item?.imageUuids ?? [],
          price: item?.price ?? null,
          quantity: 1,
          discount: null,
          tax_rate: item?.taxRate ?? null,
          unit: item?.unit ?? null,
          optional: false,
          selected: true,
          quantity_min: null,
          quantity_max: null,
        };
    const stored = choicesOf(base);
    // Each choice field kept from the stored block unless sent: a range or an option survives PATCHes that echo the uuid.
    const choices = choicesOf({
      optional: block.optional ?? stored.optional,
      selected: block.selected ?? stored.selected,
      quantity: block.quantity ?? stored.quantity,
      quantity_min: block.quantity_min !== undefined ? block.quantity_min : stored.quantity_min,
      quantity_max: block.quantity_max !== undefined ? block.quantity_max : stored.quantity_max,
    });
    for (const issue of quantityRangeIssues(choices)) issues.push({ path: at(issue.field), message: issue.message });
    // The item's course as the library has it now; a block whose item the request does not name keeps its own.
    const { course: kept, ...rest } = base;
    const course = item ? item.course : (kept ?? null);
    out.push({
      ...rest,
      ...(course ? { course } : {}),
      uuid: previous?.uuid ?? base.uuid,
      video_url: block.video_url ?? base.video_url,
      title: custom && block.title !== undefined ? block.title : base.title,
      description: custom && block.description !== undefined ? block.description : base.description,
      image_uuids: custom && block.image_uuids !== undefined ? block.image_uuids : base.image_uuids,
      price: block.price !== undefined ? block.price : base.price,
      discount: block.discount !== undefined ? block.discount : base.discount,
      tax_rate: block.tax_rate !== undefined ? block.tax_rate : base.tax_rate,
      ...choices,
    });
  });
  if (issues.length) throw validationError(issues);
  return out;
}

/** A copy of a block list for another proposal: same uuids, so customisations stay matched. */
export const copyBlocks = (blocks: StoredBlock[]): StoredBlock[] => blocks.map((b) => ({ ...b, image_uuids: [...b.image_uuids] }));
