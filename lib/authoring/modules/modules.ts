import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { paged, type Page } from "@/lib/api/schemas";
import { toModuleDto } from "../dto";
import { getCourseOrThrow, getModuleOrThrow } from "../load";
import { insertAt, moveTo } from "../positions";
import { trashItem } from "../trash/batches";
import { childrenVisibleTo } from "../visibility";

export async function listModules(tx: Tx, caller: Caller, courseId: string, page: Page) {
  const { access } = await getCourseOrThrow({ tx, caller, courseId });
  const rows = await tx.module.findMany({
    where: { courseId, ...childrenVisibleTo(access).module },
    orderBy: { position: "asc" },
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return { modules: items.map((m) => toModuleDto(m)), ...rest };
}

export async function createModule(tx: Tx, caller: Caller, courseId: string, input: { title: string; position?: number }) {
  await getCourseOrThrow({ tx, caller, courseId, action: "content.write" });
  const position = await insertAt(tx, "module", courseId, input.position);
  return toModuleDto(await tx.module.create({ data: { courseId, title: input.title, position } }));
}

export async function getModule(tx: Tx, caller: Caller, moduleId: string) {
  const { module } = await getModuleOrThrow({ tx, caller, moduleId });
  return toModuleDto(module);
}

/** The module as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getModuleForUpdate(tx: Tx, caller: Caller, moduleId: string) {
  return toModuleDto((await getModuleOrThrow({ tx, caller, moduleId, action: "content.write" })).module);
}

export async function updateModule(tx: Tx, caller: Caller, moduleId: string, input: { title?: string; position?: number }) {
  const { module } = await getModuleOrThrow({ tx, caller, moduleId, action: "content.write" });
  await moveTo(tx, "module", moduleId, { fromParentId: module.courseId, position: input.position });
  return toModuleDto(await tx.module.update({ where: { id: moduleId }, data: { title: input.title, updatedAt: new Date() } }));
}

export async function deleteModule(tx: Tx, caller: Caller, moduleId: string) {
  const { module, access } = await getModuleOrThrow({ tx, caller, moduleId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "module", id: module.id });
}
