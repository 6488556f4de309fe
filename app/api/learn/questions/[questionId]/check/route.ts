// POST /api/learn/questions/{questionId}/check: instant feedback on a practice question
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { checkAnswerEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, checkAnswerEndpoint);
