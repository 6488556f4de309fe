// GET /api/learn/courses/{courseId}: a published course's outline with your progress
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { getLearnCourseEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, getLearnCourseEndpoint);
