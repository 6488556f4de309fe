// GET /api/app/enrolments/{enrolmentId}/learners: each seat's learner and their progress, JSON or CSV
import { appRoute } from "@/lib/app/route";
import { listEnrolmentLearnersEndpoint } from "@/lib/enrolments/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(listEnrolmentLearnersEndpoint);
