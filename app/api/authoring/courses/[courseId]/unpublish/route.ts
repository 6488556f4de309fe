// POST /courses/{courseId}/unpublish: unpublish a course
import { authoringRoute } from "@/lib/authoring/route";
import { unpublishCourseEndpoint } from "@/lib/authoring/courses/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(unpublishCourseEndpoint);
