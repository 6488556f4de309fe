// POST /suggestions/{suggestionId}/reject: reject a suggested edit
import { rejectSuggestionEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(rejectSuggestionEndpoint);
