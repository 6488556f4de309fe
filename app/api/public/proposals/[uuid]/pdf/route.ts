// GET /api/public/proposals/{uuid}/pdf: the proposal's PDF for its recipient (no sign-in)
import { appRoute } from "@/lib/app/route";
import { getPublicProposalPdfEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getPublicProposalPdfEndpoint);
