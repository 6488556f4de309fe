// POST /api/learn/quizzes/{quizId}/preview: score answers without recording an attempt (authors)
import { appRoute } from "@/lib/app/route";
import { previewQuizEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(previewQuizEndpoint);
