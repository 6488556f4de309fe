// GET /api/learn/courses/{courseId}: a published course's outline with your progress
import { appRoute } from "@/lib/app/route";
import { getLearnCourseEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getLearnCourseEndpoint);
