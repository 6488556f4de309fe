// POST /v3/companies/{companyId}/invitations/{invitationId}/resend: send an invitation again with a new link
import { resendCompanyInvitationEndpoint } from "@/lib/proposals/members/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(resendCompanyInvitationEndpoint);
