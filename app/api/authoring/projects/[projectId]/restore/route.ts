// POST /projects/{projectId}/restore: restore a deleted project
import { restoreProjectEndpoint } from "@/lib/authoring/projects/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(restoreProjectEndpoint);
