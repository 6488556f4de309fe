// POST /api/public/proposals/{uuid}/accept: the recipient accepts, signing with their typed name (no sign-in)
import { appRoute } from "@/lib/app/route";
import { acceptPublicProposalEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(acceptPublicProposalEndpoint);
