// PATCH /v3/proposals/{uuid}/comments/{commentId}: resolve or reopen an internal comment thread
import { updateProposalCommentEndpoint } from "@/lib/proposals/comments/comments";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const PATCH = proposalsRoute(updateProposalCommentEndpoint);
