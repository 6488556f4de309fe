// POST /api/public/verify: is this PDF (or SHA-256) an acceptance record this app issued?
import { appRoute } from "@/lib/app/route";
import { verifyRecordEndpoint } from "@/lib/proposals/public/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(verifyRecordEndpoint);
