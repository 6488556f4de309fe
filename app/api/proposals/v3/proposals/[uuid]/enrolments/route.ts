// GET /v3/proposals/{uuid}/enrolments: the seats an accepted proposal sold
import { listProposalEnrolmentsEndpoint } from "@/lib/proposals/enrolments/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listProposalEnrolmentsEndpoint);
