// GET /api/app/enrolments: the enrolments you manage
import { appRoute } from "@/lib/app/route";
import { listMyEnrolmentsEndpoint } from "@/lib/enrolments/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(listMyEnrolmentsEndpoint);
