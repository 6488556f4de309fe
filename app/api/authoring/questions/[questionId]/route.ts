// DELETE /questions/{questionId}: delete a question
// GET /questions/{questionId}: read a question
// PATCH /questions/{questionId}: update a question
import { authoringRoute } from "@/lib/authoring/route";
import { deleteQuestionEndpoint, getQuestionEndpoint, updateQuestionEndpoint } from "@/lib/authoring/questions/endpoints";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteQuestionEndpoint);
export const GET = authoringRoute(getQuestionEndpoint);
export const PATCH = authoringRoute(updateQuestionEndpoint);
