import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import type { QuestionFamily } from "@/lib/generated/prisma/client";
import { getProjectAccess, requireEditor } from "../access";
import type { Tx } from "@/lib/db/client";
import { paged, toIso, type Page } from "@/lib/api/schemas";
import { toQuestionDto } from "../dto";
import { createDeletionBatch } from "../trash/batches";

const countUndeleted = { _count: { select: { questions: { where: { deletedAt: null } } } } } as const;

export const toFamilyDto = (f: QuestionFamily & { _count: { questions: number } }) => ({
  id: f.id,
  project_id: f.projectId,
  name: f.name,
  description: f.description,
  question_count: f._count.questions,
  created_at: toIso(f.createdAt),
  updated_at: toIso(f.updatedAt),
});

async function loadFamily(tx: Tx, caller: Caller, familyId: string, write = false) {
  const family = await tx.questionFamily.findFirst({ where: { id: familyId, deletedAt: null }, include: countUndeleted });
  if (!family) throw notFound("Question family");
  const access = await getProjectAccess(tx, caller, family.projectId, write ? "content.write" : undefined, "Question family");
  requireEditor(access, "Question family");
  return { family, access };
}

export async function listQuestionFamilies(tx: Tx, caller: Caller, projectId: string, page: Page) {
  requireEditor(await getProjectAccess(tx, caller, projectId), "Project");
  const rows = await tx.questionFamily.findMany({
    where: { projectId, deletedAt: null },
    include: countUndeleted,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return { question_families: items.map(toFamilyDto), ...rest };
}

export async function createQuestionFamily(tx: Tx, caller: Caller, projectId: string, input: { name: string; description?: string }) {
  await getProjectAccess(tx, caller, projectId, "content.write");
  const family = await tx.questionFamily.create({
    data: { projectId, name: input.name, description: input.description ?? "" },
    include: countUndeleted,
  });
  return toFamilyDto(family);
}

/** The family with its questions, newest first. */
export async function getQuestionFamily(tx: Tx, caller: Caller, familyId: string) {
  const { family } = await loadFamily(tx, caller, familyId);
  const questions = await tx.question.findMany({
    where: { questionFamilyId: familyId, deletedAt: null },
    include: { options: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return { ...toFamilyDto(family), questions: questions.map((q) => toQuestionDto(q, { withAnswers: true })) };
}

export async function updateQuestionFamily(tx: Tx, caller: Caller, familyId: string, input: { name?: string; description?: string }) {
  await loadFamily(tx, caller, familyId, true);
  const family = await tx.questionFamily.update({
    where: { id: familyId },
    data: { name: input.name, description: input.description },
    include: countUndeleted,
  });
  return toFamilyDto(family);
}

/** Deletes the family and its questions, in one batch. */
export async function deleteQuestionFamily(tx: Tx, caller: Caller, familyId: string) {
  const { family, access } = await loadFamily(tx, caller, familyId, true);
  await createDeletionBatch(tx, caller, { kind: "question_family", id: family.id, workspaceId: access.workspaceId, projectId: family.projectId });
  return { success: true, id: familyId };
}
