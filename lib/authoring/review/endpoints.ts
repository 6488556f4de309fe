import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint } from "@/lib/api/endpoint";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { write } from "@/lib/db/transaction";
import type { Action } from "../access";
import { getBlockForUpdate, updateBlock } from "../blocks/blocks";
import { Block, BlockParams } from "../blocks/schemas";
import { CourseParams } from "../courses/schemas";
import { getBlockOrThrow, getCourseOrThrow } from "../load";
import { authorOfCaller } from "./authors";
import { mailMentions } from "./mentions";
import { closeReviewLink, createReviewLink, listReviewLinks } from "./review-links";
import {
  CommentCreate,
  CommentList,
  CommentListQuery,
  CommentParams,
  CommentReply,
  CommentStatusUpdate,
  CommentThread,
  ReplyCreate,
  ReviewLink,
  ReviewLinkCreate,
  ReviewLinkList,
  ReviewLinkParams,
  Suggestion,
  SuggestionAccept,
  SuggestionCreate,
  SuggestionList,
  SuggestionListQuery,
  SuggestionParams,
} from "./schemas";
import { assertOpen, createSuggestion, decide, listSuggestions, lockSuggestion } from "./suggestions";
import { addReply, findThread, listThreads, mentionedMembers, setThreadStatus, startThread, type ReviewedBlock } from "./threads";

/*
 * Reviewing a course together (issue 41, docs/decisions/060): threads on blocks, suggested edits
 * that a person accepts or rejects, and review links for people without an account (their own
 * endpoints: ./reviewer-endpoints.ts). Members who read drafts (authors, admins) comment and
 * suggest; those who write resolve threads and decide suggestions. A learner gets 404, as for every
 * write. Comments, replies, resolving and suggesting are what a suggest-only key may do.
 */

const tag = "Review";

/** A block as review reads it, with the caller's access checked for `action`. */
async function reviewedBlock(tx: Tx, caller: Caller, blockId: string, action: Action): Promise<ReviewedBlock & { updatedAt: Date }> {
  const { block, lesson } = await getBlockOrThrow({ tx, caller, blockId, action });
  return {
    id: block.id,
    lessonId: block.lessonId,
    courseId: lesson.module.courseId,
    type: block.type,
    content: block.content,
    question: block.question ? { prompt: block.question.prompt } : null,
    updatedAt: block.updatedAt,
  };
}

/** The course a thread, suggestion or link belongs to, as the caller may reach it for `action`; else 404 naming `what`. */
async function courseAccess(tx: Tx, caller: Caller, courseId: string, action: Action, what: string) {
  try {
    return await getCourseOrThrow({ tx, caller, courseId, action });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw notFound(what);
    throw error;
  }
}

export const listCommentsEndpoint = defineEndpoint({
  operationId: "list_comments",
  method: "GET",
  path: "/courses/{courseId}/comments",
  tag,
  summary: "List a course's comment threads",
  description:
    "Returns the course's threads on blocks, oldest first, each with its replies ({comments, has_more, limit, offset}). Filter by status (open, resolved) and lesson_id. " +
    "A thread whose block was deleted stays, with block_deleted true and block_text quoting what the block said.",
  params: CourseParams,
  query: CommentListQuery,
  response: CommentList,
  status: 200,
  run: async ({ db, caller, params, query }) => {
    await getCourseOrThrow({ tx: db, caller, courseId: params.courseId, action: "content.read_drafts" });
    return listThreads(db, params.courseId, query);
  },
});

export const addCommentEndpoint = defineEndpoint({
  operationId: "add_comment",
  method: "POST",
  path: "/blocks/{blockId}/comments",
  tag,
  summary: "Start a comment thread on a block",
  description:
    "Body {body, quote?, mentions?}: a remark on the block, optionally quoting a passage of its text; mentions (member ids) each get one mail with a link to the thread. " +
    "Returns the thread. Made with an API key, its author is the agent (the key's name).",
  params: BlockParams,
  body: CommentCreate,
  response: CommentThread,
  status: 201,
  isSuggestion: true,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const block = await reviewedBlock(tx, ctx.caller, ctx.params.blockId, "content.read_drafts");
      const mentioned = await mentionedMembers(tx, block.courseId, ctx.body.mentions, ctx.caller.userId);
      const thread = await startThread(tx, block, authorOfCaller(ctx.caller), ctx.body);
      await mailMentions(tx, mentioned, { thread, by: thread.author.name, text: ctx.body.body, key: thread.id });
      return thread;
    }),
});

