// POST /api/workspaces/{workspaceId}/invitations/{invitationId}/resend: send an invitation again with a new link
import { appRoute } from "@/lib/app/route";
import { resendWorkspaceInvitationEndpoint } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";
export const POST = appRoute(resendWorkspaceInvitationEndpoint);
