import type { Caller } from "@/lib/api/authenticate";
import { AppError } from "@/lib/api/errors";
import { paged, toIso, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { Category } from "@/lib/generated/prisma/client";
import { getProjectOrThrow } from "../access";
import { getCategoryOrThrow } from "../load";
import { trashItem } from "../trash/batches";

export const toCategoryDto = (c: Category) => ({ id: c.id, project_id: c.projectId, name: c.name, updated_at: toIso(c.updatedAt) });

/**
 * Category names are unique, case-insensitively, among a project's undeleted categories
 * (contract.md, Trash). The partial unique index `categories_project_id_lower_name_key`
 * (prisma/migrations/…_category_name_unique) guarantees it under concurrent writes; the check
 * before a write compares exactly as the index does, so the common case needs no failed statement.
 */
const CATEGORY_NAME_INDEX = "categories_project_id_lower_name_key";

const nameTaken = (name: string) => new AppError("conflict", `A category named "${name}" already exists in this project`);

async function assertCategoryNameFree(tx: Tx, projectId: string, name: string, exceptId: string | null) {
  const clash = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM categories
    WHERE project_id = ${projectId}::uuid AND deleted_at IS NULL AND lower(name) = lower(${name})
      AND id IS DISTINCT FROM ${exceptId}::uuid
    LIMIT 1`;
  if (clash.length) throw nameTaken(name);
}

/** A unique violation of the category-name index, whichever way Prisma reports it (model call or raw SQL). */
function isNameIndexViolation(error: unknown): boolean {
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value ?? ""));
  const e = error as { code?: unknown; message?: unknown; meta?: unknown } | null;
  const unique = e?.code === "P2002" || (e?.code === "P2010" && text(e.meta).includes("23505"));
  return unique && (text(e?.meta).includes(CATEGORY_NAME_INDEX) || text(e?.message).includes(CATEGORY_NAME_INDEX));
}

/**
 * Runs a write that gives a category of the project this name (create, rename, restore): 400
 * `conflict` when another undeleted category has it, also when a concurrent write took it first.
 */
export async function withCategoryName<T>(
  tx: Tx,
  claim: { projectId: string; name: string; categoryId?: string },
  write: () => Promise<T>,
): Promise<T> {
  await assertCategoryNameFree(tx, claim.projectId, claim.name, claim.categoryId ?? null);
  try {
    return await write();
  } catch (error) {
    if (isNameIndexViolation(error)) throw nameTaken(claim.name);
    throw error;
  }
}

export async function listCategories(tx: Tx, caller: Caller, projectId: string, page: Page) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.read_drafts" });
  const rows = await tx.category.findMany({
    where: { projectId, deletedAt: null },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return { categories: items.map(toCategoryDto), ...rest };
}

export async function createCategory(tx: Tx, caller: Caller, projectId: string, input: { name: string }) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.write" });
  const category = await withCategoryName(tx, { projectId, name: input.name }, () =>
    tx.category.create({ data: { projectId, name: input.name } }),
  );
  return toCategoryDto(category);
}

export async function getCategory(tx: Tx, caller: Caller, categoryId: string) {
  return toCategoryDto((await getCategoryOrThrow({ tx, caller, categoryId })).category);
}

/** The category as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getCategoryForUpdate(tx: Tx, caller: Caller, categoryId: string) {
  return toCategoryDto((await getCategoryOrThrow({ tx, caller, categoryId, action: "content.write" })).category);
}

export async function updateCategory(tx: Tx, caller: Caller, categoryId: string, input: { name: string }) {
  const { category } = await getCategoryOrThrow({ tx, caller, categoryId, action: "content.write" });
  const updated = await withCategoryName(tx, { projectId: category.projectId, name: input.name, categoryId }, () =>
    tx.category.update({ where: { id: categoryId }, data: { name: input.name } }),
  );
  return toCategoryDto(updated);
}

/** Deletes the category and its questions, in one batch. */
export async function deleteCategory(tx: Tx, caller: Caller, categoryId: string) {
  const { category, access } = await getCategoryOrThrow({ tx, caller, categoryId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "category", id: category.id });
}
