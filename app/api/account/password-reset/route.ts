// POST /api/account/password-reset: mail a reset link, answering the same for any address
import { requestPasswordResetEndpoint } from "@/lib/accounts/endpoints";
import { appRoute } from "@/lib/app/route";

export const dynamic = "force-dynamic";
export const POST = appRoute(requestPasswordResetEndpoint);
