import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import type { Category } from "@/lib/generated/prisma/client";
import { getProjectAccess, requireEditor } from "../access";
import type { Tx } from "@/lib/db/client";
import { paged, toIso, type Page } from "@/lib/api/schemas";
import { createDeletionBatch } from "../trash/batches";
import { assertCategoryNameFree } from "../trash/trash";

export const toCategoryDto = (c: Category) => ({ id: c.id, project_id: c.projectId, name: c.name, updated_at: toIso(c.updatedAt) });

async function loadCategory(tx: Tx, caller: Caller, categoryId: string, write = false) {
  const category = await tx.category.findFirst({ where: { id: categoryId, deletedAt: null } });
  if (!category) throw notFound("Category");
  const access = await getProjectAccess(tx, caller, category.projectId, write ? "content.write" : undefined, "Category");
  requireEditor(access, "Category");
  return { category, access };
}

export async function listCategories(tx: Tx, caller: Caller, projectId: string, page: Page) {
  requireEditor(await getProjectAccess(tx, caller, projectId), "Project");
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
  await getProjectAccess(tx, caller, projectId, "content.write");
  // One writer at a time per project, so two creates cannot both take a name.
  await tx.$queryRawUnsafe(`SELECT 1 FROM projects WHERE id = $1::uuid FOR UPDATE`, projectId);
  await assertCategoryNameFree(tx, projectId, input.name);
  return toCategoryDto(await tx.category.create({ data: { projectId, name: input.name } }));
}

export async function getCategory(tx: Tx, caller: Caller, categoryId: string) {
  return toCategoryDto((await loadCategory(tx, caller, categoryId)).category);
}

export async function updateCategory(tx: Tx, caller: Caller, categoryId: string, input: { name: string }) {
  const { category } = await loadCategory(tx, caller, categoryId, true);
  await tx.$queryRawUnsafe(`SELECT 1 FROM projects WHERE id = $1::uuid FOR UPDATE`, category.projectId);
  await assertCategoryNameFree(tx, category.projectId, input.name, categoryId);
  return toCategoryDto(await tx.category.update({ where: { id: categoryId }, data: { name: input.name } }));
}

/** Deletes the category and its questions, in one batch. */
export async function deleteCategory(tx: Tx, caller: Caller, categoryId: string) {
  const { category, access } = await loadCategory(tx, caller, categoryId, true);
  await createDeletionBatch(tx, caller, { kind: "category", id: category.id, workspaceId: access.workspaceId, projectId: category.projectId });
  return { success: true, id: categoryId };
}
