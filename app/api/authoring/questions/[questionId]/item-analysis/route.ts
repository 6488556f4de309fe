// GET /questions/{questionId}/item-analysis: read how a bank question works in every quiz that asks it
import { getQuestionItemAnalysisEndpoint } from "@/lib/authoring/analytics/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getQuestionItemAnalysisEndpoint);
