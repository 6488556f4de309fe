// POST /projects/{projectId}/courses: create a course
// GET /projects/{projectId}/courses: list a project's courses
import { authoringRoute } from "@/lib/authoring/route";
import { createCourseEndpoint, listCoursesEndpoint } from "@/lib/authoring/courses/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createCourseEndpoint);
export const GET = authoringRoute(listCoursesEndpoint);
