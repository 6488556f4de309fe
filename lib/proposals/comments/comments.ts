import { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { notFound, validationError } from "@/lib/api/errors";
import { toUnix, toUnixOrNull, UnixTime } from "@/lib/api/schemas";
import { authorOfCaller } from "@/lib/authoring/review/authors";
import { COMMENT_MAX } from "@/lib/authoring/review/schemas";
import type { Tx } from "@/lib/db/client";
import { write } from "@/lib/db/transaction";
import type { ProposalComment, ProposalCommentReply } from "@/lib/generated/prisma/client";
import type { StoredBlock } from "../proposals/blocks";
import { getProposalOrThrow } from "../proposals/get-proposal";

/*
 * Internal comments on a proposal (issue 41): staff threads on the proposal or one of its blocks,
 * with replies, resolved and reopened. They are the company's: a table nothing public reads, so
 * never on the customer's page, in the PDF, in a webhook or in the public read model. The thread's
 * fields are the course review's (docs/decisions/060), in this service's way: UNIX times, `data`.
 * Any active member of the company may comment; a suggest-only key may too (decision 060).
 */

const tag = "Internal comments";

const Author = z.object({ kind: z.enum(["member", "agent"]).describe("member: in the browser; agent: with an API key"), name: z.string() });
const Reply = z.object({ id: z.uuid(), body: z.string(), author: Author, created_at: UnixTime }).meta({ id: "ProposalCommentReply" });
const Thread = z
  .object({
    id: z.uuid(),
    proposal_uuid: z.uuid(),
    block_uuid: z.string().nullable().describe("The block the thread is about; null for the proposal as a whole"),
    body: z.string(),
    status: z.enum(["open", "resolved"]),
    author: Author,
    resolved_at: UnixTime.nullable(),
    resolved_by: z.string().nullable(),
    created_at: UnixTime,
    updated_at: UnixTime,
    replies: z.array(Reply),
  })
  .meta({ id: "ProposalComment" });

const Body = z.string().trim().min(1, "Write something").max(COMMENT_MAX, `At most ${COMMENT_MAX} characters`);
const Params = z.object({ uuid: z.uuid() });
const CommentParams = Params.extend({ commentId: z.uuid() });

type Row = ProposalComment & { replies: ProposalCommentReply[] };
const withReplies = { replies: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] } };

/** Staff write these: a person in the browser, or an agent with a key (never a review link's reviewer). */
const authorDto = (row: { authorKind: "member" | "reviewer" | "agent"; authorName: string }) => ({
  kind: row.authorKind === "agent" ? ("agent" as const) : ("member" as const),
  name: row.authorName,
});

function toThread(row: Row) {
  return {
    id: row.id,
    proposal_uuid: row.proposalId,
    block_uuid: row.blockUuid,
    body: row.body,
    status: row.status,
    author: authorDto(row),
    resolved_at: toUnixOrNull(row.resolvedAt),
    resolved_by: row.resolvedByName,
    created_at: toUnix(row.createdAt),
    updated_at: toUnix(row.updatedAt),
    replies: row.replies.map((r) => ({ id: r.id, body: r.body, author: authorDto(r), created_at: toUnix(r.createdAt) })),
  };
}

/** A member (or a member's key) of the proposal's company; anyone else finds no proposal (404). */
const loadProposal = ({ db, caller, params }: LoadContext<{ uuid: string }>) => getProposalOrThrow({ tx: db, caller, uuid: params.uuid });

const authorColumns = (caller: Caller) => {
  const { authorKind, authorName, authorUserId, apiKeyId } = authorOfCaller(caller);
  return { authorKind, authorName, authorUserId, apiKeyId };
};

async function threadOf(tx: Tx, proposalId: string, commentId: string) {
  const row = await tx.proposalComment.findFirst({ where: { id: commentId, proposalId }, include: withReplies });
  if (!row) throw notFound("Comment");
  return row;
}

