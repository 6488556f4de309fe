import type { Caller } from "@/lib/api/authenticate";
import { JsonText } from "@/lib/api/prebuilt";
import { paged, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { isoSql } from "@/lib/db/iso-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { toModuleDto } from "../dto";
import { getCourseOrThrow, getModuleOrThrow } from "../load";
import { insertAt, moveTo } from "../positions";
import { trashItem } from "../trash/batches";
import { visibleSql } from "../visibility";

/**
 * One page of a course's modules, as JSON text built by PostgreSQL: each row's JSON in the order
 * of `toModuleDto` and the `Module` schema (a module in a list carries no lessons). 500 modules as
 * Prisma rows, DTOs and a schema check cost most of the request (bench/README.md);
 * test/integration/authoring-tree-modules-lessons.test.ts holds this equal to the object path.
 * Modules have no published state: every reader of the course sees its undeleted modules.
 */
export async function listModules(tx: Tx, caller: Caller, courseId: string, page: Page) {
  await getCourseOrThrow({ tx, caller, courseId });
  const rows = await tx.$queryRaw<{ json: string }[]>`
    SELECT row_to_json(t)::text AS json FROM (
      SELECT m.id, m.course_id, m.title, m.position, NULL AS lessons,
        ${Prisma.raw(isoSql("m.created_at"))} AS created_at, ${Prisma.raw(isoSql("m.updated_at"))} AS updated_at
      FROM modules m WHERE m.course_id = ${courseId}::uuid AND ${Prisma.raw(visibleSql("module", false))}
      ORDER BY m.position LIMIT ${page.limit + 1} OFFSET ${page.offset}
    ) t`;
  const { items, has_more, limit, offset } = paged(rows, page);
  return new JsonText(`{"modules":[${items.map((row) => row.json).join(",")}],"has_more":${has_more},"limit":${limit},"offset":${offset}}`);
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
