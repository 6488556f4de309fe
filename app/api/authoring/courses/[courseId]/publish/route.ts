// POST /courses/{courseId}/publish: publish a course
import { authoringRoute } from "@/lib/authoring/route";
import { publishCourseEndpoint } from "@/lib/authoring/courses/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(publishCourseEndpoint);
