// GET /review/{token}: read the course a review link opens
import { getReviewEndpoint } from "@/lib/authoring/review/reviewer-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getReviewEndpoint);
