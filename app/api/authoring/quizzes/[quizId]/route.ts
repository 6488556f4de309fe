// DELETE /quizzes/{quizId}: delete a quiz
// GET /quizzes/{quizId}: read a quiz with its questions
// PATCH /quizzes/{quizId}: update a quiz
import { deleteQuizEndpoint, getQuizEndpoint, updateQuizEndpoint } from "@/lib/authoring/quizzes/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteQuizEndpoint);
export const GET = authoringRoute(getQuizEndpoint);
export const PATCH = authoringRoute(updateQuizEndpoint);
