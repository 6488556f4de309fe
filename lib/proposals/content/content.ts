import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound, validationError } from "@/lib/api/errors";
import type { JsonText, NotModified } from "@/lib/api/prebuilt";
import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { getCompanyOrThrow, memberCompanyIds } from "../access";
import { recordImages, setProductImages, type PreparedImage } from "../images/content-images";
import { toAssetDto } from "../images/host-file";
import { cachedContentList, memberLibraryVersion } from "./cached-content-list";
import type { ContentCreateInput, ContentIdsInput, ContentItemDto, ContentListQueryInput, ContentUpdateInput } from "./schemas";

const withImages = {
  variation: true,
  images: { include: { asset: true }, orderBy: { position: "asc" } },
} satisfies Prisma.ProductInclude;

type ProductRow = Prisma.ProductGetPayload<{ include: { variation: true } }>;
type ProductWithImages = Prisma.ProductGetPayload<{ include: typeof withImages }>;

type Show = { archived?: boolean; sources?: boolean };

const byLanguage = (value: Prisma.JsonValue): Record<string, string> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};

/** A product as clients see it; the optional fields only when asked for (the document's rules). */
export function toContentItemDto(row: ProductRow | ProductWithImages, show: Show = {}): ContentItemDto {
  return {
    product_id: row.id,
    variation_id: row.variation!.id,
    title: byLanguage(row.title),
    description: byLanguage(row.description),
    created_at: toUnix(row.createdAt),
    ...(show.archived ? { is_archived: row.archivedAt !== null } : {}),
    ...(show.sources ? { sources: byLanguage(row.sources) as ContentItemDto["sources"] } : {}),
    ...("images" in row ? { images: row.images.map((image) => toAssetDto(image.asset)) } : {}),
    integration_id: row.integrationId,
    integration_metadata: (row.integrationMetadata as ContentItemDto["integration_metadata"]) ?? null,
    price: row.price === null ? null : row.price.toNumber(),
    tax_rate: row.taxRate === null ? null : row.taxRate.toNumber(),
    unit: row.unit,
    course_id: row.courseId,
  };
}

const COMPANY_FOR_EXTERNAL_ID =
  "Required with external_id, unless variation_id is given or product_id names at least one of your content items";

/** Whose items a list names (404 for a company the caller is not in), and whether it names them by id. */
export async function listScope(tx: Tx, caller: Caller, query: ContentListQueryInput) {
  let companyIds: number[];
  if (query.company_id !== undefined) {
    await getCompanyOrThrow({ tx, caller, companyId: query.company_id });
    companyIds = [query.company_id];
  } else {
    companyIds = await memberCompanyIds(tx, caller);
  }
  if (query.external_id !== undefined && query.company_id === undefined && query.variation_id === undefined) {
    const resolves =
      query.product_id !== undefined &&
      (await tx.product.count({ where: { id: { in: query.product_id }, companyId: { in: companyIds }, variation: { isNot: null } } })) > 0;
    if (!resolves) throw validationError([{ path: "company_id", message: COMPANY_FOR_EXTERNAL_ID }]);
  }
  const byIds = query.variation_id !== undefined || query.product_id !== undefined;
  return { companyIds, byIds };
}

/**
 * GET /v3/content: the items of the companies the caller belongs to (or of company_id), newest
 * first. variation_id and product_id select the items matching either list and add their images.
 * A whole library is answered as JSON built by the database (./content-json.ts), kept per library
 * version (./cached-content-list.ts): 304 when `ifNoneMatch` names the current one.
 */
export async function listContentBody(
  tx: Tx,
  caller: Caller,
  query: ContentListQueryInput,
  ifNoneMatch?: string | null,
): Promise<{ data: ContentItemDto[] } | JsonText | NotModified> {
  const show = { includeArchived: query.include_archived, includeSources: query.include_sources };
  const isWholeLibrary = query.variation_id === undefined && query.product_id === undefined && query.external_id === undefined;
  if (query.company_id !== undefined && isWholeLibrary) {
    // One company's whole library: the caller's membership and the library's version in one statement.
    const versions = await memberLibraryVersion(tx, caller, query.company_id);
    return cachedContentList(tx, { companyIds: [query.company_id], ...show }, ifNoneMatch, versions);
  }
  const { companyIds, byIds } = await listScope(tx, caller, query);
  if (byIds) return { data: await listContentItems(tx, { companyIds, byIds }, query) };
  return cachedContentList(tx, { companyIds, ...show, externalId: query.external_id }, ifNoneMatch);
}

