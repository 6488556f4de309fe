// GET /api/learn/lessons/{lessonId}: a lesson to read, answers hidden
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { getLearnLessonEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, getLearnLessonEndpoint);
