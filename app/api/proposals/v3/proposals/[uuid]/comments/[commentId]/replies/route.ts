// POST /v3/proposals/{uuid}/comments/{commentId}/replies: reply in an internal comment thread
import { replyToProposalCommentEndpoint } from "@/lib/proposals/comments/comments";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(replyToProposalCommentEndpoint);
