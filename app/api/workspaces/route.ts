// POST /api/workspaces: create a team workspace (the caller is its admin)
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { createWorkspaceEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, createWorkspaceEndpoint);
