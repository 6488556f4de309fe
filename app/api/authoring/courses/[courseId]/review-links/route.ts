// GET /courses/{courseId}/review-links: list a course's review links
// POST /courses/{courseId}/review-links: create a review link for a course
import { createReviewLinkEndpoint, listReviewLinksEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listReviewLinksEndpoint);
export const POST = authoringRoute(createReviewLinkEndpoint);
