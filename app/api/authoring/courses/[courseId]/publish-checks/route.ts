// GET /courses/{courseId}/publish-checks: check a course before publishing
import { authoringRoute } from "@/lib/authoring/route";
import { getPublishChecksEndpoint } from "@/lib/authoring/courses/endpoints";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getPublishChecksEndpoint);
