// POST /api/app/certificates/{certificateId}/revoke: revoke a certificate, with a reason
import { appRoute } from "@/lib/app/route";
import { revokeCertificateEndpoint } from "@/lib/certificates/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(revokeCertificateEndpoint);