/**
 * The items of a list as objects: listing by ids answers this way; the whole-library list is held
 * equal to it (test/oracles/content-list.ts, test/integration/content-json.test.ts).
 */
export async function listContentItems(
  tx: Tx,
  { companyIds, byIds }: { companyIds: number[]; byIds: boolean },
  query: ContentListQueryInput,
) {
  const and: Prisma.ProductWhereInput[] = [];
  if (byIds) {
    and.push({
      OR: [
        ...(query.product_id ? [{ id: { in: query.product_id } }] : []),
        ...(query.variation_id ? [{ variation: { is: { id: { in: query.variation_id } } } }] : []),
      ],
    });
  }
  if (query.external_id !== undefined) {
    and.push({ OR: [{ externalUniqueId: query.external_id }, { oracleCodeLower: query.external_id.toLowerCase() }] });
  }
  const where: Prisma.ProductWhereInput = {
    companyId: { in: companyIds },
    variation: { isNot: null },
    ...(query.include_archived ? {} : { archivedAt: null }),
    AND: and,
  };
  const orderBy: Prisma.ProductOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
  const show = { archived: query.include_archived, sources: query.include_sources };
  if (byIds) {
    const rows = await tx.product.findMany({ where, orderBy, include: withImages });
    return rows.map((row) => toContentItemDto(row, show));
  }
  const rows = await tx.product.findMany({ where, orderBy, include: { variation: true } });
  return rows.map((row) => toContentItemDto(row, show));
}

/** The indexed copies of what external_id matches, kept beside the sources they come from. */
function sourceColumns(sources: ContentCreateInput["sources"]) {
  return {
    sources: (sources ?? {}) as Prisma.InputJsonValue,
    externalUniqueId: sources?.integration?.uniqueId ?? null,
    oracleCodeLower: sources?.oracle?.code?.toLowerCase() ?? null,
  };
}

const jsonOrNull = (value: Record<string, unknown> | null | undefined) =>
  value === undefined ? undefined : value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue);

/** POST /v3/content: a product with its one variation and its images. */
export async function createContent(tx: Tx, caller: Caller, body: ContentCreateInput, images: PreparedImage[]) {
  await getCompanyOrThrow({ tx, caller, companyId: body.company_id });
  const product = await tx.product.create({
    data: {
      companyId: body.company_id,
      title: { [body.language]: body.title },
      description: body.description === undefined ? {} : { [body.language]: body.description },
      ...sourceColumns(body.sources),
      integrationId: body.integration_id ?? null,
      integrationMetadata: jsonOrNull(body.integration_metadata),
      price: body.price ?? null,
      taxRate: body.tax_rate ?? null,
      unit: body.unit || null,
      variation: { create: {} },
    },
    include: { variation: true },
  });
  await setProductImages(tx, product.id, await recordImages(tx, caller, body.company_id, images));
  return { product_id: product.id, variation_id: product.variation!.id, message: "Content item created" };
}

export type ContentRef = { productId?: number; variationId?: number };

/**
 * One content item of a company the caller belongs to, by product id, variation id or both (the
 * two are interchangeable; given both, they must name the same item). Anything else is 404.
 */
export async function getProductOrThrow(tx: Tx, caller: Caller, ref: ContentRef): Promise<ProductRow> {
  const companyIds = await memberCompanyIds(tx, caller);
  const find = (where: Prisma.ProductWhereInput) =>
    tx.product.findFirst({ where: { ...where, companyId: { in: companyIds } }, include: { variation: true } });
  const byProduct = ref.productId !== undefined ? await find({ id: ref.productId }) : undefined;
  const byVariation = ref.variationId !== undefined ? await find({ variation: { is: { id: ref.variationId } } }) : undefined;
  if (byProduct === null || byVariation === null || !(byProduct ?? byVariation)?.variation) throw notFound("Content item");
  if (byProduct && byVariation && byProduct.id !== byVariation.id) {
    throw validationError([{ path: "variation_id", message: "Names another content item than product_id" }]);
  }
  return (byProduct ?? byVariation)!;
}

