// PATCH /v3/companies/{companyId}/members/{userId}: change a role; DELETE: remove the member
import { removeCompanyMemberEndpoint, updateCompanyMemberEndpoint } from "@/lib/proposals/members/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const PATCH = proposalsRoute(updateCompanyMemberEndpoint);
export const DELETE = proposalsRoute(removeCompanyMemberEndpoint);