export const replyToCommentEndpoint = defineEndpoint({
  operationId: "reply_to_comment",
  method: "POST",
  path: "/comments/{commentId}/replies",
  tag,
  summary: "Reply in a comment thread",
  description: "Body {body, mentions?}. Returns the reply. Anyone who may read the thread may reply, in an open or a resolved thread.",
  params: CommentParams,
  body: ReplyCreate,
  response: CommentReply,
  status: 201,
  isSuggestion: true,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const thread = await findThread(tx, ctx.params.commentId);
      await courseAccess(tx, ctx.caller, thread.courseId, "content.read_drafts", "Comment");
      const mentioned = await mentionedMembers(tx, thread.courseId, ctx.body.mentions, ctx.caller.userId);
      const reply = await addReply(tx, thread.id, authorOfCaller(ctx.caller), ctx.body.body);
      await mailMentions(tx, mentioned, {
        thread: { id: thread.id, lesson_id: thread.lessonId },
        by: reply.author.name,
        text: reply.body,
        key: reply.id,
      });
      return reply;
    }),
});

export const updateCommentEndpoint = defineEndpoint({
  operationId: "update_comment",
  method: "PATCH",
  path: "/comments/{commentId}",
  tag,
  summary: "Resolve or reopen a comment thread",
  description: "Body {status: open | resolved}. Returns the thread. Authors and admins resolve and reopen threads.",
  params: CommentParams,
  body: CommentStatusUpdate,
  response: CommentThread,
  status: 200,
  isSuggestion: true,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const thread = await findThread(tx, ctx.params.commentId);
      await courseAccess(tx, ctx.caller, thread.courseId, "content.write", "Comment");
      return setThreadStatus(tx, thread.id, ctx.body.status, authorOfCaller(ctx.caller).authorName);
    }),
});

export const suggestBlockChangeEndpoint = defineEndpoint({
  operationId: "suggest_block_change",
  method: "POST",
  path: "/blocks/{blockId}/suggestions",
  tag,
  summary: "Suggest new content for a block",
  description:
    "Body {content, note?}: the block's whole new content, of its type's shape (400 otherwise; question and quiz blocks have none). Nothing changes until a person accepts it " +
    "in the app; the suggestion keeps the block's content and updated_at as they were, and accepting checks that the block has not changed since. Returns the suggestion.",
  params: BlockParams,
  body: SuggestionCreate,
  response: Suggestion,
  status: 201,
  isSuggestion: true,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const block = await reviewedBlock(tx, ctx.caller, ctx.params.blockId, "content.read_drafts");
      return createSuggestion(tx, block, authorOfCaller(ctx.caller), ctx.body);
    }),
});

export const listSuggestionsEndpoint = defineEndpoint({
  operationId: "list_suggestions",
  method: "GET",
  path: "/courses/{courseId}/suggestions",
  tag,
  summary: "List a course's suggested edits",
  description:
    "Returns the course's suggestions, oldest first ({suggestions, has_more, limit, offset}), each with the suggested content and the block's content when it was made. Filter by status (open, accepted, rejected) and lesson_id.",
  params: CourseParams,
  query: SuggestionListQuery,
  response: SuggestionList,
  status: 200,
  run: async ({ db, caller, params, query }) => {
    await getCourseOrThrow({ tx: db, caller, courseId: params.courseId, action: "content.read_drafts" });
    return listSuggestions(db, params.courseId, query);
  },
});

