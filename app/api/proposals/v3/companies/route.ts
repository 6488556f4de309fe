// GET /v3/companies: list the companies you are a member of
import { listCompaniesEndpoint } from "@/lib/proposals/companies/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listCompaniesEndpoint);
