// POST /api/workspaces: create a team workspace (the caller is its admin)
import { appRoute } from "@/lib/app/route";
import { createWorkspaceEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const POST = appRoute(createWorkspaceEndpoint);
