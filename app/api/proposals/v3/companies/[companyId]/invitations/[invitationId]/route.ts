// DELETE /v3/companies/{companyId}/invitations/{invitationId}: withdraw an invitation
import { revokeCompanyInvitationEndpoint } from "@/lib/proposals/members/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const DELETE = proposalsRoute(revokeCompanyInvitationEndpoint);
