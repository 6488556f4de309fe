import { defineEndpoint } from "@/lib/api/endpoint";
import { notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { blockInclude, toBlockDto } from "../dto";
import { authorOfReviewer } from "./authors";
import { assertLinkAllowsSuggestions, openReviewLink } from "./review-links";
import {
  CommentList,
  CommentListQuery,
  CommentReply,
  CommentThread,
  ReviewBlockParams,
  ReviewCommentParams,
  ReviewCourse,
  ReviewerCommentCreate,
  ReviewerReplyCreate,
  ReviewerSuggestionCreate,
  ReviewTokenParams,
  Suggestion,
} from "./schemas";
import { createSuggestion } from "./suggestions";
import { addReply, listThreads, onLiveBlocks, startThread, type ReviewedBlock } from "./threads";

/*
 * What a review link opens (docs/decisions/060): the course it names and nothing else, drafts
 * included, to read as learners will see it, to comment on and reply in, and, if the link allows,
 * to suggest edits. No account: the token in the path is the secret (like a proposal's link), so
 * these endpoints are public, throttled per client address, and a closed, expired or unknown
 * link is 404 before anything else is read.
 */

const tag = "Review links";

const linkOf = ({ db, params }: { db: Tx; params: { token: string } }) => openReviewLink(db, params.token);

/** A block of the link's course (undeleted, in an undeleted lesson and module), or 404: a guessed id of another course's block finds nothing. */
async function blockOfCourse(tx: Tx, courseId: string, blockId: string): Promise<ReviewedBlock & { updatedAt: Date }> {
  const block = await tx.block.findFirst({
    where: { id: blockId, deletedAt: null, lesson: { deletedAt: null, module: { deletedAt: null, courseId } } },
    select: { id: true, lessonId: true, type: true, content: true, updatedAt: true, question: { select: { prompt: true } } },
  });
  if (!block) throw notFound("Block");
  return { ...block, courseId };
}

export const getReviewEndpoint = defineEndpoint({
  operationId: "get_review",
  method: "GET",
  path: "/review/{token}",
  tag,
  summary: "Read the course a review link opens",
  description:
    "The course, its modules, lessons (drafts included) and their blocks, as learners will see them. 404 for a closed, expired or unknown link.",
  isPublic: true,
  addressLimit: "public_page",
  params: ReviewTokenParams,
  load: linkOf,
  response: ReviewCourse,
  status: 200,
  run: async ({ db, loaded: link }) => {
    const course = await db.course.findUniqueOrThrow({
      where: { id: link.courseId },
      include: {
        modules: {
          where: { deletedAt: null },
          orderBy: { position: "asc" },
          include: {
            lessons: {
              where: { deletedAt: null },
              orderBy: { position: "asc" },
              include: { blocks: { where: { deletedAt: null }, orderBy: { position: "asc" }, include: blockInclude } },
            },
          },
        },
      },
    });
    return {
      link: { allow_suggestions: link.allowSuggestions, expires_at: link.expiresAt?.toISOString() ?? null },
      course: { id: course.id, title: course.title, description: course.description },
      modules: course.modules.map((m) => ({
        id: m.id,
        title: m.title,
        lessons: m.lessons.map((l) => ({
          id: l.id,
          title: l.title,
          published: Boolean(l.publishedAt && course.publishedAt),
          // As learners will see them: no answer keys.
          blocks: l.blocks.map((b) => toBlockDto(b, { withAnswers: false })),
        })),
      })),
    };
  },
});

export const listReviewCommentsEndpoint = defineEndpoint({
  operationId: "list_review_comments",
  method: "GET",
  path: "/review/{token}/comments",
  tag,
  summary: "List the threads of a review link's course",
  isPublic: true,
  addressLimit: "public_page",
  params: ReviewTokenParams,
  load: linkOf,
  query: CommentListQuery,
  response: CommentList,
  status: 200,
  run: ({ db, loaded: link, query }) => listThreads(db, link.courseId, query, { liveOnly: true }),
});

export const addReviewCommentEndpoint = defineEndpoint({
  operationId: "add_review_comment",
  method: "POST",
  path: "/review/{token}/blocks/{blockId}/comments",
  tag,
  summary: "Comment on a block through a review link",
  description: "Body {name, email, body, quote?}: the reviewer's name and address, and the comment. Returns the thread.",
  isPublic: true,
  addressLimit: "public_answer",
  params: ReviewBlockParams,
  load: linkOf,
  body: ReviewerCommentCreate,
  response: CommentThread,
  status: 201,
  run: ({ db, loaded: link, params, body }) =>
    db.$transaction(async (tx) => {
      const block = await blockOfCourse(tx, link.courseId, params.blockId);
      return startThread(tx, block, authorOfReviewer({ name: body.name, email: body.email, reviewLinkId: link.id }), body);
    }),
});

export const replyReviewCommentEndpoint = defineEndpoint({
  operationId: "reply_review_comment",
  method: "POST",
  path: "/review/{token}/comments/{commentId}/replies",
  tag,
  summary: "Reply in a thread through a review link",
  description: "Body {name, email, body}. Returns the reply.",
  isPublic: true,
  addressLimit: "public_answer",
  params: ReviewCommentParams,
  load: linkOf,
  body: ReviewerReplyCreate,
  response: CommentReply,
  status: 201,
  run: ({ db, loaded: link, params, body }) =>
    db.$transaction(async (tx) => {
      const thread = await tx.commentThread.findFirst({
        where: { id: params.commentId, courseId: link.courseId, ...onLiveBlocks },
        select: { id: true },
      });
      if (!thread) throw notFound("Comment");
      return addReply(tx, thread.id, authorOfReviewer({ name: body.name, email: body.email, reviewLinkId: link.id }), body.body);
    }),
});

export const suggestReviewChangeEndpoint = defineEndpoint({
  operationId: "suggest_review_change",
  method: "POST",
  path: "/review/{token}/blocks/{blockId}/suggestions",
  tag,
  summary: "Suggest new content for a block through a review link",
  description: "Body {name, email, content, note?}. Only on a link that allows suggestions (403 otherwise). Returns the suggestion.",
  isPublic: true,
  addressLimit: "public_answer",
  params: ReviewBlockParams,
  load: linkOf,
  body: ReviewerSuggestionCreate,
  response: Suggestion,
  status: 201,
  errors: ["forbidden"],
  run: ({ db, loaded: link, params, body }) =>
    db.$transaction(async (tx) => {
      assertLinkAllowsSuggestions(link);
      const block = await blockOfCourse(tx, link.courseId, params.blockId);
      return createSuggestion(tx, block, authorOfReviewer({ name: body.name, email: body.email, reviewLinkId: link.id }), body);
    }),
});
