// POST /api/account/password-reset/confirm: set a new password with a reset link's token
import { resetPasswordEndpoint } from "@/lib/accounts/endpoints";
import { appRoute } from "@/lib/app/route";

export const dynamic = "force-dynamic";
export const POST = appRoute(resetPasswordEndpoint);
