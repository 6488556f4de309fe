// POST /review/{token}/blocks/{blockId}/comments: comment on a block through a review link
import { addReviewCommentEndpoint } from "@/lib/authoring/review/reviewer-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(addReviewCommentEndpoint);
