// GET /courses/{courseId}/comments: list a course's comment threads
import { listCommentsEndpoint } from "@/lib/authoring/review/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listCommentsEndpoint);
