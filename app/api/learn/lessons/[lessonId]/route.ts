// GET /api/learn/lessons/{lessonId}: a lesson to read, answers hidden
import { appRoute } from "@/lib/app/route";
import { getLearnLessonEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getLearnLessonEndpoint);
