// POST /api/public/proposals/{uuid}/choices: the recipient includes or leaves out options and chooses quantities (no sign-in)
import { appRoute } from "@/lib/app/route";
import { savePublicProposalChoicesEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(savePublicProposalChoicesEndpoint);
