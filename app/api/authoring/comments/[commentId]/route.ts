// PATCH /comments/{commentId}: resolve or reopen a comment thread
import { updateCommentEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const PATCH = authoringRoute(updateCommentEndpoint);
