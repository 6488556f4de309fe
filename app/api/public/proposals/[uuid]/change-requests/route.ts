// POST /api/public/proposals/{uuid}/change-requests: the recipient asks for changes, with a message (no sign-in)
import { appRoute } from "@/lib/app/route";
import { requestPublicProposalChangesEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(requestPublicProposalChangesEndpoint);
