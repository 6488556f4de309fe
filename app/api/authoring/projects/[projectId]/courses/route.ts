// POST /projects/{projectId}/courses: create a course
// GET /projects/{projectId}/courses: list a project's courses
import { createCourseEndpoint, listCoursesEndpoint } from "@/lib/authoring/courses/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createCourseEndpoint);
export const GET = authoringRoute(listCoursesEndpoint);
