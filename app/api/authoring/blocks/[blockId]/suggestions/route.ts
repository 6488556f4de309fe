// POST /blocks/{blockId}/suggestions: suggest new content for a block
import { suggestBlockChangeEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(suggestBlockChangeEndpoint);
