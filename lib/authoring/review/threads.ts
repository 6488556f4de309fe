import { notFound, validationError } from "@/lib/api/errors";
import { paged, toIso, toIsoOrNull } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { CommentReply, CommentThread, Prisma } from "@/lib/generated/prisma/client";
import { rolesWith } from "../access";
import { authorDto, type AuthorColumns } from "./authors";
import { contentText } from "./content-fields";
import type { CommentThreadDto } from "./schemas";

/** What a thread row needs beside itself: its replies, and whether its block is still in the lesson. */
export const threadInclude = {
  replies: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
  block: { select: { lessonId: true, deletedAt: true, lesson: { select: { deletedAt: true, module: { select: { deletedAt: true } } } } } },
} satisfies Prisma.CommentThreadInclude;

type ThreadRow = CommentThread & {
  replies: CommentReply[];
  block: { lessonId: string; deletedAt: Date | null; lesson: { deletedAt: Date | null; module: { deletedAt: Date | null } } };
};

export function toThreadDto(row: ThreadRow): CommentThreadDto {
  const { block } = row;
  return {
    id: row.id,
    course_id: row.courseId,
    // Where the block is now (it may have moved since the thread began).
    lesson_id: block.lessonId,
    block_id: row.blockId,
    body: row.body,
    quote: row.quote,
    block_text: row.blockText,
    block_deleted: Boolean(block.deletedAt || block.lesson.deletedAt || block.lesson.module.deletedAt),
    status: row.status,
    author: authorDto(row),
    resolved_at: toIsoOrNull(row.resolvedAt),
    resolved_by: row.resolvedByName,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
    replies: row.replies.map((reply) => ({ id: reply.id, body: reply.body, author: authorDto(reply), created_at: toIso(reply.createdAt) })),
  };
}

/** The block a thread begins on, as the reviewing side sees it: where it sits and what it says. */
export type ReviewedBlock = {
  id: string;
  lessonId: string;
  courseId: string;
  type: string;
  content: unknown;
  question: { prompt: string } | null;
};

/** What a thread keeps of its block: the text of its content, or a question block's prompt. */
export const blockTextOf = (block: ReviewedBlock) => (block.question ? block.question.prompt : contentText(block.content));

export async function startThread(tx: Tx, block: ReviewedBlock, author: AuthorColumns, input: { body: string; quote?: string }) {
  const row = await tx.commentThread.create({
    data: {
      courseId: block.courseId,
      lessonId: block.lessonId,
      blockId: block.id,
      body: input.body,
      quote: input.quote ?? null,
      blockText: blockTextOf(block),
      ...author,
    },
    include: threadInclude,
  });
  return toThreadDto(row);
}

export async function addReply(tx: Tx, threadId: string, author: AuthorColumns, body: string) {
  const reply = await tx.commentReply.create({ data: { threadId, body, ...author } });
  // The thread's updated_at says when anything in it last happened.
  await tx.commentThread.update({ where: { id: threadId }, data: { updatedAt: new Date() } });
  return { id: reply.id, body: reply.body, author: authorDto(reply), created_at: toIso(reply.createdAt) };
}

export async function setThreadStatus(tx: Tx, threadId: string, status: "open" | "resolved", byName: string) {
  const row = await tx.commentThread.update({
    where: { id: threadId },
    data:
      status === "resolved"
        ? { status, resolvedAt: new Date(), resolvedByName: byName }
        : { status, resolvedAt: null, resolvedByName: null },
    include: threadInclude,
  });
  return toThreadDto(row);
}

export type ThreadFilter = { status?: "open" | "resolved"; lesson_id?: string; limit: number; offset: number };

/** Threads on blocks still in the course (not in the trash, nor their lesson or module): what a review link shows. */
export const onLiveBlocks = { block: { deletedAt: null, lesson: { deletedAt: null, module: { deletedAt: null } } } } as const;

/**
 * A course's threads with their replies, oldest first; `lesson_id` filters by where the block is
 * now. `liveOnly`: none on deleted blocks (a review link reaches nothing in the trash).
 */
export async function listThreads(tx: Tx, courseId: string, filter: ThreadFilter, { liveOnly = false } = {}) {
  const rows = await tx.commentThread.findMany({
    where: {
      courseId,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.lesson_id ? { block: { lessonId: filter.lesson_id } } : {}),
      ...(liveOnly ? { AND: [onLiveBlocks] } : {}),
    },
    include: threadInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip: filter.offset,
    take: filter.limit + 1,
  });
  const page = paged(rows, filter);
  return { comments: page.items.map(toThreadDto), has_more: page.has_more, limit: page.limit, offset: page.offset };
}

/** The thread and the course it is in, or 404. */
export async function findThread(tx: Tx, threadId: string) {
  const thread = await tx.commentThread.findUnique({ where: { id: threadId }, select: { id: true, courseId: true, lessonId: true } });
  if (!thread) throw notFound("Comment");
  return thread;
}

/**
 * Mentions name members of the course's workspace; anyone else is a 400 naming the id. Answers the
 * mentioned members (the author of the comment left out: nobody is told of their own words).
 */
export async function mentionedMembers(tx: Tx, courseId: string, userIds: string[] | undefined, authorUserId: string | null) {
  const ids = [...new Set(userIds ?? [])].filter((id) => id !== authorUserId);
  if (!ids.length) return [];
  const course = await tx.course.findUniqueOrThrow({ where: { id: courseId }, select: { project: { select: { workspaceId: true } } } });
  // Those who may read the course's drafts (authors, admins): a learner cannot open the thread.
  const members = await tx.membership.findMany({
    where: { workspaceId: course.project.workspaceId, userId: { in: ids }, role: { in: rolesWith("content.read_drafts") } },
    select: { user: { select: { id: true, name: true, email: true } } },
  });
  const found = new Set(members.map((m) => m.user.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) {
    throw validationError(
      unknown.map((id) => ({ path: "mentions", message: `${id} is not an author or admin of this course's workspace` })),
    );
  }
  return members.map((m) => m.user);
}
