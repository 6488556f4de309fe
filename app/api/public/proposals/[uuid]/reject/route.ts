// POST /api/public/proposals/{uuid}/reject: the recipient declines (no sign-in)
import { appRoute } from "@/lib/app/route";
import { rejectPublicProposalEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(rejectPublicProposalEndpoint);
