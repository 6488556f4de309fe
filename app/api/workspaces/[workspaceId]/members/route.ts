// GET /api/workspaces/{workspaceId}/members: list members; POST: add an existing user
import { appRoute } from "@/lib/app/route";
import { addMemberEndpoint, listMembersEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const GET = appRoute(listMembersEndpoint);
export const POST = appRoute(addMemberEndpoint);
