// GET /workspaces: list your workspaces
import { authoringRoute } from "@/lib/authoring/route";
import { listWorkspacesEndpoint } from "@/lib/authoring/projects/endpoints";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listWorkspacesEndpoint);
