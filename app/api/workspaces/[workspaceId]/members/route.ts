// GET /api/workspaces/{workspaceId}/members: list members; POST: add an existing user
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { addMemberEndpoint, listMembersEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, listMembersEndpoint);
export const POST = routeHandler(appService, addMemberEndpoint);
