// POST /quizzes/{quizId}/submit: submit a quiz attempt
import { submitQuizEndpoint } from "@/lib/authoring/quizzes/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(submitQuizEndpoint);
