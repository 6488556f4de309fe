// DELETE /question-families/{familyId}: delete a question family
// GET /question-families/{familyId}: read a question family with its questions
// PATCH /question-families/{familyId}: update a question family
import {
  deleteQuestionFamilyEndpoint,
  getQuestionFamilyEndpoint,
  updateQuestionFamilyEndpoint,
} from "@/lib/authoring/question-families/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteQuestionFamilyEndpoint);
export const GET = authoringRoute(getQuestionFamilyEndpoint);
export const PATCH = authoringRoute(updateQuestionFamilyEndpoint);
