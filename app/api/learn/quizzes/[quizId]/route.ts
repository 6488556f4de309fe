// GET /api/learn/quizzes/{quizId}: a quiz to take, without answers
import { routeHandler } from "@/lib/api/endpoint";
import { appService } from "@/lib/api/services";
import { getLearnQuizEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, getLearnQuizEndpoint);
