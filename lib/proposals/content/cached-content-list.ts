import { cachedJson, entityTag } from "@/lib/api/answer-cache";
import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import { type JsonText, jsonTextOf, matchesIfNoneMatch, NotModified } from "@/lib/api/prebuilt";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { activeMemberSql } from "../access";
import { contentListJson, type ContentListFilter } from "./content-json";

/** A company `c`'s library version as the entity tag names it ("id:version"). */
const VERSION_OF_C = Prisma.raw(`c.id || ':' || c.content_version`);

/**
 * The companies' content versions as the database has them now ("id:version,…" in id order): bumped
 * by every statement that writes one of their products or variations
 * (prisma/migrations/20261127120000_company_content_version).
 */
async function libraryVersions(tx: Tx, companyIds: number[]): Promise<string> {
  const [row] = await tx.$queryRaw<{ versions: string | null }[]>`
    SELECT string_agg(${VERSION_OF_C}, ',' ORDER BY c.id) AS versions FROM companies c WHERE c.id = ANY(${companyIds}::int[])`;
  return row.versions ?? "";
}

/**
 * One company's library version ("id:version", as `libraryVersions` gives it) for a caller who is an
 * active member of it, and the membership, in one statement; anyone else, or an unknown company, is
 * refused as getCompanyOrThrow refuses (404, whether the company exists or not). The rule is
 * access.ts's, in its SQL form.
 */
export async function memberLibraryVersion(tx: Tx, caller: Caller, companyId: number): Promise<string> {
  const [row] = await tx.$queryRaw<{ versions: string; member: boolean }[]>`
    SELECT ${VERSION_OF_C} AS versions, ${activeMemberSql(Prisma.sql`c.id`, Prisma.sql`${caller.userId}::uuid`)} AS member
    FROM companies c WHERE c.id = ${companyId}`;
  if (!row?.member) throw notFound("Company");
  return row.versions;
}

/**
 * A whole library's list, kept per library version in the answer cache (lib/api/answer-cache.ts)
 * and named by an entity tag: an unchanged library is answered without reading its thousands of
 * rows, and a client holding the current version gets 304 (docs/decisions/047). The list is a
 * function of the companies and the flags alone, so any caller the access check let through to
 * these companies gets the same bytes. A list by external_id names an item or two: read each time.
 */
export async function cachedContentList(
  tx: Tx,
  filter: ContentListFilter,
  ifNoneMatch?: string | null,
  /** The companies' versions, when a statement that ran already read them (`memberLibraryVersion`). */
  known?: string,
): Promise<JsonText | NotModified> {
  if (filter.externalId !== undefined) return contentListJson(tx, filter);
  const companyIds = [...new Set(filter.companyIds)].sort((a, b) => a - b);
  const versions = known ?? (await libraryVersions(tx, companyIds));
  const kind = `content-list:${filter.includeArchived ? "archived" : "active"}:${filter.includeSources ? "sources" : "plain"}`;
  const etag = entityTag(kind, companyIds.join(","), versions);
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return new NotModified(etag);
  return cachedJson(`${kind}:${companyIds.join(",")}`, etag, async () => {
    const body = Buffer.from(jsonTextOf(await contentListJson(tx, { ...filter, companyIds })), "utf8") as Buffer<ArrayBuffer>;
    // A write that landed while the list was read names no version: such a body is answered, not kept.
    return { body, current: (await libraryVersions(tx, companyIds)) === versions };
  });
}
