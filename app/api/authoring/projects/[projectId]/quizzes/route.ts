// POST /projects/{projectId}/quizzes: create a quiz
// GET /projects/{projectId}/quizzes: list quizzes
import { authoringRoute } from "@/lib/authoring/route";
import { createQuizEndpoint, listQuizzesEndpoint } from "@/lib/authoring/quizzes/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createQuizEndpoint);
export const GET = authoringRoute(listQuizzesEndpoint);
