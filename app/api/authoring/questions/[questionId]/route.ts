// DELETE /questions/{questionId}: delete a question
// GET /questions/{questionId}: read a question
// PATCH /questions/{questionId}: update a question
import { deleteQuestionEndpoint, getQuestionEndpoint, updateQuestionEndpoint } from "@/lib/authoring/questions/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteQuestionEndpoint);
export const GET = authoringRoute(getQuestionEndpoint);
export const PATCH = authoringRoute(updateQuestionEndpoint);
