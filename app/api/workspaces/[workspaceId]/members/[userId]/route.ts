// PATCH /api/workspaces/{workspaceId}/members/{userId}: change a role; DELETE: remove the member
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { removeMemberEndpoint, updateMemberEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const PATCH = routeHandler(appService, updateMemberEndpoint);
export const DELETE = routeHandler(appService, removeMemberEndpoint);
