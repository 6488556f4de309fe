// GET /api/app/certificates/{certificateId}/pdf: the certificate's stored PDF
import { appRoute } from "@/lib/app/route";
import { getCertificatePdfEndpoint } from "@/lib/certificates/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getCertificatePdfEndpoint);
