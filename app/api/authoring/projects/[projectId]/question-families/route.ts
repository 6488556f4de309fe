// POST /projects/{projectId}/question-families: create a question family
// GET /projects/{projectId}/question-families: list question families
import { createQuestionFamilyEndpoint, listQuestionFamiliesEndpoint } from "@/lib/authoring/question-families/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createQuestionFamilyEndpoint);
export const GET = authoringRoute(listQuestionFamiliesEndpoint);
