// POST /api/app/enrolments/{enrolmentId}/invitations: invite learners, each taking a seat
import { appRoute } from "@/lib/app/route";
import { inviteLearnersEndpoint } from "@/lib/enrolments/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(inviteLearnersEndpoint);
