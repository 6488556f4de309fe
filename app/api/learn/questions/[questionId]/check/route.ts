// POST /api/learn/questions/{questionId}/check: instant feedback on a practice question
import { appRoute } from "@/lib/app/route";
import { checkAnswerEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(checkAnswerEndpoint);
