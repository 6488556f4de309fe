// GET /api/app/certificates: your certificates of completion
import { appRoute } from "@/lib/app/route";
import { listMyCertificatesEndpoint } from "@/lib/certificates/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(listMyCertificatesEndpoint);
