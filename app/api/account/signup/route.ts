// POST /api/account/signup: create an account, or mail the owner of a known address
import { signUpEndpoint } from "@/lib/accounts/endpoints";
import { appRoute } from "@/lib/app/route";
import { signUpThrottled } from "@/lib/app/throttle-response";

export const dynamic = "force-dynamic";
export const POST = appRoute(signUpEndpoint, { before: signUpThrottled });
