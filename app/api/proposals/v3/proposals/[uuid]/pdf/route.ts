// GET /v3/proposals/{uuid}/pdf: a proposal as a PDF (an accepted one's acceptance record)
import { getProposalPdfEndpoint } from "@/lib/proposals/pdf/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(getProposalPdfEndpoint);
