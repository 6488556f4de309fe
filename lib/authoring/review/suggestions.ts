import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound, validationError } from "@/lib/api/errors";
import { paged, toIso, toIsoOrNull } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { BlockSuggestion, Prisma } from "@/lib/generated/prisma/client";
import { blockTypeDefinition, blockTypeLabel } from "../blocks/types/registry";
import { authorDto, type AuthorColumns } from "./authors";
import type { SuggestionDto } from "./schemas";
import type { ReviewedBlock } from "./threads";

type SuggestionRow = BlockSuggestion & { block: { type: string; lessonId: string } };

const suggestionInclude = { block: { select: { type: true, lessonId: true } } } as const;

export function toSuggestionDto(row: SuggestionRow): SuggestionDto {
  return {
    id: row.id,
    course_id: row.courseId,
    // Where the block is now (it may have moved since).
    lesson_id: row.block.lessonId,
    block_id: row.blockId,
    block_type: row.block.type,
    status: row.status,
    content: row.content,
    base_content: row.baseContent ?? null,
    base_updated_at: toIso(row.baseUpdatedAt),
    note: row.note,
    author: authorDto(row),
    decided_at: toIsoOrNull(row.decidedAt),
    decided_by: row.decidedByName,
    created_at: toIso(row.createdAt),
  };
}

/**
 * A suggestion must be content the block's type can show: a block that shows a question or a quiz
 * has no content to suggest, and content of another shape would render empty once accepted (a
 * block's own PATCH stores any shape; a suggestion is for a person to read, so it is held to the
 * type's shape).
 */
export function checkSuggestedContent(block: { type: string }, content: unknown) {
  const definition = blockTypeDefinition(block.type);
  if (!definition?.content) {
    throw validationError([{ path: "content", message: `A ${blockTypeLabel(block.type).toLowerCase()} block has no content to suggest` }]);
  }
  if (definition.content.parse(content) === null) {
    throw validationError([{ path: "content", message: `Not the content of a ${definition.label.toLowerCase()} block` }]);
  }
}

export async function createSuggestion(
  tx: Tx,
  block: ReviewedBlock & { updatedAt: Date },
  author: AuthorColumns,
  input: { content: Record<string, unknown>; note?: string },
) {
  checkSuggestedContent(block, input.content);
  const row = await tx.blockSuggestion.create({
    data: {
      courseId: block.courseId,
      lessonId: block.lessonId,
      blockId: block.id,
      content: input.content as Prisma.InputJsonValue,
      baseContent: (block.content ?? undefined) as Prisma.InputJsonValue | undefined,
      baseUpdatedAt: block.updatedAt,
      note: input.note || null,
      ...author,
    },
    include: suggestionInclude,
  });
  return toSuggestionDto(row);
}

export type SuggestionFilter = { status?: "open" | "accepted" | "rejected"; lesson_id?: string; limit: number; offset: number };

export async function listSuggestions(tx: Tx, courseId: string, filter: SuggestionFilter) {
  const rows = await tx.blockSuggestion.findMany({
    where: {
      courseId,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.lesson_id ? { block: { lessonId: filter.lesson_id } } : {}),
    },
    include: suggestionInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip: filter.offset,
    take: filter.limit + 1,
  });
  const page = paged(rows, filter);
  return { suggestions: page.items.map(toSuggestionDto), has_more: page.has_more, limit: page.limit, offset: page.offset };
}

/** The suggestion, locked until the transaction ends (accepting or rejecting it), or 404. */
export async function lockSuggestion(tx: Tx, suggestionId: string) {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM block_suggestions WHERE id = ${suggestionId}::uuid FOR UPDATE`;
  if (!locked) throw notFound("Suggestion");
  return tx.blockSuggestion.findUniqueOrThrow({ where: { id: suggestionId }, include: suggestionInclude });
}

export function assertOpen(row: BlockSuggestion) {
  if (row.status !== "open") {
    throw new AppError("not_editable", `This suggestion was already ${row.status}`, { status: row.status });
  }
}

/** Marks the suggestion decided by the caller. */
export async function decide(tx: Tx, row: BlockSuggestion, status: "accepted" | "rejected", caller: Caller) {
  const decided = await tx.blockSuggestion.update({
    where: { id: row.id },
    data: { status, decidedAt: new Date(), decidedByUserId: caller.userId, decidedByName: caller.name },
    include: suggestionInclude,
  });
  return toSuggestionDto(decided);
}
