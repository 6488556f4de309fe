// POST /v3/companies/{companyId}/invitations: invite people by email
import { inviteToCompanyEndpoint } from "@/lib/proposals/members/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(inviteToCompanyEndpoint);
