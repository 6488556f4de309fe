// GET /v3/companies: list the companies you are a member of
// POST /v3/companies: create a company with you as its first member
import { createCompanyEndpoint, listCompaniesEndpoint } from "@/lib/proposals/companies/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listCompaniesEndpoint);
export const POST = proposalsRoute(createCompanyEndpoint);
