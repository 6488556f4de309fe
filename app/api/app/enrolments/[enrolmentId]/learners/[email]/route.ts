// DELETE /api/app/enrolments/{enrolmentId}/learners/{email}: free the seat of a learner who has not started
import { appRoute } from "@/lib/app/route";
import { removeEnrolmentLearnerEndpoint } from "@/lib/enrolments/endpoints";

export const dynamic = "force-dynamic";
export const DELETE = appRoute(removeEnrolmentLearnerEndpoint);
