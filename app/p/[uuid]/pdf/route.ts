// GET /p/{uuid}/pdf: the proposal's PDF beside its page, the same endpoint as /api/public/proposals/{uuid}/pdf
import { appRoute } from "@/lib/app/route";
import { getPublicProposalPdfEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getPublicProposalPdfEndpoint);
