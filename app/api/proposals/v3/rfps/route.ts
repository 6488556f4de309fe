// GET /v3/rfps: list requests for proposal
import { listRfpsEndpoint } from "@/lib/proposals/rfps/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listRfpsEndpoint);
