// POST /api/learn/lessons/{lessonId}/complete: mark a lesson complete
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { completeLessonEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, completeLessonEndpoint);
