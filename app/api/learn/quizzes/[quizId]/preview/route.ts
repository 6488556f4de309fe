// POST /api/learn/quizzes/{quizId}/preview: score answers without recording an attempt (authors)
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { previewQuizEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, previewQuizEndpoint);
