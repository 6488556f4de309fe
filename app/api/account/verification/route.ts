// POST /api/account/verification: mail the caller a new verification link
import { resendVerificationEndpoint } from "@/lib/accounts/endpoints";
import { appRoute } from "@/lib/app/route";

export const dynamic = "force-dynamic";
export const POST = appRoute(resendVerificationEndpoint);
