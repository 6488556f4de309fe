// POST /projects/{projectId}/quizzes: create a quiz
// GET /projects/{projectId}/quizzes: list quizzes
import { createQuizEndpoint, listQuizzesEndpoint } from "@/lib/authoring/quizzes/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createQuizEndpoint);
export const GET = authoringRoute(listQuizzesEndpoint);
