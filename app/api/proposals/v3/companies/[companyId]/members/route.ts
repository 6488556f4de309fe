// GET /v3/companies/{companyId}/members: members and open invitations; POST: add an existing user
import { addCompanyMemberEndpoint, listCompanyMembersEndpoint } from "@/lib/proposals/members/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listCompanyMembersEndpoint);
export const POST = proposalsRoute(addCompanyMemberEndpoint);
