// POST /api/invitations/{token}/accept: accept an invitation as the signed-in user
import { appRoute } from "@/lib/app/route";
import { acceptInvitationEndpoint } from "@/lib/invitations/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(acceptInvitationEndpoint);
