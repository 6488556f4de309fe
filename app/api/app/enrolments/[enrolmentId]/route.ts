// GET /api/app/enrolments/{enrolmentId}: one enrolment you manage
import { appRoute } from "@/lib/app/route";
import { getEnrolmentEndpoint } from "@/lib/enrolments/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getEnrolmentEndpoint);
