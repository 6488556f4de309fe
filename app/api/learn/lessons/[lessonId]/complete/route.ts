// POST /api/learn/lessons/{lessonId}/complete: mark a lesson complete
// DELETE /api/learn/lessons/{lessonId}/complete: mark it as not complete again
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { completeLessonEndpoint, uncompleteLessonEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, completeLessonEndpoint);
export const DELETE = routeHandler(appService, uncompleteLessonEndpoint);
