// GET /api/workspaces/{workspaceId}/invitations: list open invitations; POST: invite people by email
import { appRoute } from "@/lib/app/route";
import { inviteToWorkspaceEndpoint, listWorkspaceInvitationsEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const GET = appRoute(listWorkspaceInvitationsEndpoint);
export const POST = appRoute(inviteToWorkspaceEndpoint);
