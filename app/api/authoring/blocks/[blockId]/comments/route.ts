// POST /blocks/{blockId}/comments: start a comment thread on a block
import { addCommentEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(addCommentEndpoint);
