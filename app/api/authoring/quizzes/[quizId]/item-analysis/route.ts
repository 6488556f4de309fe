// GET /quizzes/{quizId}/item-analysis: read how each question of a quiz works
import { getQuizItemAnalysisEndpoint } from "@/lib/authoring/analytics/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getQuizItemAnalysisEndpoint);
