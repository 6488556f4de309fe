// POST /v3/proposals/{uuid}/template: save as a template
import { saveProposalAsTemplateEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(saveProposalAsTemplateEndpoint);