export const acceptSuggestionEndpoint = defineEndpoint({
  operationId: "accept_suggestion",
  method: "POST",
  path: "/suggestions/{suggestionId}/accept",
  tag,
  summary: "Accept a suggested edit",
  description:
    "Replaces the block's content with the suggestion's and answers the block. If the block changed after the suggestion was made, answers 409 `conflict` with " +
    "details {current, suggested, base} unless the body says {force: true}. 409 `not_editable` for a suggestion already accepted or rejected. A person's act: no agent tool.",
  params: SuggestionParams,
  body: SuggestionAccept,
  bodyOptional: true,
  response: Block,
  status: 200,
  errors: ["not_editable", "edit_conflict"],
  run: (ctx) =>
    write(ctx, async (tx) => {
      const suggestion = await lockSuggestion(tx, ctx.params.suggestionId);
      await courseAccess(tx, ctx.caller, suggestion.courseId, "content.write", "Suggestion");
      assertOpen(suggestion);
      // The block's row locked: an edit racing this accept waits, and then sees the new version.
      const [block] = await tx.$queryRaw<{ updated_at: Date; deleted_at: Date | null }[]>`
        SELECT updated_at, deleted_at FROM blocks WHERE id = ${suggestion.blockId}::uuid FOR UPDATE`;
      if (!block || block.deleted_at) throw new AppError("not_editable", "The block is in the trash: restore it to accept this suggestion");
      if (block.updated_at.getTime() !== suggestion.baseUpdatedAt.getTime() && !ctx.body.force) {
        const current = await getBlockForUpdate(tx, ctx.caller, suggestion.blockId);
        throw new AppError(
          "edit_conflict",
          "The block changed after this suggestion was made: compare both, then accept with {force: true} or reject it.",
          { current, suggested: suggestion.content, base: suggestion.baseContent ?? null },
        );
      }
      const updated = await updateBlock(tx, ctx.caller, suggestion.blockId, { content: suggestion.content });
      await decide(tx, suggestion, "accepted", ctx.caller);
      return updated;
    }),
});

export const rejectSuggestionEndpoint = defineEndpoint({
  operationId: "reject_suggestion",
  method: "POST",
  path: "/suggestions/{suggestionId}/reject",
  tag,
  summary: "Reject a suggested edit",
  description:
    "Marks the suggestion rejected; the block stays as it is. 409 `not_editable` for one already decided. A person's act: no agent tool.",
  params: SuggestionParams,
  bodyOptional: true,
  response: Suggestion,
  status: 200,
  errors: ["not_editable"],
  run: (ctx) =>
    write(ctx, async (tx) => {
      const suggestion = await lockSuggestion(tx, ctx.params.suggestionId);
      await courseAccess(tx, ctx.caller, suggestion.courseId, "content.write", "Suggestion");
      assertOpen(suggestion);
      return decide(tx, suggestion, "rejected", ctx.caller);
    }),
});

export const createReviewLinkEndpoint = defineEndpoint({
  operationId: "create_review_link",
  method: "POST",
  path: "/courses/{courseId}/review-links",
  tag,
  summary: "Create a review link for a course",
  description:
    "Body {allow_suggestions?, expires_at?}. The url opens the course, drafts included, to anyone who has it, to read and comment (and suggest, if allowed) after giving a name and an email address. " +
    "Close it with close_review_link.",
  params: CourseParams,
  body: ReviewLinkCreate,
  bodyOptional: true,
  response: ReviewLink,
  status: 201,
  run: (ctx) =>
    write(ctx, async (tx) => {
      await getCourseOrThrow({ tx, caller: ctx.caller, courseId: ctx.params.courseId, action: "content.write" });
      return createReviewLink(tx, {
        courseId: ctx.params.courseId,
        createdById: ctx.caller.userId,
        allowSuggestions: ctx.body.allow_suggestions,
        expiresAt: ctx.body.expires_at,
      });
    }),
});

export const listReviewLinksEndpoint = defineEndpoint({
  operationId: "list_review_links",
  method: "GET",
  path: "/courses/{courseId}/review-links",
  tag,
  summary: "List a course's review links",
  description: "Returns {review_links}, newest first, closed ones included (closed_at set).",
  params: CourseParams,
  response: ReviewLinkList,
  status: 200,
  run: async ({ db, caller, params }) => {
    await getCourseOrThrow({ tx: db, caller, courseId: params.courseId, action: "content.write" });
    return listReviewLinks(db, params.courseId);
  },
});

export const closeReviewLinkEndpoint = defineEndpoint({
  operationId: "close_review_link",
  method: "DELETE",
  path: "/review-links/{reviewLinkId}",
  tag,
  summary: "Close a review link",
  description: "Ends the link's access at once: its page and its requests answer 404 from now on. Returns the link with closed_at set.",
  params: ReviewLinkParams,
  response: ReviewLink,
  status: 200,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const link = await tx.reviewLink.findUnique({ where: { id: ctx.params.reviewLinkId }, select: { courseId: true } });
      if (!link) throw notFound("Review link");
      await courseAccess(tx, ctx.caller, link.courseId, "content.write", "Review link");
      return closeReviewLink(tx, ctx.params.reviewLinkId);
    }),
});
