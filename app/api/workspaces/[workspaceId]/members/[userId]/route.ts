// PATCH /api/workspaces/{workspaceId}/members/{userId}: change a role; DELETE: remove the member
import { appRoute } from "@/lib/app/route";
import { removeMemberEndpoint, updateMemberEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const PATCH = appRoute(updateMemberEndpoint);
export const DELETE = appRoute(removeMemberEndpoint);
