// GET /courses/{courseId}/analytics: read how learners go through a course
import { getCourseAnalyticsEndpoint } from "@/lib/authoring/analytics/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getCourseAnalyticsEndpoint);
