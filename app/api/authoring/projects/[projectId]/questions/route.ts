// POST /projects/{projectId}/questions: create a question
// GET /projects/{projectId}/questions: list questions
import { createQuestionEndpoint, listQuestionsEndpoint } from "@/lib/authoring/questions/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createQuestionEndpoint);
export const GET = authoringRoute(listQuestionsEndpoint);
