// GET /v3/companies/{companyId}/workspace: the workspace whose courses the company sells
// PUT /v3/companies/{companyId}/workspace: choose it (owners who are admins of the workspace)
import { getCompanyWorkspaceEndpoint, setCompanyWorkspaceEndpoint } from "@/lib/proposals/companies/workspace-link";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(getCompanyWorkspaceEndpoint);
export const PUT = proposalsRoute(setCompanyWorkspaceEndpoint);
