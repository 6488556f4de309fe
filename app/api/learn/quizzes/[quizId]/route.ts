// GET /api/learn/quizzes/{quizId}: a quiz to take, without answers
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { getLearnQuizEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, getLearnQuizEndpoint);
