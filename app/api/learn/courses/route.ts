// GET /api/learn/courses: published courses of your workspaces, with your progress
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { listLearnCoursesEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, listLearnCoursesEndpoint);
