// POST /api/public/proposals/{uuid}/reject: the recipient declines (no sign-in)
import { appService } from "@/lib/api/app-service";
import { routeHandler } from "@/lib/api/route-handler";
import { rejectPublicProposalEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, rejectPublicProposalEndpoint);
