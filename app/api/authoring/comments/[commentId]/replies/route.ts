// POST /comments/{commentId}/replies: reply in a comment thread
import { replyToCommentEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(replyToCommentEndpoint);
