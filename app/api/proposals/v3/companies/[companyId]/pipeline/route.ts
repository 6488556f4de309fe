// GET /v3/companies/{companyId}/pipeline: a company's sales pipeline by week or month
import { getPipelineEndpoint } from "@/lib/proposals/pipeline/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(getPipelineEndpoint);
