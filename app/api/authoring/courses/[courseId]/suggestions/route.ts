// GET /courses/{courseId}/suggestions: list a course's suggested edits
import { listSuggestionsEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listSuggestionsEndpoint);
