// DELETE /courses/{courseId}: delete a course
// GET /courses/{courseId}: read a course with its modules, lessons and blocks
// PATCH /courses/{courseId}: update or move a course
import { deleteCourseEndpoint, getCourseEndpoint, updateCourseEndpoint } from "@/lib/authoring/courses/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteCourseEndpoint);
export const GET = authoringRoute(getCourseEndpoint);
export const PATCH = authoringRoute(updateCourseEndpoint);
