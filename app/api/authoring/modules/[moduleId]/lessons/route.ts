// POST /modules/{moduleId}/lessons: create a lesson
// GET /modules/{moduleId}/lessons: list a module's lessons
import { createLessonEndpoint, listLessonsEndpoint } from "@/lib/authoring/lessons/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createLessonEndpoint);
export const GET = authoringRoute(listLessonsEndpoint);
