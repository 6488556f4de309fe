import { z } from "zod";
import { DateTime, pageOf } from "@/lib/api/schemas";
import { Block, BlockContent } from "../blocks/schemas";

/** The longest comment or reply: a remark, not a document (a 100 KB comment is a 400). */
export const COMMENT_MAX = 10_000;
/** The longest quoted passage of a block. */
export const QUOTE_MAX = 2_000;

export const ReviewAuthor = z
  .object({
    kind: z
      .enum(["member", "reviewer", "agent"])
      .describe("member: a workspace member; reviewer: someone with a review link; agent: an API key"),
    name: z.string().describe("The member's or reviewer's name; for an agent, its key's name"),
  })
  .meta({ id: "ReviewAuthor" });

export const CommentReply = z
  .object({ id: z.uuid(), body: z.string(), author: ReviewAuthor, created_at: DateTime })
  .meta({ id: "CommentReply" });

export const CommentThread = z
  .object({
    id: z.uuid(),
    course_id: z.uuid(),
    lesson_id: z.uuid(),
    block_id: z.uuid(),
    body: z.string().describe("The thread's first message"),
    quote: z.string().nullable().describe("The passage of the block's text the thread is about"),
    block_text: z.string().describe("The block's text when the thread began: a deleted block's thread still shows it"),
    block_deleted: z.boolean().describe("The block is in the trash, or gone with its lesson"),
    status: z.enum(["open", "resolved"]),
    author: ReviewAuthor,
    resolved_at: DateTime.nullable(),
    resolved_by: z.string().nullable(),
    created_at: DateTime,
    updated_at: DateTime,
    replies: z.array(CommentReply).describe("Oldest first"),
  })
  .meta({ id: "CommentThread" });

const Body = z.string().trim().min(1, "Write something").max(COMMENT_MAX, `At most ${COMMENT_MAX} characters`);

export const CommentCreate = z
  .object({
    body: Body,
    quote: z.string().trim().min(1).max(QUOTE_MAX).optional().describe("A passage of the block's text the comment is about"),
    mentions: z
      .array(z.uuid())
      .max(20)
      .optional()
      .describe("Workspace members to notify (the editor's @ picker sends them): each gets one mail with a link to the thread"),
  })
  .meta({ id: "CommentCreate" });

export const ReplyCreate = z.object({ body: Body, mentions: CommentCreate.shape.mentions }).meta({ id: "ReplyCreate" });

export const CommentStatusUpdate = z.object({ status: z.enum(["open", "resolved"]) }).meta({ id: "CommentStatusUpdate" });

export const CommentListQuery = z.object({
  status: z.enum(["open", "resolved"]).optional(),
  lesson_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export const CommentList = pageOf("comments", CommentThread);

export const Suggestion = z
  .object({
    id: z.uuid(),
    course_id: z.uuid(),
    lesson_id: z.uuid(),
    block_id: z.uuid(),
    block_type: z.string(),
    status: z.enum(["open", "accepted", "rejected"]),
    content: z.unknown().describe("The suggested content, whole: what the block's content becomes if accepted"),
    base_content: z.unknown().describe("The block's content when the suggestion was made (the diff's left side)"),
    base_updated_at: DateTime.describe("The block's updated_at when the suggestion was made: accept checks it"),
    note: z.string().nullable(),
    author: ReviewAuthor,
    decided_at: DateTime.nullable(),
    decided_by: z.string().nullable(),
    created_at: DateTime,
  })
  .meta({ id: "Suggestion" });

export const SuggestionCreate = z
  .object({
    content: BlockContent.pipe(z.record(z.string(), z.unknown())).describe("The block's whole new content, of the block's type's shape"),
    note: z.string().trim().max(COMMENT_MAX).optional().describe("Why: shown to the author beside the diff"),
  })
  .meta({ id: "SuggestionCreate" });

export const SuggestionListQuery = z.object({
  status: z.enum(["open", "accepted", "rejected"]).optional(),
  lesson_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export const SuggestionList = pageOf("suggestions", Suggestion);

export const SuggestionAccept = z
  .object({ force: z.boolean().optional().describe("Apply even though the block changed since the suggestion was made") })
  .meta({ id: "SuggestionAccept" });

export const ReviewLink = z
  .object({
    id: z.uuid(),
    course_id: z.uuid(),
    url: z.url().describe("Opens the course, drafts included, to anyone who has it: share it like a password"),
    allow_suggestions: z.boolean(),
    expires_at: DateTime.nullable(),
    closed_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .meta({ id: "ReviewLink" });

export const ReviewLinkCreate = z
  .object({
    allow_suggestions: z.boolean().optional(),
    expires_at: DateTime.optional().refine((v) => v === undefined || new Date(v).getTime() > Date.now(), "Must be in the future"),
  })
  .meta({ id: "ReviewLinkCreate" });

export const ReviewLinkList = z.object({ review_links: z.array(ReviewLink) });

export const CommentParams = z.object({ commentId: z.uuid() });
export const SuggestionParams = z.object({ suggestionId: z.uuid() });
export const ReviewLinkParams = z.object({ reviewLinkId: z.uuid() });

export type CommentThreadDto = z.infer<typeof CommentThread>;
export type SuggestionDto = z.infer<typeof Suggestion>;
export type ReviewLinkDto = z.infer<typeof ReviewLink>;

/** Who a reviewer says they are: asked once before their first comment, remembered by their browser. */
export const ReviewerIdentity = z.object({
  name: z.string().trim().min(1, "Give your name").max(200),
  email: z.email("Give an email address the author can reach you at").max(320),
});

export const ReviewerCommentCreate = ReviewerIdentity.extend({ body: CommentCreate.shape.body, quote: CommentCreate.shape.quote }).meta({
  id: "ReviewerCommentCreate",
});
export const ReviewerReplyCreate = ReviewerIdentity.extend({ body: CommentCreate.shape.body }).meta({ id: "ReviewerReplyCreate" });
export const ReviewerSuggestionCreate = ReviewerIdentity.extend(SuggestionCreate.shape).meta({ id: "ReviewerSuggestionCreate" });

export const ReviewTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const ReviewBlockParams = ReviewTokenParams.extend({ blockId: z.uuid() });
export const ReviewCommentParams = ReviewTokenParams.extend({ commentId: z.uuid() });

/** What a review link shows: the course, drafts included, as learners will see it (no answer keys). */
export const ReviewCourse = z
  .object({
    link: z.object({ allow_suggestions: z.boolean(), expires_at: DateTime.nullable() }),
    course: z.object({ id: z.uuid(), title: z.string(), description: z.string() }),
    modules: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        lessons: z.array(z.object({ id: z.uuid(), title: z.string(), published: z.boolean(), blocks: z.array(Block) })),
      }),
    ),
  })
  .meta({ id: "ReviewCourse" });
