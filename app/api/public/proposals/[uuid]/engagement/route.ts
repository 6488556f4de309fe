// POST /api/public/proposals/{uuid}/engagement: the customer's page reports how long each block was on screen (no sign-in)
import { appRoute } from "@/lib/app/route";
import { skipMemberPreview } from "@/lib/proposals/engagement/member-preview";
import { recordPublicProposalEngagementEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(recordPublicProposalEngagementEndpoint, { before: skipMemberPreview });
