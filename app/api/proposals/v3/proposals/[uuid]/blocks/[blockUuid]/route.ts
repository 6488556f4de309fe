// PATCH /v3/proposals/{uuid}/blocks/{blockUuid}: customise one block
import { editProposalBlockEndpoint } from "@/lib/proposals/proposals/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const PATCH = proposalsRoute(editProposalBlockEndpoint);
