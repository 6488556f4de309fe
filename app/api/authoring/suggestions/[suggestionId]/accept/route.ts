// POST /suggestions/{suggestionId}/accept: accept a suggested edit
import { acceptSuggestionEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(acceptSuggestionEndpoint);
