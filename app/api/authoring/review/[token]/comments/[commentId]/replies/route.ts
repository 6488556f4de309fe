// POST /review/{token}/comments/{commentId}/replies: reply in a thread through a review link
import { replyReviewCommentEndpoint } from "@/lib/authoring/review/reviewer-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(replyReviewCommentEndpoint);
