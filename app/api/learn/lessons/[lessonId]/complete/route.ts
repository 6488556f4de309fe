// POST /api/learn/lessons/{lessonId}/complete: mark a lesson complete
// DELETE /api/learn/lessons/{lessonId}/complete: mark it as not complete again
import { appRoute } from "@/lib/app/route";
import { completeLessonEndpoint, uncompleteLessonEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(completeLessonEndpoint);
export const DELETE = appRoute(uncompleteLessonEndpoint);