/** Serialises writes to one item: a PUT merges titles by language and must not lose another's. */
export async function lockProduct(tx: Tx, productId: number) {
  await tx.$executeRaw`SELECT id FROM products WHERE id = ${productId} FOR UPDATE`;
}

/**
 * PUT /v3/content: sets the title (and description, when given) of one language, keeps the
 * others; replaces images and sources when given; null clears price, tax_rate, unit and the
 * integration fields. Archived items can be edited and stay archived.
 */
export async function updateContent(tx: Tx, caller: Caller, body: ContentUpdateInput, images: PreparedImage[] | null) {
  const found = await getProductOrThrow(tx, caller, { productId: body.product_id, variationId: body.variation_id });
  await lockProduct(tx, found.id);
  const current = await tx.product.findUniqueOrThrow({ where: { id: found.id } });
  await tx.product.update({
    where: { id: found.id },
    data: {
      title: { ...byLanguage(current.title), [body.language]: body.title },
      ...(body.description !== undefined ? { description: { ...byLanguage(current.description), [body.language]: body.description } } : {}),
      ...(body.sources !== undefined ? sourceColumns(body.sources) : {}),
      ...(body.price !== undefined ? { price: body.price } : {}),
      ...(body.tax_rate !== undefined ? { taxRate: body.tax_rate } : {}),
      ...(body.unit !== undefined ? { unit: body.unit || null } : {}),
      ...(body.integration_id !== undefined ? { integrationId: body.integration_id } : {}),
      ...(body.integration_metadata !== undefined ? { integrationMetadata: jsonOrNull(body.integration_metadata) } : {}),
    },
  });
  if (images) await setProductImages(tx, found.id, await recordImages(tx, caller, found.companyId, images));
  return readContentItem(tx, found.id);
}

/** An item as a write answers it: with is_archived, sources and images. */
export async function readContentItem(tx: Tx, productId: number) {
  const row = await tx.product.findUniqueOrThrow({ where: { id: productId }, include: withImages });
  return toContentItemDto(row, { archived: true, sources: true });
}

/** DELETE /v3/content: archives one item (nothing is erased); an archived one stays archived. */
export async function archiveContent(tx: Tx, caller: Caller, ref: ContentRef) {
  const product = await getProductOrThrow(tx, caller, ref);
  const [updated] = await tx.product.updateManyAndReturn({
    where: { id: product.id, archivedAt: null },
    data: { archivedAt: new Date() },
    select: { id: true },
  });
  return { success: true, message: updated ? "Content item archived" : "Content item was already archived", id: product.id };
}

/**
 * Bulk archive (archived = true) and restore: every id must name an item of a company the caller
 * belongs to, else 404 naming the unknown ids and nothing changes. Only items whose state changes
 * are counted and listed, so a repeated call answers 0 and [].
 */
export async function setContentArchived(tx: Tx, caller: Caller, ids: ContentIdsInput, archived: boolean) {
  const productIds = ids.product_ids ?? [];
  const variationIds = ids.variation_ids ?? [];
  const companyIds = await memberCompanyIds(tx, caller);
  const found = await tx.product.findMany({
    where: {
      companyId: { in: companyIds },
      OR: [{ id: { in: productIds } }, { variation: { is: { id: { in: variationIds } } } }],
    },
    select: { id: true, variation: { select: { id: true } } },
  });
  const missingProducts = productIds.filter((id) => !found.some((p) => p.id === id));
  const missingVariations = variationIds.filter((id) => !found.some((p) => p.variation?.id === id));
  if (missingProducts.length || missingVariations.length) {
    const named = [
      missingProducts.length ? `product_ids ${missingProducts.join(", ")}` : "",
      missingVariations.length ? `variation_ids ${missingVariations.join(", ")}` : "",
    ].filter(Boolean);
    throw new AppError("not_found", `Content items not found: ${named.join("; ")}`);
  }
  const changed = await tx.product.updateManyAndReturn({
    where: { id: { in: found.map((p) => p.id) }, archivedAt: archived ? null : { not: null } },
    data: { archivedAt: archived ? new Date() : null },
    select: { id: true },
  });
  return changed.map((p) => p.id).sort((a, b) => a - b);
}