export const listProposalCommentsEndpoint = defineEndpoint({
  operationId: "list_proposal_comments",
  method: "GET",
  path: "/v3/proposals/{uuid}/comments",
  tag,
  summary: "List a proposal's internal comments",
  description:
    "Returns {data: threads}, oldest first, each with its replies and status. Staff only: never shown to the customer. Use it to read what colleagues noted on a proposal.",
  params: Params,
  load: loadProposal,
  response: z.object({ data: z.array(Thread) }),
  status: 200,
  run: async ({ db, params }) => {
    const rows = await db.proposalComment.findMany({
      where: { proposalId: params.uuid },
      include: withReplies,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return { data: rows.map(toThread) };
  },
});

export const addProposalCommentEndpoint = defineEndpoint({
  operationId: "add_proposal_comment",
  method: "POST",
  path: "/v3/proposals/{uuid}/comments",
  tag,
  summary: "Start an internal comment thread on a proposal or one of its blocks",
  description:
    "Body {body, block_uuid?}. Returns {data: thread}, a staff-only remark on the proposal or one of its blocks: the customer never sees it. Use it to ask or note something for colleagues.",
  params: Params,
  load: loadProposal,
  body: z.object({ body: Body, block_uuid: z.string().max(64).optional().describe("A block of this proposal") }),
  response: z.object({ data: Thread }),
  status: 201,
  isSuggestion: true,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const blockUuid = ctx.body.block_uuid;
      // Any block_uuid sent, the empty string too, must name one of the proposal's blocks.
      if (blockUuid !== undefined && !(ctx.loaded.blocks as StoredBlock[]).some((b) => b.uuid === blockUuid)) {
        throw validationError([{ path: "block_uuid", message: "Not a block of this proposal" }]);
      }
      const row = await tx.proposalComment.create({
        data: { proposalId: ctx.params.uuid, blockUuid: blockUuid ?? null, body: ctx.body.body, ...authorColumns(ctx.caller) },
        include: withReplies,
      });
      return { data: toThread(row) };
    }),
});

export const replyToProposalCommentEndpoint = defineEndpoint({
  operationId: "reply_to_proposal_comment",
  method: "POST",
  path: "/v3/proposals/{uuid}/comments/{commentId}/replies",
  tag,
  summary: "Reply in an internal comment thread",
  description:
    "Body {body}. Returns {data: reply} with its author and time. Use it to answer a colleague in an internal thread (list_proposal_comments finds its id).",
  params: CommentParams,
  load: loadProposal,
  body: z.object({ body: Body }),
  response: z.object({ data: Reply }),
  status: 201,
  isSuggestion: true,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const thread = await threadOf(tx, ctx.params.uuid, ctx.params.commentId);
      const reply = await tx.proposalCommentReply.create({
        data: { commentId: thread.id, body: ctx.body.body, ...authorColumns(ctx.caller) },
      });
      await tx.proposalComment.update({ where: { id: thread.id }, data: { updatedAt: new Date() } });
      return { data: { id: reply.id, body: reply.body, author: authorDto(reply), created_at: toUnix(reply.createdAt) } };
    }),
});

export const updateProposalCommentEndpoint = defineEndpoint({
  operationId: "update_proposal_comment",
  method: "PATCH",
  path: "/v3/proposals/{uuid}/comments/{commentId}",
  tag,
  summary: "Resolve or reopen an internal comment thread",
  description: "Body {status: open | resolved}. Returns {data: thread}.",
  params: CommentParams,
  load: loadProposal,
  body: z.object({ status: z.enum(["open", "resolved"]) }),
  response: z.object({ data: Thread }),
  status: 200,
  isSuggestion: true,
  run: (ctx) =>
    write(ctx, async (tx) => {
      const thread = await threadOf(tx, ctx.params.uuid, ctx.params.commentId);
      const by = authorColumns(ctx.caller).authorName;
      const row = await tx.proposalComment.update({
        where: { id: thread.id },
        data:
          ctx.body.status === "resolved"
            ? { status: "resolved", resolvedAt: new Date(), resolvedByName: by }
            : { status: "open", resolvedAt: null, resolvedByName: null },
        include: withReplies,
      });
      return { data: toThread(row) };
    }),
});
