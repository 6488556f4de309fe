import type { Caller } from "@/lib/api/authenticate";
import { paged, toIso, type Page } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { QuestionFamily } from "@/lib/generated/prisma/client";
import { getProjectOrThrow } from "../access";
import { toQuestionDto } from "../dto";
import { familyCount, getQuestionFamilyOrThrow } from "../load";
import { trashItem } from "../trash/batches";

export const toFamilyDto = (f: QuestionFamily & { _count: { questions: number } }) => ({
  id: f.id,
  project_id: f.projectId,
  name: f.name,
  description: f.description,
  question_count: f._count.questions,
  created_at: toIso(f.createdAt),
  updated_at: toIso(f.updatedAt),
});

export async function listQuestionFamilies(tx: Tx, caller: Caller, projectId: string, page: Page) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.read_drafts" });
  const rows = await tx.questionFamily.findMany({
    where: { projectId, deletedAt: null },
    include: familyCount,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    skip: page.offset,
    take: page.limit + 1,
  });
  const { items, ...rest } = paged(rows, page);
  return { question_families: items.map(toFamilyDto), ...rest };
}

export async function createQuestionFamily(tx: Tx, caller: Caller, projectId: string, input: { name: string; description?: string }) {
  await getProjectOrThrow({ tx, caller, projectId, action: "content.write" });
  const family = await tx.questionFamily.create({
    data: { projectId, name: input.name, description: input.description ?? "" },
    include: familyCount,
  });
  return toFamilyDto(family);
}

/** The family with its questions, newest first. */
export async function getQuestionFamily(tx: Tx, caller: Caller, familyId: string) {
  const { family } = await getQuestionFamilyOrThrow({ tx, caller, familyId });
  const questions = await tx.question.findMany({
    where: { questionFamilyId: familyId, deletedAt: null },
    include: { options: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return { ...toFamilyDto(family), questions: questions.map((q) => toQuestionDto(q, { withAnswers: true })) };
}

/** The question family as an update answers it, refused as an update is: the item in an If-Match conflict. */
export async function getQuestionFamilyForUpdate(tx: Tx, caller: Caller, familyId: string) {
  return toFamilyDto((await getQuestionFamilyOrThrow({ tx, caller, familyId, action: "content.write" })).family);
}

export async function updateQuestionFamily(tx: Tx, caller: Caller, familyId: string, input: { name?: string; description?: string }) {
  await getQuestionFamilyOrThrow({ tx, caller, familyId, action: "content.write" });
  const family = await tx.questionFamily.update({
    where: { id: familyId },
    data: { name: input.name, description: input.description },
    include: familyCount,
  });
  return toFamilyDto(family);
}

/** Deletes the family and its questions, in one batch. */
export async function deleteQuestionFamily(tx: Tx, caller: Caller, familyId: string) {
  const { family, access } = await getQuestionFamilyOrThrow({ tx, caller, familyId, action: "content.write" });
  return trashItem(tx, caller, access, { kind: "question_family", id: family.id });
}
