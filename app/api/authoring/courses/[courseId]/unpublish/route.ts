// POST /courses/{courseId}/unpublish: unpublish a course
import { unpublishCourseEndpoint } from "@/lib/authoring/courses/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(unpublishCourseEndpoint);
