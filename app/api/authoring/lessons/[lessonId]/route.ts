// DELETE /lessons/{lessonId}: delete a lesson
// GET /lessons/{lessonId}: read a lesson
// PATCH /lessons/{lessonId}: rename or move a lesson
import { deleteLessonEndpoint, getLessonEndpoint, updateLessonEndpoint } from "@/lib/authoring/lessons/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteLessonEndpoint);
export const GET = authoringRoute(getLessonEndpoint);
export const PATCH = authoringRoute(updateLessonEndpoint);
