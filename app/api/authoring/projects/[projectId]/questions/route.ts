// POST /projects/{projectId}/questions: create a question
// GET /projects/{projectId}/questions: list questions
import { authoringRoute } from "@/lib/authoring/route";
import { createQuestionEndpoint, listQuestionsEndpoint } from "@/lib/authoring/questions/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createQuestionEndpoint);
export const GET = authoringRoute(listQuestionsEndpoint);
