// POST /api/app/enrolments/{enrolmentId}/managers: add a learning manager
import { appRoute } from "@/lib/app/route";
import { addEnrolmentManagerEndpoint } from "@/lib/enrolments/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(addEnrolmentManagerEndpoint);
