// GET /courses/{courseId}/outline: read a course's structure without block content
import { authoringRoute } from "@/lib/authoring/route";
import { getCourseOutlineEndpoint } from "@/lib/authoring/courses/endpoints";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getCourseOutlineEndpoint);
