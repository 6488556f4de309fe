// POST /projects/{projectId}/restore: restore a deleted project
import { authoringRoute } from "@/lib/authoring/route";
import { restoreProjectEndpoint } from "@/lib/authoring/projects/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(restoreProjectEndpoint);
