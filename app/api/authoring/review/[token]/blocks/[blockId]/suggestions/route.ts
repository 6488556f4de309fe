// POST /review/{token}/blocks/{blockId}/suggestions: suggest new content for a block through a review link
import { suggestReviewChangeEndpoint } from "@/lib/authoring/review/reviewer-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(suggestReviewChangeEndpoint);
