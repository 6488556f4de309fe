// GET /api/lessons/{lessonId}/editors: the other sessions that saved in a lesson in the last few minutes
import { appRoute } from "@/lib/app/route";
import { listLessonEditorsEndpoint } from "@/lib/audit/lesson-editors";

export const dynamic = "force-dynamic";
export const GET = appRoute(listLessonEditorsEndpoint);
