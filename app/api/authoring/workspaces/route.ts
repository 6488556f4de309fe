// GET /workspaces: list your workspaces
import { listWorkspacesEndpoint } from "@/lib/authoring/projects/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listWorkspacesEndpoint);
