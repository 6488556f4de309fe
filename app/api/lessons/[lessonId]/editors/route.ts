// GET /api/lessons/{lessonId}/editors: the other sessions that saved in a lesson in the last few minutes
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { listLessonEditorsEndpoint } from "@/lib/audit/lesson-editors";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, listLessonEditorsEndpoint);
