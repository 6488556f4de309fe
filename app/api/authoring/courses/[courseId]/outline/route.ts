// GET /courses/{courseId}/outline: read a course's structure without block content
import { getCourseOutlineEndpoint } from "@/lib/authoring/courses/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getCourseOutlineEndpoint);
