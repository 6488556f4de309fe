// POST /quizzes/{quizId}/submit: submit a quiz attempt
import { authoringRoute } from "@/lib/authoring/route";
import { submitQuizEndpoint } from "@/lib/authoring/quizzes/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(submitQuizEndpoint);
