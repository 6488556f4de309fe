// GET /api/learn/courses: published courses of your workspaces, with your progress
import { appRoute } from "@/lib/app/route";
import { listLearnCoursesEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(listLearnCoursesEndpoint);
