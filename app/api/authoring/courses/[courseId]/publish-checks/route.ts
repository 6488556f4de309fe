// GET /courses/{courseId}/publish-checks: check a course before publishing
import { getPublishChecksEndpoint } from "@/lib/authoring/courses/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getPublishChecksEndpoint);
