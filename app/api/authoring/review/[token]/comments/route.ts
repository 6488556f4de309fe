// GET /review/{token}/comments: list the threads of a review link's course
import { listReviewCommentsEndpoint } from "@/lib/authoring/review/reviewer-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listReviewCommentsEndpoint);
