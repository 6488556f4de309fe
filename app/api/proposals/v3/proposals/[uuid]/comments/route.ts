// GET /v3/proposals/{uuid}/comments: list a proposal's internal comments
// POST /v3/proposals/{uuid}/comments: start an internal comment thread
import { addProposalCommentEndpoint, listProposalCommentsEndpoint } from "@/lib/proposals/comments/comments";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listProposalCommentsEndpoint);
export const POST = proposalsRoute(addProposalCommentEndpoint);
