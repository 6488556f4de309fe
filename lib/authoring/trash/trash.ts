import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import { paged, toIso, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { getProjectOrThrow } from "../access";
import { withCategoryName } from "../categories/categories";
import { lockOpenBatch, restoreBatch, TABLES } from "./batches";
import type { TrashKindValue } from "./schemas";

const BLOCK_LABEL: Record<string, string> = { question: "Question", quiz: "Quiz", visual: "Visual" };

function blockTitle(type: string, content: unknown): string {
  const label = BLOCK_LABEL[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
  const c = (content ?? {}) as Record<string, unknown>;
  const text = [c.title, c.body, c.prompt, c.caption].find((v) => typeof v === "string" && v.trim()) as string | undefined;
  return text ? `${label} block: ${text.trim().replace(/\s+/g, " ").slice(0, 60)}` : `${label} block`;
}

const joinContext = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" › ") || null;

type Described = { title: string; context: string | null };

/** Titles and "where it lived" for trash roots, a fixed number of queries per page. */
async function describe(tx: Tx, roots: { kind: string; id: string }[]): Promise<Map<string, Described>> {
  const ids = (kind: string) => roots.filter((r) => r.kind === kind).map((r) => r.id);
  const out = new Map<string, Described>();
  const put = (id: string, d: Described) => out.set(id, d);
  for (const c of await tx.course.findMany({ where: { id: { in: ids("course") } } })) put(c.id, { title: c.title, context: null });
  for (const m of await tx.module.findMany({ where: { id: { in: ids("module") } }, include: { course: true } })) {
    put(m.id, { title: m.title, context: joinContext(m.course.title) });
  }
  for (const l of await tx.lesson.findMany({ where: { id: { in: ids("lesson") } }, include: { module: { include: { course: true } } } })) {
    put(l.id, { title: l.title, context: joinContext(l.module.course.title, l.module.title) });
  }
  for (const b of await tx.block.findMany({
    where: { id: { in: ids("block") } },
    include: { lesson: { include: { module: { include: { course: true } } } } },
  })) {
    put(b.id, {
      title: blockTitle(b.type, b.content),
      context: joinContext(b.lesson.module.course.title, b.lesson.module.title, b.lesson.title),
    });
  }
  for (const q of await tx.question.findMany({ where: { id: { in: ids("question") } }, include: { category: true } })) {
    put(q.id, { title: q.prompt, context: joinContext(q.category.name) });
  }
  for (const q of await tx.quiz.findMany({ where: { id: { in: ids("quiz") } } })) put(q.id, { title: q.title, context: null });
  for (const c of await tx.category.findMany({ where: { id: { in: ids("category") } } })) put(c.id, { title: c.name, context: null });
  for (const f of await tx.questionFamily.findMany({ where: { id: { in: ids("question_family") } } })) {
    put(f.id, { title: f.name, context: null });
  }
  return out;
}

/** What DELETE was called on in a project (not the descendants swept along), newest first. */
export async function listTrash(tx: Tx, caller: Caller, projectId: string, page: Page) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.read_drafts" });
  const batches = await tx.deletionBatch.findMany({
    where: { projectId, restoredAt: null },
    orderBy: [{ deletedAt: "desc" }, { id: "asc" }],
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(batches, page);
  const described = await describe(
    tx,
    items.map((b) => ({ kind: b.rootKind, id: b.rootId })),
  );
  return {
    items: items.map((b) => ({
      kind: b.rootKind as TrashKindValue,
      id: b.rootId,
      title: described.get(b.rootId)?.title ?? "",
      context: described.get(b.rootId)?.context ?? null,
      deleted_at: toIso(b.deletedAt),
      deleted_by_name: b.deletedByName,
    })),
    ...rest,
  };
}

type ItemState = { projectId: string; deletedAt: Date | null; parents: { kind: TrashKindValue; id: string; deletedAt: Date | null }[] };

/** An item's project, whether it is deleted, and its parents nearest first. */
async function itemState(tx: Tx, kind: TrashKindValue, id: string): Promise<ItemState | null> {
  switch (kind) {
    case "course": {
      const c = await tx.course.findUnique({ where: { id } });
      return c && { projectId: c.projectId, deletedAt: c.deletedAt, parents: [] };
    }
    case "module": {
      const m = await tx.module.findUnique({ where: { id }, include: { course: true } });
      return (
        m && {
          projectId: m.course.projectId,
          deletedAt: m.deletedAt,
          parents: [{ kind: "course", id: m.courseId, deletedAt: m.course.deletedAt }],
        }
      );
    }
    case "lesson": {
      const l = await tx.lesson.findUnique({ where: { id }, include: { module: { include: { course: true } } } });
      return (
        l && {
          projectId: l.module.course.projectId,
          deletedAt: l.deletedAt,
          parents: [
            { kind: "module", id: l.moduleId, deletedAt: l.module.deletedAt },
            { kind: "course", id: l.module.courseId, deletedAt: l.module.course.deletedAt },
          ],
        }
      );
    }
    case "block": {
      const b = await tx.block.findUnique({ where: { id }, include: { lesson: { include: { module: { include: { course: true } } } } } });
      return (
        b && {
          projectId: b.lesson.module.course.projectId,
          deletedAt: b.deletedAt,
          parents: [
            { kind: "lesson", id: b.lessonId, deletedAt: b.lesson.deletedAt },
            { kind: "module", id: b.lesson.moduleId, deletedAt: b.lesson.module.deletedAt },
            { kind: "course", id: b.lesson.module.courseId, deletedAt: b.lesson.module.course.deletedAt },
          ],
        }
      );
    }
    case "question": {
      const q = await tx.question.findUnique({ where: { id }, include: { category: true, questionFamily: true } });
      return (
        q && {
          projectId: q.projectId,
          deletedAt: q.deletedAt,
          parents: [
            { kind: "category", id: q.categoryId, deletedAt: q.category.deletedAt },
            ...(q.questionFamily
              ? [{ kind: "question_family" as const, id: q.questionFamily.id, deletedAt: q.questionFamily.deletedAt }]
              : []),
          ],
        }
      );
    }
    case "quiz": {
      const q = await tx.quiz.findUnique({ where: { id } });
      return q && { projectId: q.projectId, deletedAt: q.deletedAt, parents: [] };
    }
    case "category": {
      const c = await tx.category.findUnique({ where: { id } });
      return c && { projectId: c.projectId, deletedAt: c.deletedAt, parents: [] };
    }
    case "question_family": {
      const f = await tx.questionFamily.findUnique({ where: { id } });
      return f && { projectId: f.projectId, deletedAt: f.deletedAt, parents: [] };
    }
  }
}

const KIND_NAMES: Record<TrashKindValue, string> = {
  course: "course",
  module: "module",
  lesson: "lesson",
  block: "block",
  question: "question",
  quiz: "quiz",
  category: "category",
  question_family: "question family",
};

/** Restores a trash item with exactly what was deleted along with it. */
export async function restoreTrashItem(tx: Tx, caller: Caller, projectId: string, input: { kind: TrashKindValue; id: string }) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.write" });
  // Locked before the item is read, so a restore that waited on another reads what that one left.
  const batch = await lockOpenBatch(tx, { projectId, rootKind: input.kind, rootId: input.id });
  const state = await itemState(tx, input.kind, input.id);
  if (!state || state.projectId !== projectId) throw notFound(`Trash item ${KIND_NAMES[input.kind]}`);
  const deletedParent = state.parents.find((p) => p.deletedAt);
  if (deletedParent) {
    // kind and id name the parent (contract.md); when the parent went to the trash along with
    // something else (a module swept away with its course), trash_item names what to restore.
    const holder = await trashItemHolding(tx, deletedParent);
    const direct = holder.kind === deletedParent.kind && holder.id === deletedParent.id;
    throw new AppError(
      "parent_in_trash",
      direct
        ? `Its ${KIND_NAMES[deletedParent.kind]} is in the trash: restore that first`
        : `Its ${KIND_NAMES[deletedParent.kind]} is in the trash with a ${KIND_NAMES[holder.kind]}: restore that ${KIND_NAMES[holder.kind]} first`,
      { kind: deletedParent.kind, id: deletedParent.id, trash_item: holder },
    );
  }
  if (!state.deletedAt || !batch) throw notFound(`Trash item ${KIND_NAMES[input.kind]}`);
  const restore = () => restoreBatch(tx, batch);
  let restored: number;
  if (input.kind === "category") {
    const { name } = await tx.category.findUniqueOrThrow({ where: { id: input.id } });
    restored = await withCategoryName(tx, { projectId, name, categoryId: input.id }, restore);
  } else {
    restored = await restore();
  }
  return { success: true as const, kind: input.kind, id: input.id, restored_count: restored };
}

/** The trash item (root of a deletion batch) under which a deleted item is in the trash. */
async function trashItemHolding(tx: Tx, item: { kind: TrashKindValue; id: string }): Promise<{ kind: TrashKindValue; id: string }> {
  const rows = await tx.$queryRawUnsafe<{ root_kind: string; root_id: string }[]>(
    `SELECT b.root_kind, b.root_id::text AS root_id FROM "${TABLES[item.kind]}" t
     JOIN deletion_batches b ON b.id = t.deletion_batch_id WHERE t.id = $1::uuid`,
    item.id,
  );
  const root = rows[0];
  return root && root.root_kind !== "project" ? { kind: root.root_kind as TrashKindValue, id: root.root_id } : item;
}
