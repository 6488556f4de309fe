// DELETE /api/workspaces/{workspaceId}/invitations/{invitationId}: withdraw an invitation
import { appRoute } from "@/lib/app/route";
import { revokeWorkspaceInvitationEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const DELETE = appRoute(revokeWorkspaceInvitationEndpoint);
