// DELETE /review-links/{reviewLinkId}: close a review link
import { closeReviewLinkEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(closeReviewLinkEndpoint);
