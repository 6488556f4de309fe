// POST /api/invitations/{token}/accept-with-sign-up: create the invited account and accept, in one step
import { appRoute } from "@/lib/app/route";
import { acceptInvitationWithSignUpEndpoint } from "@/lib/invitations/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(acceptInvitationWithSignUpEndpoint);
