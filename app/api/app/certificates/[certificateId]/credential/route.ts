// GET /api/app/certificates/{certificateId}/credential: the Open Badges 3.0 credential (VC-JWT)
import { appRoute } from "@/lib/app/route";
import { getCertificateCredentialEndpoint } from "@/lib/certificates/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getCertificateCredentialEndpoint);
