// GET /api/learn/quizzes/{quizId}: a quiz to take, without answers
import { appRoute } from "@/lib/app/route";
import { getLearnQuizEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getLearnQuizEndpoint);
