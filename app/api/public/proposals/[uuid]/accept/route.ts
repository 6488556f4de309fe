// POST /api/public/proposals/{uuid}/accept: the recipient accepts, signing with their typed name (no sign-in)
import { appService } from "@/lib/api/app-service";
import { routeHandler } from "@/lib/api/route-handler";
import { acceptPublicProposalEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, acceptPublicProposalEndpoint);
