// POST /courses/{courseId}/publish: publish a course
import { publishCourseEndpoint } from "@/lib/authoring/courses/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(publishCourseEndpoint);
