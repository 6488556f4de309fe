// POST /api/workspaces: create a team workspace (the caller is its admin)
import { routeHandler } from "@/lib/api/endpoint";
import { appService } from "@/lib/api/services";
import { createWorkspaceEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, createWorkspaceEndpoint);
