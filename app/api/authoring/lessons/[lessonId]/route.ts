// DELETE /lessons/{lessonId}: delete a lesson
// GET /lessons/{lessonId}: read a lesson
// PATCH /lessons/{lessonId}: rename or move a lesson
import { authoringRoute } from "@/lib/authoring/route";
import { deleteLessonEndpoint, getLessonEndpoint, updateLessonEndpoint } from "@/lib/authoring/lessons/endpoints";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteLessonEndpoint);
export const GET = authoringRoute(getLessonEndpoint);
export const PATCH = authoringRoute(updateLessonEndpoint);
